CREATE TABLE "input_data" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"name" varchar(200) NOT NULL,
	"filename" varchar(255) NOT NULL,
	"mime_type" varchar(200) NOT NULL,
	"source_version" varchar(50) DEFAULT '' NOT NULL,
	"source_client" varchar(50) DEFAULT '' NOT NULL,
	"storage_key" text NOT NULL,
	"multipart_upload_id" text,
	"size" bigint,
	"upload_successful" boolean DEFAULT false NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"series" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by_id" uuid NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_confirmed" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "job_resources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"ordinal" integer NOT NULL,
	"path" text NOT NULL,
	"bytes" bigint NOT NULL,
	"outcome" varchar(20) NOT NULL,
	"code" varchar(40),
	"reason" text,
	"series_key" text
);
--> statement-breakpoint
CREATE TABLE "job_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(60) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"queue_id" uuid NOT NULL,
	CONSTRAINT "job_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"input_data_id" uuid,
	"job_type_id" uuid NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_id" uuid,
	"heartbeat_at" timestamp with time zone,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"log" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by_id" uuid,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_started" timestamp with time zone,
	"date_finished" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "queues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(60) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "queues_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "studies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "studies_case_id_unique" UNIQUE("case_id")
);
--> statement-breakpoint
CREATE TABLE "study_resources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"study_id" uuid NOT NULL,
	"type" smallint NOT NULL,
	"name" varchar(200) NOT NULL,
	"filename" varchar(255) NOT NULL,
	"mime_type" varchar(200) NOT NULL,
	"storage_key" text NOT NULL,
	"size" bigint,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"source_version" varchar(50) DEFAULT '' NOT NULL,
	"source_client" varchar(50) DEFAULT '' NOT NULL,
	"input_data_id" uuid,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "deid_secret" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "input_data" ADD CONSTRAINT "input_data_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "input_data" ADD CONSTRAINT "input_data_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_resources" ADD CONSTRAINT "job_resources_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_types" ADD CONSTRAINT "job_types_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_input_data_id_input_data_id_fk" FOREIGN KEY ("input_data_id") REFERENCES "public"."input_data"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_job_type_id_job_types_id_fk" FOREIGN KEY ("job_type_id") REFERENCES "public"."job_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studies" ADD CONSTRAINT "studies_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_resources" ADD CONSTRAINT "study_resources_study_id_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."studies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_resources" ADD CONSTRAINT "study_resources_input_data_id_input_data_id_fk" FOREIGN KEY ("input_data_id") REFERENCES "public"."input_data"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "input_data_case" ON "input_data" USING btree ("case_id","date_created");--> statement-breakpoint
CREATE UNIQUE INDEX "job_resources_job_ordinal" ON "job_resources" USING btree ("job_id","ordinal");--> statement-breakpoint
CREATE INDEX "jobs_case" ON "jobs" USING btree ("case_id","date_created" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_status" ON "jobs" USING btree ("status");--> statement-breakpoint
CREATE INDEX "study_resources_study" ON "study_resources" USING btree ("study_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "study_resources_one_ingest_output" ON "study_resources" USING btree ("study_id","type") WHERE type in (1, 2);