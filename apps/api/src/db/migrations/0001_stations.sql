CREATE TABLE "beverages" (
	"id" serial PRIMARY KEY NOT NULL,
	"beverage_family" text NOT NULL,
	"name" text NOT NULL,
	"price" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_colors" (
	"code" text PRIMARY KEY NOT NULL,
	"color" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "station_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"kind" text NOT NULL,
	"number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "station_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"service" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"price" integer NOT NULL,
	"unit" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"tokheim_station_id" text NOT NULL,
	"services" jsonb NOT NULL,
	"opening_hours" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "station_points" ADD CONSTRAINT "station_points_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_products" ADD CONSTRAINT "station_products_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "station_points_key" ON "station_points" USING btree ("station_id","kind","number");--> statement-breakpoint
CREATE INDEX "station_products_station_idx" ON "station_products" USING btree ("station_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "stations_tokheim_key" ON "stations" USING btree ("tokheim_station_id");