CREATE TABLE "voucher_orders" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "voucher_codes" ADD COLUMN "order_key" text;--> statement-breakpoint
ALTER TABLE "voucher_codes" ADD CONSTRAINT "voucher_codes_order_key_voucher_orders_key_fk" FOREIGN KEY ("order_key") REFERENCES "public"."voucher_orders"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voucher_codes_order_idx" ON "voucher_codes" USING btree ("order_key");