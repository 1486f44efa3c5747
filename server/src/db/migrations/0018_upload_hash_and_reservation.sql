ALTER TABLE "input_data" ADD COLUMN "declared_size" bigint;--> statement-breakpoint
ALTER TABLE "input_data" ADD COLUMN "sha256" varchar(64);