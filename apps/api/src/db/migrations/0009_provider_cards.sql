CREATE TABLE "own_card_links" (
	"card_id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"payment_method_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "own_card_links_payment_method_key" UNIQUE("payment_method_id")
);
--> statement-breakpoint
CREATE TABLE "sim_provider_card_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"card_id" text NOT NULL,
	"reference" text NOT NULL,
	"channel" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_provider_card_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"destination" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_provider_cards" (
	"id" text PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"holder_name" text NOT NULL,
	"holder_email" text,
	"holder_phone" text,
	"holder_subject" text,
	"pin_hash" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"limit_per_purchase" integer NOT NULL,
	"limit_per_day" integer NOT NULL,
	"issue_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sim_provider_cards_number_key" UNIQUE("number"),
	CONSTRAINT "sim_provider_cards_issue_key" UNIQUE("issue_key")
);
--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD COLUMN "consumed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "own_card_links" ADD CONSTRAINT "own_card_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "own_card_links" ADD CONSTRAINT "own_card_links_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "own_card_links_user_idx" ON "own_card_links" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sim_provider_card_messages_destination_idx" ON "sim_provider_card_messages" USING btree ("destination","created_at");
