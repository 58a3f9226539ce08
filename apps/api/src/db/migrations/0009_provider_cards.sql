CREATE TABLE "own_card_links" (
	"card_id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"payment_method_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "own_card_links_payment_method_key" UNIQUE("payment_method_id")
);
--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD COLUMN "consumed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "own_card_links" ADD CONSTRAINT "own_card_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "own_card_links" ADD CONSTRAINT "own_card_links_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "own_card_links_user_idx" ON "own_card_links" USING btree ("user_id");
