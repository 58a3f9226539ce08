ALTER TABLE "beverage_fills" ADD COLUMN "code" text;--> statement-breakpoint
CREATE UNIQUE INDEX "beverage_fills_pending_code" ON "beverage_fills" USING btree ("code") WHERE "beverage_fills"."state" = 'pending';
