CREATE TABLE "sim_gateway_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"authorization_id" text NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sim_gateway_movements_at_idx" ON "sim_gateway_movements" USING btree ("created_at");--> statement-breakpoint
-- What the simulated gateway captured and refunded before it kept movements, from its answers:
-- a capture's total, and each refund's share of the refunded total.
INSERT INTO "sim_gateway_movements" ("kind", "key", "authorization_id", "amount", "created_at")
SELECT "operation", "key", "response"->'ok'->>'id',
  CASE WHEN "operation" = 'capture' THEN ("response"->'ok'->>'captured')::int
    ELSE ("response"->'ok'->>'refunded')::int - coalesce(lag(("response"->'ok'->>'refunded')::int)
      OVER (PARTITION BY "response"->'ok'->>'id' ORDER BY "created_at", "key"), 0)
  END,
  "created_at"
FROM "sim_gateway_requests"
WHERE "operation" IN ('capture', 'refund') AND "response" ? 'ok';
