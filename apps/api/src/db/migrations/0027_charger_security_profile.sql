ALTER TABLE "chargers" ADD COLUMN "security_profile" integer DEFAULT 1 NOT NULL;
