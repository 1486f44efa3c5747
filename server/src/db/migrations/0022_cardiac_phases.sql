DROP INDEX "study_resources_one_ingest_output";--> statement-breakpoint
ALTER TABLE "study_resources" ADD COLUMN "phase_index" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "study_resources" ADD COLUMN "phase_label" varchar(40);--> statement-breakpoint
ALTER TABLE "study_resources" ADD COLUMN "phase_percent" real;--> statement-breakpoint
ALTER TABLE "study_resources" ADD COLUMN "phase_trigger_time_ms" real;--> statement-breakpoint
ALTER TABLE "study_resources" ADD COLUMN "is_default_phase" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "landmarks" ADD COLUMN "phase_id" uuid;--> statement-breakpoint
ALTER TABLE "landmarks" ADD CONSTRAINT "landmarks_phase_id_study_resources_id_fk" FOREIGN KEY ("phase_id") REFERENCES "public"."study_resources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "study_resources_one_default_phase" ON "study_resources" USING btree ("study_id") WHERE type = 2 and is_default_phase;--> statement-breakpoint
CREATE UNIQUE INDEX "study_resources_one_ingest_output" ON "study_resources" USING btree ("study_id","type","phase_index") WHERE type in (1, 2);