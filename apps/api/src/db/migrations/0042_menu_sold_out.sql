CREATE TABLE "menu_sold_out" (
	"station_id" integer NOT NULL,
	"item_id" text NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	"until" timestamp with time zone,
	CONSTRAINT "menu_sold_out_station_id_item_id_pk" PRIMARY KEY("station_id","item_id")
);
--> statement-breakpoint
ALTER TABLE "menu_sold_out" ADD CONSTRAINT "menu_sold_out_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;
