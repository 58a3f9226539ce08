CREATE TABLE "product_bounds" (
	"service" text NOT NULL,
	"code" text NOT NULL,
	"min_price" integer NOT NULL,
	"max_price" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_bounds_service_code_pk" PRIMARY KEY("service","code"),
	CONSTRAINT "product_bounds_order" CHECK ("min_price" >= 1 AND "min_price" <= "max_price")
);
--> statement-breakpoint
CREATE TABLE "price_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"station_product_id" integer NOT NULL,
	"price" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "price_changes" ADD CONSTRAINT "price_changes_station_product_id_station_products_id_fk" FOREIGN KEY ("station_product_id") REFERENCES "public"."station_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_changes_due_idx" ON "price_changes" USING btree ("at") WHERE "applied_at" IS NULL AND "cancelled_at" IS NULL;--> statement-breakpoint
CREATE INDEX "price_changes_product_idx" ON "price_changes" USING btree ("station_product_id","at");
