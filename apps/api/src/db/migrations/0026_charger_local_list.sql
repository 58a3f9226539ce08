ALTER TABLE "chargers" ADD COLUMN "local_list_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chargers" ADD COLUMN "local_list_size" integer;--> statement-breakpoint
ALTER TABLE "chargers" ADD COLUMN "local_list_at" timestamp with time zone;
