-- Public release answers show the release's company (its public name, site and brands): a write to companies,
-- brands or their links raises the 'press_releases' content version too, so no kept answer shows an old name.
CREATE TRIGGER "companies_release_content_version"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "companies"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_content_version"('press_releases');
--> statement-breakpoint
CREATE TRIGGER "brands_release_content_version"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "brands"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_content_version"('press_releases');
--> statement-breakpoint
CREATE TRIGGER "company_brands_release_content_version"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "company_brands"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_content_version"('press_releases');
