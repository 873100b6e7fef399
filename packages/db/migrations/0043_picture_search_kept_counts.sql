-- The picture search (features/gallery/picture-search*.ts) keeps how many pictures a search finds and what a
-- page shows per content version, as the public release answers are kept (decision 5), and reads a page of a
-- common word newest first by the indexes below, stopping once the page is full. Its release pictures are
-- kept under the 'press_releases' version (migrations 0003, 0007, 0031); its gallery pictures under
-- 'galleries', raised here in the writer's own transaction by every statement that writes what the search
-- reads: the pictures (all but their place in the gallery), the galleries and their categories (status,
-- company, sites, names), the pictures' tags and the companies' brands (the company and brand filters), the
-- hold of a gallery until an event's start and who reads it before then (the event's time and status, the
-- journalist's sign-up and accreditation).
CREATE INDEX "gallery_images_newest_idx" ON "gallery_images" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "press_release_files_newest_pictures_idx" ON "press_release_files" USING btree ("created_at","id") WHERE "press_release_files"."kind" = 'image';--> statement-breakpoint
INSERT INTO "content_versions" ("name", "version") VALUES ('galleries', 1)
ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
-- A picture's place in its gallery is no part of what the search counts or shows: reordering raises nothing.
CREATE TRIGGER "gallery_images_galleries_content_version"
  AFTER INSERT OR DELETE OR TRUNCATE
    OR UPDATE OF "gallery_id", "captions", "alt_texts", "credit", "usage_terms", "keywords", "original_name",
      "storage_path", "size", "mime", "width", "height", "checksum", "renditions", "search_text", "created_at"
  ON "gallery_images"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_content_version"('galleries');
--> statement-breakpoint
CREATE TRIGGER "galleries_content_version"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "galleries"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_content_version"('galleries');
--> statement-breakpoint
CREATE TRIGGER "gallery_categories_content_version"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "gallery_categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_content_version"('galleries');
--> statement-breakpoint
CREATE TRIGGER "gallery_image_companies_content_version"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "gallery_image_companies"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_content_version"('galleries');
--> statement-breakpoint
CREATE TRIGGER "gallery_image_brands_content_version"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "gallery_image_brands"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_content_version"('galleries');
--> statement-breakpoint
CREATE TRIGGER "company_brands_galleries_content_version"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "company_brands"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_content_version"('galleries');
--> statement-breakpoint
CREATE TRIGGER "programme_event_galleries_content_version"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "programme_event_galleries"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_content_version"('galleries');
--> statement-breakpoint
CREATE TRIGGER "programme_events_galleries_content_version"
  AFTER UPDATE OF "starts_at", "status" ON "programme_events"
  FOR EACH ROW WHEN (OLD."starts_at" IS DISTINCT FROM NEW."starts_at" OR OLD."status" IS DISTINCT FROM NEW."status")
  EXECUTE FUNCTION "raise_content_version"('galleries');
--> statement-breakpoint
-- A journalist signed up and accredited for an event reads the galleries it holds before it starts. In fair
-- week sign-ups are the most frequent write, and most events hold no gallery: only a sign-up for an event that
-- holds one raises the version, so the others keep every search's counts.
CREATE FUNCTION "raise_galleries_for_held_signup"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM "programme_event_galleries"
    WHERE "released_at_start" AND "event_id" IN (OLD."event_id", NEW."event_id")
  ) THEN
    UPDATE "content_versions" SET "version" = "version" + 1 WHERE "name" = 'galleries';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "programme_signups_galleries_content_version"
  AFTER INSERT OR DELETE OR UPDATE OF "event_id", "user_id", "status" ON "programme_signups"
  FOR EACH ROW EXECUTE FUNCTION "raise_galleries_for_held_signup"();
--> statement-breakpoint
CREATE TRIGGER "programme_signups_emptied_galleries_content_version"
  AFTER TRUNCATE ON "programme_signups"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_content_version"('galleries');
--> statement-breakpoint
CREATE TRIGGER "accreditation_requests_galleries_content_version"
  AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "edition_id", "user_id", "status" ON "accreditation_requests"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_content_version"('galleries');
--> statement-breakpoint
CREATE TRIGGER "fair_editions_galleries_content_version"
  AFTER UPDATE OF "proof_required" ON "fair_editions"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_content_version"('galleries');
