CREATE TABLE "beverage_machines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"station_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "beverage_machines" ADD CONSTRAINT "beverage_machines_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "beverage_fills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hash" text NOT NULL,
	"machine_id" uuid NOT NULL,
	"beverage_family" text NOT NULL,
	"name" text NOT NULL,
	"price" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"user_id" uuid,
	"kind" text,
	"user_subscription_id" uuid,
	"payment_id" uuid,
	"receipt_id" uuid,
	"error_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"poured_at" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "beverage_fills" ADD CONSTRAINT "beverage_fills_machine_id_beverage_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."beverage_machines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beverage_fills" ADD CONSTRAINT "beverage_fills_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beverage_fills" ADD CONSTRAINT "beverage_fills_user_subscription_id_user_subscriptions_id_fk" FOREIGN KEY ("user_subscription_id") REFERENCES "public"."user_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beverage_fills" ADD CONSTRAINT "beverage_fills_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beverage_fills" ADD CONSTRAINT "beverage_fills_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "beverage_fills_hash" ON "beverage_fills" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "beverage_fills_user_idx" ON "beverage_fills" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE INDEX "beverage_fills_machine_idx" ON "beverage_fills" USING btree ("machine_id","created_at");--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "fair_use_minutes" integer;--> statement-breakpoint
UPDATE "subscriptions" SET "fair_use_minutes" = 10 WHERE "type" = 'BEVERAGE';
