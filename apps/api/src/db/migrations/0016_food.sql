CREATE SEQUENCE "food_order_number_seq";--> statement-breakpoint
CREATE TABLE "food_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"station_id" integer NOT NULL,
	"station_name" text NOT NULL,
	"number" integer NOT NULL,
	"mode" text NOT NULL,
	"pickup_at" timestamp with time zone NOT NULL,
	"asap" boolean DEFAULT false NOT NULL,
	"state" text NOT NULL,
	"lines" jsonb NOT NULL,
	"total" integer NOT NULL,
	"menu_version" text NOT NULL,
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
	"ready_by" timestamp with time zone,
	"reject_reason" text,
	"error_key" text,
	"receipt_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"ready_at" timestamp with time zone,
	"collected_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "food_orders" ADD CONSTRAINT "food_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "food_orders" ADD CONSTRAINT "food_orders_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "food_orders" ADD CONSTRAINT "food_orders_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "food_orders" ADD CONSTRAINT "food_orders_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "food_orders_request_key" ON "food_orders" USING btree ("user_id","request_key") WHERE "food_orders"."request_key" is not null;--> statement-breakpoint
CREATE INDEX "food_orders_user_idx" ON "food_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "food_orders_station_idx" ON "food_orders" USING btree ("station_id","created_at");--> statement-breakpoint
CREATE INDEX "food_orders_open_idx" ON "food_orders" USING btree ("state","created_at") WHERE "food_orders"."state" in ('placing', 'placed', 'accepted', 'ready');--> statement-breakpoint
CREATE TABLE "kitchen_presence" (
	"station_id" integer PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
ALTER TABLE "kitchen_presence" ADD CONSTRAINT "kitchen_presence_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;
