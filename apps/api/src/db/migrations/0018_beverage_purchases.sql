ALTER TABLE "beverage_fills" ADD COLUMN "request_key" text;--> statement-breakpoint
ALTER TABLE "beverage_fills" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "beverage_fills" ADD COLUMN "request" jsonb;--> statement-breakpoint
ALTER TABLE "beverage_fills" ADD COLUMN "gateway_session_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "beverage_fills_request_key" ON "beverage_fills" USING btree ("user_id","request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "beverage_fills_gateway_session" ON "beverage_fills" USING btree ("gateway_session_id");--> statement-breakpoint
CREATE INDEX "beverage_fills_open_purchase_idx" ON "beverage_fills" USING btree ("created_at") WHERE "beverage_fills"."kind" = 'purchase' and "beverage_fills"."receipt_id" is null;
