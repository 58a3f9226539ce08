CREATE TABLE "ev_contracts" (
	"emaid" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"pcid" text,
	"certificate_pem" text NOT NULL,
	"serial_number" text NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ev_contracts" ADD CONSTRAINT "ev_contracts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ev_contracts_pcid" ON "ev_contracts" USING btree ("pcid") WHERE "ev_contracts"."pcid" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ev_contracts_serial" ON "ev_contracts" USING btree ("serial_number");--> statement-breakpoint
CREATE INDEX "ev_contracts_user_idx" ON "ev_contracts" USING btree ("user_id");
