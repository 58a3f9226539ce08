ALTER TABLE "chargers" ADD COLUMN "start_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chargers" ADD COLUMN "idle_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chargers" ADD COLUMN "idle_grace_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "start_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "idle_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "idle_grace_minutes" integer DEFAULT 0 NOT NULL;
