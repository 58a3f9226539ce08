CREATE TABLE "price_signs" (
	"station_id" integer PRIMARY KEY NOT NULL,
	"prices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"has_sign" boolean DEFAULT true NOT NULL,
	"shown_at" timestamp with time zone,
	"lease_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "price_signs" ADD CONSTRAINT "price_signs_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;
