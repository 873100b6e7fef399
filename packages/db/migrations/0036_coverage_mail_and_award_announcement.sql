ALTER TABLE "users" ADD COLUMN "coverage_mail" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "awards" ADD COLUMN "announcement_release_id" integer;--> statement-breakpoint
ALTER TABLE "awards" ADD CONSTRAINT "awards_announcement_release_id_press_releases_id_fk" FOREIGN KEY ("announcement_release_id") REFERENCES "public"."press_releases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "awards_announcement_release_idx" ON "awards" USING btree ("announcement_release_id");