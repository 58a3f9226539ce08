ALTER TABLE "installations" ADD COLUMN "power_limit_kw" double precision;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "power_limit_w" integer;
