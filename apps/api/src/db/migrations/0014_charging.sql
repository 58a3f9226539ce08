CREATE TABLE "installations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"public" boolean DEFAULT true NOT NULL,
	"owner_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "installations" ADD CONSTRAINT "installations_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "chargers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identity" text NOT NULL,
	"password_hash" text,
	"installation_id" uuid NOT NULL,
	"connectors" integer NOT NULL,
	"max_power_kw" double precision NOT NULL,
	"tariff_type" text NOT NULL,
	"tariff_price" integer NOT NULL,
	"protocol" text,
	"vendor" text,
	"model" text,
	"firmware" text,
	"boot_count" integer DEFAULT 0 NOT NULL,
	"last_boot_at" timestamp with time zone,
	"connected" boolean DEFAULT false NOT NULL,
	"node" text,
	"connected_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "chargers" ADD CONSTRAINT "chargers_installation_id_installations_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."installations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chargers_identity" ON "chargers" USING btree ("identity");--> statement-breakpoint
CREATE INDEX "chargers_installation_idx" ON "chargers" USING btree ("installation_id");--> statement-breakpoint
CREATE TABLE "charger_connectors" (
	"charger_id" uuid NOT NULL,
	"connector_id" integer NOT NULL,
	"status" text DEFAULT 'Available' NOT NULL,
	"error_code" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charger_connectors_charger_id_connector_id_pk" PRIMARY KEY("charger_id","connector_id")
);--> statement-breakpoint
ALTER TABLE "charger_connectors" ADD CONSTRAINT "charger_connectors_charger_id_chargers_id_fk" FOREIGN KEY ("charger_id") REFERENCES "public"."chargers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "id_tags" (
	"id_tag" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "id_tags" ADD CONSTRAINT "id_tags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"installation_id" uuid NOT NULL,
	"installation_name" text NOT NULL,
	"charger_id" uuid NOT NULL,
	"connector_id" integer NOT NULL,
	"source" text DEFAULT 'app' NOT NULL,
	"own" boolean DEFAULT false NOT NULL,
	"owner_id" uuid,
	"tariff_type" text NOT NULL,
	"tariff_price" integer NOT NULL,
	"state" text NOT NULL,
	"locale" text DEFAULT 'fo' NOT NULL,
	"payment_method_id" uuid,
	"payment_id" uuid,
	"request_key" text,
	"idempotency_key" text,
	"request" jsonb,
	"held" integer DEFAULT 0 NOT NULL,
	"captured" integer DEFAULT 0 NOT NULL,
	"from_balance" integer DEFAULT 0 NOT NULL,
	"released" integer DEFAULT 0 NOT NULL,
	"id_tag" text NOT NULL,
	"ocpp_tx" text,
	"tx_started_at" timestamp with time zone,
	"meter_start" integer,
	"meter_last" integer,
	"meter_last_at" timestamp with time zone,
	"energy_wh" integer DEFAULT 0 NOT NULL,
	"power_w" integer DEFAULT 0 NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	"stop_reason" text,
	"error_key" text,
	"receipt_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_installation_id_installations_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."installations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_charger_id_chargers_id_fk" FOREIGN KEY ("charger_id") REFERENCES "public"."chargers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "charges_request_key" ON "charges" USING btree ("user_id","request_key") WHERE "charges"."request_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "charges_open_per_user" ON "charges" USING btree ("user_id") WHERE "charges"."finished_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "charges_open_per_connector" ON "charges" USING btree ("charger_id","connector_id") WHERE "charges"."finished_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "charges_ocpp_tx" ON "charges" USING btree ("charger_id","ocpp_tx") WHERE "charges"."ocpp_tx" is not null;--> statement-breakpoint
CREATE INDEX "charges_open_idx" ON "charges" USING btree ("updated_at") WHERE "charges"."finished_at" is null;--> statement-breakpoint
CREATE INDEX "charges_user_idx" ON "charges" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE SEQUENCE "charge_ocpp_tx_seq" START WITH 1000;--> statement-breakpoint
CREATE TABLE "owner_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"installation_id" uuid NOT NULL,
	"charge_id" uuid NOT NULL,
	"energy_wh" integer NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "owner_credits" ADD CONSTRAINT "owner_credits_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_credits" ADD CONSTRAINT "owner_credits_installation_id_installations_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."installations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_credits" ADD CONSTRAINT "owner_credits_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "owner_credits_charge" ON "owner_credits" USING btree ("charge_id");--> statement-breakpoint
CREATE INDEX "owner_credits_owner_idx" ON "owner_credits" USING btree ("owner_id");
