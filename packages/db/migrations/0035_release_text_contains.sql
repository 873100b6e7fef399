-- A table's "contains" search (DataTables search[value]) of releases compares their title, subtitle and body text
-- already lower case and without accents (search_fold, migration 0033), kept by PostgreSQL as generated columns
-- and served by trigram indexes (pg_trgm, as the picture search): folding every translation at each search read
-- all of them.
ALTER TABLE "press_release_translations" ADD COLUMN "title_folded" text GENERATED ALWAYS AS (search_fold(title)) STORED;--> statement-breakpoint
ALTER TABLE "press_release_translations" ADD COLUMN "subtitle_folded" text GENERATED ALWAYS AS (search_fold(subtitle)) STORED;--> statement-breakpoint
ALTER TABLE "press_release_translations" ADD COLUMN "body_folded" text GENERATED ALWAYS AS (search_fold(body_text)) STORED;--> statement-breakpoint
CREATE INDEX "press_release_translations_title_folded_idx" ON "press_release_translations" USING gin ("title_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "press_release_translations_subtitle_folded_idx" ON "press_release_translations" USING gin ("subtitle_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "press_release_translations_body_folded_idx" ON "press_release_translations" USING gin ("body_folded" gin_trgm_ops);