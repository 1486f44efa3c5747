CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_key" varchar(200) NOT NULL,
	"recipient" varchar(254) NOT NULL,
	"subject" varchar(300) NOT NULL,
	"text_body" text,
	"html_body" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_id" uuid,
	"lease_expires_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_sent" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_event_recipient" ON "mail_outbox" USING btree ("event_key","recipient");--> statement-breakpoint
CREATE INDEX "mail_outbox_open" ON "mail_outbox" USING btree ("status","next_attempt_at") WHERE status IN (0, 1, 2);