ALTER TABLE "receipts" ADD COLUMN "credit_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_credit_key" ON "receipts" USING btree ("credit_key") WHERE "receipts"."credit_key" is not null;
