ALTER TABLE "charges" ALTER COLUMN "meter_start" TYPE numeric(16, 3);--> statement-breakpoint
ALTER TABLE "charges" ALTER COLUMN "meter_last" TYPE numeric(16, 3);--> statement-breakpoint
ALTER TABLE "charges" ALTER COLUMN "energy_wh" TYPE numeric(16, 3);--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "remote_start_id" integer;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "owner_credits" ALTER COLUMN "energy_wh" TYPE numeric(16, 3);--> statement-breakpoint
CREATE INDEX "charges_remote_start_idx" ON "charges" USING btree ("charger_id","remote_start_id") WHERE "charges"."finished_at" is null and "charges"."remote_start_id" is not null;--> statement-breakpoint
CREATE TABLE "charger_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"charger_id" uuid NOT NULL,
	"transaction_id" text NOT NULL,
	"connector_id" integer,
	"id_tag" text,
	"remote_start_id" integer,
	"charge_id" uuid,
	"billing" text DEFAULT 'pending' NOT NULL,
	"meter_start" numeric(16, 3),
	"meter_last" numeric(16, 3),
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"stop_reason" text,
	"stop_requested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "charger_transactions" ADD CONSTRAINT "charger_transactions_charger_id_chargers_id_fk" FOREIGN KEY ("charger_id") REFERENCES "public"."chargers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charger_transactions" ADD CONSTRAINT "charger_transactions_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "charger_transactions_tx" ON "charger_transactions" USING btree ("charger_id","transaction_id");--> statement-breakpoint
CREATE INDEX "charger_transactions_unbilled_idx" ON "charger_transactions" USING btree ("updated_at") WHERE "charger_transactions"."billing" <> 'billed';--> statement-breakpoint
CREATE TABLE "charger_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"charger_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"type" text NOT NULL,
	"detail" jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "charger_notices" ADD CONSTRAINT "charger_notices_charger_id_chargers_id_fk" FOREIGN KEY ("charger_id") REFERENCES "public"."chargers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charger_notices_charger_idx" ON "charger_notices" USING btree ("charger_id","at");
--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_payment" ON "receipts" USING btree ("payment_id") WHERE "receipts"."payment_id" is not null;
