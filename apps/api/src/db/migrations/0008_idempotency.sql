CREATE TABLE "idempotency_records" (
	"user_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"status" text NOT NULL,
	"owner" text NOT NULL,
	"locked_until" timestamp with time zone NOT NULL,
	"status_code" integer,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_records_user_id_scope_key_pk" PRIMARY KEY("user_id","scope","key")
);
--> statement-breakpoint
ALTER TABLE "idempotency_records" ADD CONSTRAINT "idempotency_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_records_pending_idx" ON "idempotency_records" USING btree ("locked_until") WHERE "status" = 'pending';--> statement-breakpoint
ALTER TABLE "voucher_spends" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
ALTER TABLE "voucher_spends" ADD CONSTRAINT "voucher_spends_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voucher_spends_payment_idx" ON "voucher_spends" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD COLUMN "plan_type" text;--> statement-breakpoint
UPDATE "user_subscriptions" SET "plan_type" = (SELECT "type" FROM "subscriptions" WHERE "subscriptions"."id" = "user_subscriptions"."subscription_id");--> statement-breakpoint
ALTER TABLE "user_subscriptions" ALTER COLUMN "plan_type" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD COLUMN "request_key" text;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD COLUMN "replaces_id" uuid;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD COLUMN "upgrade_key" text;--> statement-breakpoint
WITH "ranked" AS (SELECT "s"."id", row_number() OVER (PARTITION BY "s"."user_id", "s"."plan_type" ORDER BY ("s"."valid_to" > now()) DESC, "p"."index" DESC, "s"."valid_to" DESC, "s"."id" DESC) AS "rn" FROM "user_subscriptions" AS "s" JOIN "subscriptions" AS "p" ON "p"."id" = "s"."subscription_id" WHERE "s"."status" IN ('active', 'cancelled', 'expiring')) UPDATE "user_subscriptions" SET "status" = 'ended', "next_payment_at" = NULL WHERE "id" IN (SELECT "id" FROM "ranked" WHERE "rn" > 1);--> statement-breakpoint
CREATE UNIQUE INDEX "user_subscriptions_replaces_key" ON "user_subscriptions" USING btree ("replaces_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_subscriptions_request_key" ON "user_subscriptions" USING btree ("user_id","request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "user_subscriptions_one_per_type" ON "user_subscriptions" USING btree ("user_id","plan_type") WHERE "user_subscriptions"."status" in ('pending', 'active', 'cancelled', 'expiring');
