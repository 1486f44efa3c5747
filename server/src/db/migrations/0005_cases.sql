CREATE TABLE "case_identifier_counters" (
	"organisation_id" uuid NOT NULL,
	"intervention_id" uuid NOT NULL,
	"last_value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "case_identifier_counters_organisation_id_intervention_id_pk" PRIMARY KEY("organisation_id","intervention_id")
);
--> statement-breakpoint
CREATE TABLE "cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_identifier" varchar(40) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"organisation_id" uuid NOT NULL,
	"intervention_id" uuid NOT NULL,
	"created_by_id" uuid NOT NULL,
	"case_responsible_id" uuid,
	"trial_id" uuid,
	"is_research" boolean DEFAULT false NOT NULL,
	"is_prospective" boolean DEFAULT true NOT NULL,
	"allow_data_processing" boolean DEFAULT true NOT NULL,
	"patient_identifier" varchar(100) NOT NULL,
	"patient_age" smallint NOT NULL,
	"patient_sex" varchar(1) NOT NULL,
	"has_updated_patient_identifier" boolean DEFAULT false NOT NULL,
	"physician_comment" text DEFAULT '' NOT NULL,
	"analyst_comment" text DEFAULT '' NOT NULL,
	"rejection_reason_id" uuid,
	"imaging_date" timestamp with time zone,
	"intervention_datetime" timestamp with time zone,
	"expected_delivery_datetime" timestamp with time zone,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_submitted" timestamp with time zone,
	"date_completed" timestamp with time zone,
	"date_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "degradations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"reason_id" uuid,
	"remark" text NOT NULL,
	"created_by_id" uuid,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"is_obsoleted" boolean DEFAULT false NOT NULL,
	"created_by_id" uuid,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_device_variants" (
	"order_id" uuid NOT NULL,
	"device_variant_id" uuid NOT NULL,
	CONSTRAINT "order_device_variants_order_id_device_variant_id_pk" PRIMARY KEY("order_id","device_variant_id")
);
--> statement-breakpoint
CREATE TABLE "order_devices" (
	"order_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_devices_order_id_device_id_pk" PRIMARY KEY("order_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"service" smallint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"is_initial" boolean DEFAULT false NOT NULL,
	"is_clinical" boolean DEFAULT true NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shared_cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"user_id" uuid,
	"email" varchar(254) NOT NULL,
	"shared_by_id" uuid NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "case_identifier_counters" ADD CONSTRAINT "case_identifier_counters_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_identifier_counters" ADD CONSTRAINT "case_identifier_counters_intervention_id_interventions_id_fk" FOREIGN KEY ("intervention_id") REFERENCES "public"."interventions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_intervention_id_interventions_id_fk" FOREIGN KEY ("intervention_id") REFERENCES "public"."interventions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_case_responsible_id_users_id_fk" FOREIGN KEY ("case_responsible_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_trial_id_trial_licenses_id_fk" FOREIGN KEY ("trial_id") REFERENCES "public"."trial_licenses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_rejection_reason_id_rejection_reasons_id_fk" FOREIGN KEY ("rejection_reason_id") REFERENCES "public"."rejection_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "degradations" ADD CONSTRAINT "degradations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "degradations" ADD CONSTRAINT "degradations_reason_id_degradation_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."degradation_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "degradations" ADD CONSTRAINT "degradations_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_device_variants" ADD CONSTRAINT "order_device_variants_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_device_variants" ADD CONSTRAINT "order_device_variants_device_variant_id_device_variants_id_fk" FOREIGN KEY ("device_variant_id") REFERENCES "public"."device_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_devices" ADD CONSTRAINT "order_devices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_devices" ADD CONSTRAINT "order_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_cases" ADD CONSTRAINT "shared_cases_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_cases" ADD CONSTRAINT "shared_cases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_cases" ADD CONSTRAINT "shared_cases_shared_by_id_users_id_fk" FOREIGN KEY ("shared_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cases_case_identifier" ON "cases" USING btree ("case_identifier");--> statement-breakpoint
CREATE INDEX "cases_organisation_created" ON "cases" USING btree ("organisation_id","date_created" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "cases_created" ON "cases" USING btree ("date_created" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "cases_trial" ON "cases" USING btree ("trial_id");--> statement-breakpoint
CREATE UNIQUE INDEX "degradations_order" ON "degradations" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "deliveries_order" ON "deliveries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_case" ON "orders" USING btree ("case_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shared_cases_case_email" ON "shared_cases" USING btree ("case_id","email");--> statement-breakpoint
CREATE INDEX "shared_cases_user" ON "shared_cases" USING btree ("user_id");