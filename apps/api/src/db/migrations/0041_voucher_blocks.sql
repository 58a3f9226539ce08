ALTER TABLE "voucher_codes" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_vouchers" ADD COLUMN "blocked_at" timestamp with time zone;
