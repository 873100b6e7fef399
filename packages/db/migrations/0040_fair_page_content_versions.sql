-- The fair's public pages (an exhibitor's press box, the programme and its events, "In the press") are kept in
-- memory per content version, as the directory and the release answers are (decision 5). Two kinds join
-- 'exhibitors' and 'press_releases', each raised in the writer's own transaction by every statement that
-- writes what the pages show, whoever writes and on whichever server:
-- 'programme': the events as the public pages show them. A sign-up counts places on the event's row and shows
-- nowhere public, so only an insert, a delete or an update naming a shown column raises it.
-- 'coverage': the coverage reports, what each names (releases, exhibitors) and their reporters' names.
-- An exhibitor's press contacts are on its page: they raise 'exhibitors' as the rest of its press box does.
INSERT INTO "content_versions" ("name", "version") VALUES ('programme', 1), ('coverage', 1)
ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
CREATE TRIGGER "programme_events_content_version"
  AFTER INSERT OR DELETE OR TRUNCATE ON "programme_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_content_version"('programme');
--> statement-breakpoint
CREATE TRIGGER "programme_events_shown_content_version"
  AFTER UPDATE OF "edition_id", "exhibitor_id", "type", "status", "title", "description", "starts_at", "ends_at",
    "hall", "room", "stand", "languages", "signup_required", "sequence", "cancel_reason", "updated_at"
  ON "programme_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_content_version"('programme');
--> statement-breakpoint
CREATE TRIGGER "coverage_content_version"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "coverage"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_content_version"('coverage');
--> statement-breakpoint
CREATE TRIGGER "coverage_releases_content_version"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "coverage_releases"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_content_version"('coverage');
--> statement-breakpoint
CREATE TRIGGER "coverage_exhibitors_content_version"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "coverage_exhibitors"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_content_version"('coverage');
--> statement-breakpoint
CREATE TRIGGER "company_press_contacts_exhibitors_content_version"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "company_press_contacts"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_content_version"('exhibitors');
--> statement-breakpoint
-- A piece names its reporter (where they consented) while their account is there: renaming or erasing an
-- account changes the coverage shown. Other writes to accounts (sign-ins, settings) change nothing public.
CREATE TRIGGER "users_coverage_content_version"
  AFTER UPDATE OF "first_name", "last_name" OR DELETE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_content_version"('coverage');
