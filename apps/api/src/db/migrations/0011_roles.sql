ALTER TABLE "users" ADD COLUMN "role" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('operator', 'station', 'kitchen'));--> statement-breakpoint
CREATE TABLE "user_stations" (
	"user_id" uuid NOT NULL,
	"station_id" integer NOT NULL,
	CONSTRAINT "user_stations_user_id_station_id_pk" PRIMARY KEY("user_id","station_id")
);
--> statement-breakpoint
ALTER TABLE "user_stations" ADD CONSTRAINT "user_stations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_stations" ADD CONSTRAINT "user_stations_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_stations_station_idx" ON "user_stations" USING btree ("station_id");
