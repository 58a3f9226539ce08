ALTER TABLE "charger_transactions" ADD COLUMN "seq_nos" integer[] DEFAULT '{}'::integer[] NOT NULL;
