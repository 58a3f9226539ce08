ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('operator', 'support', 'finance', 'station', 'kitchen'));--> statement-breakpoint
ALTER TABLE "owner_payouts" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "owner_payouts" ADD COLUMN "approved_by" uuid REFERENCES "users"("id") ON DELETE SET NULL;
