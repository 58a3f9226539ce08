CREATE TABLE "charger_commands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"charger_id" uuid NOT NULL,
	"protocol" text NOT NULL,
	"action" text NOT NULL,
	"payload" jsonb NOT NULL,
	"sent_by" uuid,
	"request_id" text,
	"outcome" text DEFAULT 'sent' NOT NULL,
	"response" jsonb,
	"error" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "charger_commands" ADD CONSTRAINT "charger_commands_charger_id_chargers_id_fk" FOREIGN KEY ("charger_id") REFERENCES "public"."chargers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charger_commands" ADD CONSTRAINT "charger_commands_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charger_commands_charger_idx" ON "charger_commands" USING btree ("charger_id","created_at");
