ALTER TABLE "id_tags" ADD COLUMN "status" text DEFAULT 'Accepted' NOT NULL;--> statement-breakpoint
ALTER TABLE "id_tags" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "id_tags" ADD COLUMN "parent_id_tag" text;--> statement-breakpoint
ALTER TABLE "id_tags" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "id_tags" ADD CONSTRAINT "id_tags_status_check" CHECK ("id_tags"."status" in ('Accepted', 'Blocked', 'Expired', 'Invalid'));
