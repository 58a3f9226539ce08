ALTER TABLE "charges" ADD COLUMN "energy_rose_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "idle_since" timestamp with time zone;
