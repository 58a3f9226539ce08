ALTER TABLE "app_versions" ADD COLUMN "latest_version" text;
