ALTER TABLE "food_orders" ADD COLUMN "seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "kitchen_auto_accept" boolean DEFAULT false NOT NULL;
