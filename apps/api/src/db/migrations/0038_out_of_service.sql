ALTER TABLE "station_points" ADD COLUMN "out_of_service_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "kitchen_paused_at" timestamp with time zone;
