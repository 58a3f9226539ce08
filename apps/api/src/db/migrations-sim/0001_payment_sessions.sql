ALTER TABLE "sim_gateway_sessions" ADD COLUMN IF NOT EXISTS "kind" text DEFAULT 'card' NOT NULL;
--> statement-breakpoint
ALTER TABLE "sim_gateway_sessions" ADD COLUMN IF NOT EXISTS "amount" integer;
--> statement-breakpoint
ALTER TABLE "sim_gateway_sessions" ADD COLUMN IF NOT EXISTS "description" text;
--> statement-breakpoint
ALTER TABLE "sim_gateway_sessions" ADD COLUMN IF NOT EXISTS "authorization_id" text;
