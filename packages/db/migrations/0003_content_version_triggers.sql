-- Every statement that writes the tables behind the public release pages (releases, their translations,
-- their sites and their files) raises the 'press_releases' content version, in the writer's own transaction: readers see the
-- new version exactly when they can see the new rows. Statement-level, so an import of many rows raises it
-- once per statement.
INSERT INTO "content_versions" ("name", "version") VALUES ('press_releases', 1)
ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION "raise_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "content_versions" SET "version" = "version" + 1 WHERE "name" = TG_ARGV[0];
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "press_releases_content_version"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "press_releases"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_content_version"('press_releases');
--> statement-breakpoint
CREATE TRIGGER "press_release_translations_content_version"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "press_release_translations"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_content_version"('press_releases');
--> statement-breakpoint
CREATE TRIGGER "press_release_groups_content_version"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "press_release_groups"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_content_version"('press_releases');
--> statement-breakpoint
CREATE TRIGGER "press_release_files_content_version"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "press_release_files"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_content_version"('press_releases');
