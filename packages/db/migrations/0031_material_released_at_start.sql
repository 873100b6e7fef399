ALTER TABLE "programme_event_galleries" ADD COLUMN "released_at_start" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "programme_event_releases" ADD COLUMN "released_at_start" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "programme_event_galleries_at_start_idx" ON "programme_event_galleries" USING btree ("event_id") WHERE "programme_event_galleries"."released_at_start";--> statement-breakpoint
CREATE INDEX "programme_event_releases_at_start_idx" ON "programme_event_releases" USING btree ("event_id") WHERE "programme_event_releases"."released_at_start";--> statement-breakpoint
-- A release held until its event starts leaves the kept release answers (decision 5) as its link is written and
-- as the event's time or status changes; the moment it comes out is read at every request, never written.
-- Only the event's time and status matter, so a sign-up (which counts places on the event's row) raises nothing.
CREATE TRIGGER "programme_event_releases_content_version"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "programme_event_releases"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_content_version"('press_releases');
--> statement-breakpoint
CREATE TRIGGER "programme_events_release_content_version"
  AFTER UPDATE OF "starts_at", "status" ON "programme_events"
  FOR EACH ROW WHEN (OLD."starts_at" IS DISTINCT FROM NEW."starts_at" OR OLD."status" IS DISTINCT FROM NEW."status")
  EXECUTE FUNCTION "raise_content_version"('press_releases');
