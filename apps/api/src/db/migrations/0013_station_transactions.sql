ALTER TABLE "station_products" ADD COLUMN "duration_seconds" integer;--> statement-breakpoint
UPDATE "station_products" SET "duration_seconds" = CASE "code" WHEN 'WashBasic' THEN 360 WHEN 'WashStandard' THEN 480 WHEN 'WashPremium' THEN 600 ELSE 480 END WHERE "service" = 'carwash';--> statement-breakpoint
CREATE TABLE "station_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"service" text NOT NULL,
	"station_id" integer NOT NULL,
	"station_name" text NOT NULL,
	"site" text NOT NULL,
	"point" integer NOT NULL,
	"product_id" integer NOT NULL,
	"product_code" text NOT NULL,
	"product_name" text NOT NULL,
	"product_name_en" text,
	"locale" text DEFAULT 'fo' NOT NULL,
	"unit_price" integer NOT NULL,
	"duration_seconds" integer,
	"payment_method_id" uuid,
	"user_voucher_id" uuid,
	"payment_id" uuid,
	"request_key" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request" jsonb NOT NULL,
	"state" text NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	"captured" integer DEFAULT 0 NOT NULL,
	"from_balance" integer DEFAULT 0 NOT NULL,
	"released" integer DEFAULT 0 NOT NULL,
	"volume_ml" integer,
	"amount" integer DEFAULT 0 NOT NULL,
	"connection_lost" boolean DEFAULT false NOT NULL,
	"notify_by_mail" boolean DEFAULT false NOT NULL,
	"deadline" timestamp with time zone,
	"countdown_ends_at" timestamp with time zone,
	"remaining_seconds" integer,
	"error_key" text,
	"sale" jsonb,
	"receipt_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "station_transactions" ADD CONSTRAINT "station_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_transactions" ADD CONSTRAINT "station_transactions_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_transactions" ADD CONSTRAINT "station_transactions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_transactions" ADD CONSTRAINT "station_transactions_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "station_transactions_request_key" ON "station_transactions" USING btree ("user_id","request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "station_transactions_open_per_user" ON "station_transactions" USING btree ("user_id") WHERE "station_transactions"."finished_at" is null and "station_transactions"."state" <> 'stopped';--> statement-breakpoint
CREATE UNIQUE INDEX "station_transactions_open_per_point" ON "station_transactions" USING btree ("station_id","service","point") WHERE "station_transactions"."finished_at" is null;--> statement-breakpoint
CREATE INDEX "station_transactions_open_idx" ON "station_transactions" USING btree ("updated_at") WHERE "station_transactions"."finished_at" is null;--> statement-breakpoint
CREATE INDEX "station_transactions_user_idx" ON "station_transactions" USING btree ("user_id","created_at");
