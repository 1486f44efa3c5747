CREATE TABLE "rate_limits" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_end" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_failures" (
	"account" varchar(64) PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	"last_failure" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limits_window_end" ON "rate_limits" USING btree ("window_end");--> statement-breakpoint
CREATE INDEX "sign_in_failures_last_failure" ON "sign_in_failures" USING btree ("last_failure");