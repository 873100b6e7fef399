ALTER TABLE "press_releases" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "cover_file_id" integer;--> statement-breakpoint
ALTER TABLE "press_releases" ADD CONSTRAINT "press_releases_cover_file_id_press_release_files_id_fk" FOREIGN KEY ("cover_file_id") REFERENCES "public"."press_release_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "press_releases_publish_at_idx" ON "press_releases" USING btree ("publish_at") WHERE "press_releases"."publish_at" is not null;