ALTER TABLE "stations" ADD COLUMN "kitchen_prep_minutes" integer DEFAULT 10 NOT NULL;
