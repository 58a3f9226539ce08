CREATE TABLE IF NOT EXISTS "sim_gateway_authorizations" (
	"id" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"status" text NOT NULL,
	"amount" integer NOT NULL,
	"captured" integer DEFAULT 0 NOT NULL,
	"refunded" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "sim_gateway_cards" (
	"token" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"behaviour" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "sim_gateway_requests" (
	"operation" text NOT NULL,
	"key" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "sim_gateway_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"return_url" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"token" text,
	"failure" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sim_gateway_auth_token_idx" ON "sim_gateway_authorizations" USING btree ("token");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "sim_gateway_requests_key" ON "sim_gateway_requests" USING btree ("operation","key");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "sim_identity_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"name" text NOT NULL,
	"nonce" text NOT NULL,
	"client_id" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "sim_provider_card_challenges" (
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
CREATE TABLE IF NOT EXISTS "sim_provider_card_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"destination" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "sim_provider_cards" (
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
CREATE INDEX IF NOT EXISTS "sim_provider_card_messages_destination_idx" ON "sim_provider_card_messages" USING btree ("destination","created_at");
