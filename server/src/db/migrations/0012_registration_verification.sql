CREATE TABLE "registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" varchar(254) NOT NULL,
	"password_hash" text NOT NULL,
	"given_name" varchar(150) NOT NULL,
	"middle_name" varchar(30) DEFAULT '' NOT NULL,
	"family_name" varchar(150) NOT NULL,
	"title" varchar(20) DEFAULT '' NOT NULL,
	"phone_number" varchar(150) NOT NULL,
	"organisation_id" uuid,
	"organisation_name" varchar(255) NOT NULL,
	"selector" varchar(32) NOT NULL,
	"verifier_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_at" timestamp with time zone,
	"user_id" uuid,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registrations_selector_unique" UNIQUE("selector")
);
--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registrations_email" ON "registrations" USING btree ("email");--> statement-breakpoint
CREATE INDEX "registrations_user" ON "registrations" USING btree ("user_id");