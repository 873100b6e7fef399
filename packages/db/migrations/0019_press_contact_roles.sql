ALTER TABLE "press_contacts" ADD COLUMN "roles" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- The job titles written before (one text, in English) become the English ones.
UPDATE "press_contacts" SET "roles" = jsonb_build_object('en', "role") WHERE "role" <> '';
