ALTER TABLE "subscriptions" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "description_en" text;--> statement-breakpoint
ALTER TABLE "voucher_codes" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "user_vouchers" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "station_products" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "beverages" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "card_sessions" ADD COLUMN "failure" text;
