CREATE TABLE "device_states" (
	"station_id" integer NOT NULL,
	"kind" text NOT NULL,
	"point" text NOT NULL,
	"state" text NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_states_station_id_kind_point_pk" PRIMARY KEY("station_id","kind","point")
);--> statement-breakpoint
ALTER TABLE "device_states" ADD CONSTRAINT "device_states_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "alarms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"severity" text NOT NULL,
	"station_id" integer,
	"subject" jsonb NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cleared_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" uuid,
	"escalated_at" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alarms_open_key" ON "alarms" USING btree ("key") WHERE "alarms"."cleared_at" IS NULL;--> statement-breakpoint
CREATE INDEX "alarms_station_idx" ON "alarms" USING btree ("station_id","raised_at");--> statement-breakpoint
CREATE INDEX "alarms_cleared_idx" ON "alarms" USING btree ("cleared_at");
