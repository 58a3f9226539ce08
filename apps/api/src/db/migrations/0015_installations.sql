CREATE TABLE "installation_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"installation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"invitation_id" uuid,
	"ends_at" timestamp with time zone,
	"monthly_kwh_cap" integer,
	"price_per_kwh" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "installation_shares" ADD CONSTRAINT "installation_shares_installation_id_installations_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."installations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installation_shares" ADD CONSTRAINT "installation_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "installation_shares_user" ON "installation_shares" USING btree ("installation_id","user_id");--> statement-breakpoint
CREATE INDEX "installation_shares_user_idx" ON "installation_shares" USING btree ("user_id");--> statement-breakpoint
CREATE TABLE "installation_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"installation_id" uuid NOT NULL,
	"email" text NOT NULL,
	"invited_by" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "installation_invitations" ADD CONSTRAINT "installation_invitations_installation_id_installations_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."installations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installation_invitations" ADD CONSTRAINT "installation_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "installation_invitations_pending" ON "installation_invitations" USING btree ("installation_id","email") WHERE "installation_invitations"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "installation_invitations_email_idx" ON "installation_invitations" USING btree ("email");--> statement-breakpoint
CREATE INDEX "installation_invitations_installation_idx" ON "installation_invitations" USING btree ("installation_id","created_at");--> statement-breakpoint
CREATE TABLE "owner_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"installation_id" uuid NOT NULL,
	"month" text NOT NULL,
	"energy_wh" integer NOT NULL,
	"amount" integer NOT NULL,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "owner_payouts" ADD CONSTRAINT "owner_payouts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_payouts" ADD CONSTRAINT "owner_payouts_installation_id_installations_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."installations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "owner_payouts_month" ON "owner_payouts" USING btree ("installation_id","month");--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "share_id" uuid;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "energy_cap_wh" integer;--> statement-breakpoint
CREATE INDEX "charges_installation_idx" ON "charges" USING btree ("installation_id","created_at");--> statement-breakpoint
ALTER TABLE "owner_credits" ADD COLUMN "kind" text DEFAULT 'public' NOT NULL;--> statement-breakpoint
CREATE INDEX "owner_credits_installation_idx" ON "owner_credits" USING btree ("installation_id","created_at");
