ALTER TABLE "videos" ADD COLUMN "created_by_id" integer;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_uploads_created_by_idx" ON "video_uploads" USING btree ("created_by_id");--> statement-breakpoint
CREATE INDEX "videos_created_by_idx" ON "videos" USING btree ("created_by_id");