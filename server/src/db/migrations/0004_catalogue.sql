CREATE TABLE "degradation_reasons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(255) NOT NULL,
	CONSTRAINT "degradation_reasons_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "device_accesses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"service" smallint NOT NULL,
	"is_clinical" boolean DEFAULT true NOT NULL,
	"trial_id" uuid
);
--> statement-breakpoint
CREATE TABLE "device_services" (
	"device_id" uuid NOT NULL,
	"service" smallint NOT NULL,
	CONSTRAINT "device_services_device_id_service_pk" PRIMARY KEY("device_id","service")
);
--> statement-breakpoint
CREATE TABLE "device_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" uuid NOT NULL,
	"name" varchar(20) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"intervention_id" uuid NOT NULL,
	"name" varchar(150) NOT NULL,
	"manufacturer" varchar(150) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interventions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"prefix" varchar(10) NOT NULL,
	"name" varchar(100) NOT NULL,
	"variant_limit" integer DEFAULT 0 NOT NULL,
	"training_required" boolean DEFAULT false NOT NULL,
	CONSTRAINT "interventions_prefix_unique" UNIQUE("prefix")
);
--> statement-breakpoint
CREATE TABLE "rejection_reasons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(255) NOT NULL,
	CONSTRAINT "rejection_reasons_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "training_records" (
	"training_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"date_completed" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_records_training_id_user_id_pk" PRIMARY KEY("training_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "trainings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"intervention_id" uuid NOT NULL,
	"region_id" uuid,
	"title" varchar(255) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trial_licenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"limit" integer DEFAULT 3 NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_accesses" ADD CONSTRAINT "device_accesses_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_accesses" ADD CONSTRAINT "device_accesses_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_accesses" ADD CONSTRAINT "device_accesses_trial_id_trial_licenses_id_fk" FOREIGN KEY ("trial_id") REFERENCES "public"."trial_licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_services" ADD CONSTRAINT "device_services_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_variants" ADD CONSTRAINT "device_variants_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_intervention_id_interventions_id_fk" FOREIGN KEY ("intervention_id") REFERENCES "public"."interventions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_records" ADD CONSTRAINT "training_records_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_records" ADD CONSTRAINT "training_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_intervention_id_interventions_id_fk" FOREIGN KEY ("intervention_id") REFERENCES "public"."interventions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_licenses" ADD CONSTRAINT "trial_licenses_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_accesses_unique" ON "device_accesses" USING btree ("organisation_id","device_id","service");--> statement-breakpoint
CREATE UNIQUE INDEX "device_variants_device_name" ON "device_variants" USING btree ("device_id","name");--> statement-breakpoint
CREATE INDEX "devices_intervention" ON "devices" USING btree ("intervention_id");--> statement-breakpoint
CREATE INDEX "trainings_intervention" ON "trainings" USING btree ("intervention_id");--> statement-breakpoint
CREATE INDEX "trial_licenses_organisation" ON "trial_licenses" USING btree ("organisation_id");--> statement-breakpoint
-- Until now specialisations named a placeholder device id; they point at real devices from here on
-- (the demo seed re-creates the demo one after the catalogue is seeded).
DELETE FROM "specialisations" WHERE "device_id" NOT IN (SELECT "id" FROM "devices");--> statement-breakpoint
ALTER TABLE "specialisations" ADD CONSTRAINT "specialisations_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;