-- The exhibitors' directory (the API's and the /exhibitors/ page) is kept in memory per content version, as
-- the public release answers are (decision 5): every statement that writes what it shows raises the
-- 'exhibitors' version in the writer's own transaction, whoever writes and on whichever server. It shows the
-- editions (which one is current, its name and days), their exhibitors and stands, the companies' names and
-- countries, their brands and their press boxes' logos. Whether a release is news is read from the
-- 'press_releases' version, which the directory's readers add to this one.
INSERT INTO "content_versions" ("name", "version") VALUES ('exhibitors', 1)
ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
CREATE TRIGGER "fair_editions_exhibitors_content_version"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "fair_editions"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_content_version"('exhibitors');
--> statement-breakpoint
CREATE TRIGGER "exhibitors_content_version"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "exhibitors"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_content_version"('exhibitors');
--> statement-breakpoint
CREATE TRIGGER "exhibitor_stands_content_version"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "exhibitor_stands"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_content_version"('exhibitors');
--> statement-breakpoint
CREATE TRIGGER "companies_exhibitors_content_version"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "companies"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_content_version"('exhibitors');
--> statement-breakpoint
CREATE TRIGGER "brands_exhibitors_content_version"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "brands"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_content_version"('exhibitors');
--> statement-breakpoint
CREATE TRIGGER "company_brands_exhibitors_content_version"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "company_brands"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_content_version"('exhibitors');
--> statement-breakpoint
CREATE TRIGGER "company_press_boxes_content_version"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "company_press_boxes"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_content_version"('exhibitors');
