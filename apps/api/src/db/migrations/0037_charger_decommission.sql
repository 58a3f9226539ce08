ALTER TABLE "chargers" ADD COLUMN "decommissioned_at" timestamp with time zone;
