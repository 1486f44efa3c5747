CREATE TABLE "device_access_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(255) NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation_device_access_groups" (
	"organisation_id" uuid NOT NULL,
	"device_access_group_id" uuid NOT NULL,
	CONSTRAINT "organisation_device_access_groups_organisation_id_device_access_group_id_pk" PRIMARY KEY("organisation_id","device_access_group_id")
);
--> statement-breakpoint
CREATE TABLE "template_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_access_group_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"service" smallint NOT NULL,
	"is_clinical" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" varchar(63) NOT NULL,
	"region_id" uuid NOT NULL,
	"title" varchar(255) NOT NULL,
	"body" text NOT NULL,
	"date_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
ALTER TABLE "device_accesses" ADD COLUMN "device_access_group_id" uuid;--> statement-breakpoint
ALTER TABLE "organisation_device_access_groups" ADD CONSTRAINT "organisation_device_access_groups_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_device_access_groups" ADD CONSTRAINT "organisation_device_access_groups_device_access_group_id_device_access_groups_id_fk" FOREIGN KEY ("device_access_group_id") REFERENCES "public"."device_access_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_devices" ADD CONSTRAINT "template_devices_device_access_group_id_device_access_groups_id_fk" FOREIGN KEY ("device_access_group_id") REFERENCES "public"."device_access_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_devices" ADD CONSTRAINT "template_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_modified_by_id_users_id_fk" FOREIGN KEY ("modified_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "template_devices_unique" ON "template_devices" USING btree ("device_access_group_id","device_id","service");--> statement-breakpoint
CREATE UNIQUE INDEX "pages_slug_region" ON "pages" USING btree ("slug","region_id");--> statement-breakpoint
ALTER TABLE "device_accesses" ADD CONSTRAINT "device_accesses_device_access_group_id_device_access_groups_id_fk" FOREIGN KEY ("device_access_group_id") REFERENCES "public"."device_access_groups"("id") ON DELETE cascade ON UPDATE no action;