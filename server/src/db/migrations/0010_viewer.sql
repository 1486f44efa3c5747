CREATE TABLE "analyses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"study_id" uuid NOT NULL,
	"type" smallint NOT NULL,
	"name" varchar(200) DEFAULT '' NOT NULL,
	"order_id" uuid,
	"is_preliminary" boolean DEFAULT false NOT NULL,
	"results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by_id" uuid,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analysis_resources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"analysis_id" uuid NOT NULL,
	"type" smallint NOT NULL,
	"name" varchar(200) NOT NULL,
	"filename" varchar(255) NOT NULL,
	"mime_type" varchar(200) NOT NULL,
	"storage_key" text NOT NULL,
	"size" bigint,
	"upload_successful" boolean DEFAULT false NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"source_version" varchar(50) DEFAULT '' NOT NULL,
	"source_client" varchar(50) DEFAULT '' NOT NULL,
	"created_by_id" uuid,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "landmark_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(120) NOT NULL,
	"kind" smallint NOT NULL,
	"geometry_type" smallint NOT NULL,
	"view_type" smallint NOT NULL,
	"intervention_id" uuid,
	"color" varchar(20) NOT NULL,
	"order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "landmarks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"analysis_id" uuid NOT NULL,
	"landmark_type_id" uuid,
	"name" varchar(120) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"geometry_type" smallint NOT NULL,
	"view_type" smallint NOT NULL,
	"points" jsonb NOT NULL,
	"normal" jsonb,
	"centroid" jsonb,
	"reslice_rotation" jsonb,
	"reslice_center" jsonb,
	"measurements" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"color" varchar(20),
	"source_client" varchar(50) DEFAULT '' NOT NULL,
	"source_version" varchar(50) DEFAULT '' NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL,
	"created_by_id" uuid NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "viewer_configs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"study_id" uuid NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"comments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "viewer_configs_study_id_unique" UNIQUE("study_id")
);
--> statement-breakpoint
CREATE TABLE "visualisation_objects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"visualisation_id" uuid NOT NULL,
	"study_id" uuid NOT NULL,
	"analysis_resource_id" uuid,
	"name" varchar(200) NOT NULL,
	"color" varchar(20) DEFAULT '#d9534f' NOT NULL,
	"opacity" real DEFAULT 1 NOT NULL,
	"max_opacity" real DEFAULT 1 NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL,
	"is_double_sided" boolean DEFAULT false NOT NULL,
	"is_editable" boolean DEFAULT true NOT NULL,
	"render_order" integer DEFAULT 0 NOT NULL,
	"has_depth_test_enabled" boolean DEFAULT true NOT NULL,
	"has_flat_shading_enabled" boolean DEFAULT false NOT NULL,
	"is_affected_by_lighting" boolean DEFAULT true NOT NULL,
	"object_order" integer DEFAULT 0 NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visualisations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"study_id" uuid NOT NULL,
	"analysis_id" uuid,
	"name" varchar(200) DEFAULT '' NOT NULL,
	"opacity" real DEFAULT 1 NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_study_id_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."studies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_resources" ADD CONSTRAINT "analysis_resources_analysis_id_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_resources" ADD CONSTRAINT "analysis_resources_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landmark_types" ADD CONSTRAINT "landmark_types_intervention_id_interventions_id_fk" FOREIGN KEY ("intervention_id") REFERENCES "public"."interventions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landmarks" ADD CONSTRAINT "landmarks_analysis_id_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landmarks" ADD CONSTRAINT "landmarks_landmark_type_id_landmark_types_id_fk" FOREIGN KEY ("landmark_type_id") REFERENCES "public"."landmark_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landmarks" ADD CONSTRAINT "landmarks_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewer_configs" ADD CONSTRAINT "viewer_configs_study_id_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."studies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visualisation_objects" ADD CONSTRAINT "visualisation_objects_visualisation_id_visualisations_id_fk" FOREIGN KEY ("visualisation_id") REFERENCES "public"."visualisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visualisation_objects" ADD CONSTRAINT "visualisation_objects_study_id_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."studies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visualisation_objects" ADD CONSTRAINT "visualisation_objects_analysis_resource_id_analysis_resources_id_fk" FOREIGN KEY ("analysis_resource_id") REFERENCES "public"."analysis_resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visualisations" ADD CONSTRAINT "visualisations_study_id_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."studies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visualisations" ADD CONSTRAINT "visualisations_analysis_id_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analyses_study" ON "analyses" USING btree ("study_id","date_created");--> statement-breakpoint
CREATE UNIQUE INDEX "analyses_one_preliminary" ON "analyses" USING btree ("study_id") WHERE is_preliminary;--> statement-breakpoint
CREATE INDEX "analysis_resources_analysis" ON "analysis_resources" USING btree ("analysis_id","type");--> statement-breakpoint
CREATE INDEX "landmarks_analysis" ON "landmarks" USING btree ("analysis_id","date_created");--> statement-breakpoint
CREATE INDEX "visualisation_objects_visualisation" ON "visualisation_objects" USING btree ("visualisation_id","object_order");--> statement-breakpoint
CREATE INDEX "visualisations_study" ON "visualisations" USING btree ("study_id","order");