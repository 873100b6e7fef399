CREATE TABLE "video_captions" (
	"video_id" integer NOT NULL,
	"language" varchar(5) NOT NULL,
	"file_key" varchar(300) NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_captions_video_id_language_pk" PRIMARY KEY("video_id","language")
);
--> statement-breakpoint
CREATE TABLE "video_upload_parts" (
	"upload_id" uuid NOT NULL,
	"part_number" integer NOT NULL,
	"size" integer NOT NULL,
	"file_key" varchar(300) NOT NULL,
	CONSTRAINT "video_upload_parts_upload_id_part_number_pk" PRIMARY KEY("upload_id","part_number")
);
--> statement-breakpoint
CREATE TABLE "video_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_by_id" integer NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"declared_size" bigint NOT NULL,
	"received_size" bigint DEFAULT 0 NOT NULL,
	"completing_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"press_release_id" integer,
	"gallery_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"file_key" varchar(300) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"file_size" bigint NOT NULL,
	"checksum" varchar(64) NOT NULL,
	"content_type" varchar(40) NOT NULL,
	"video_codec" varchar(40) NOT NULL,
	"audio_codec" varchar(40),
	"duration_ms" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"titles" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"credit" varchar(300) DEFAULT '' NOT NULL,
	"poster_key" varchar(300),
	"poster_checksum" varchar(64),
	"poster_renditions" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "videos_one_owner" CHECK (("videos"."press_release_id" is null) <> ("videos"."gallery_id" is null))
);
--> statement-breakpoint
ALTER TABLE "video_captions" ADD CONSTRAINT "video_captions_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_upload_parts" ADD CONSTRAINT "video_upload_parts_upload_id_video_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."video_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_uploads" ADD CONSTRAINT "video_uploads_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_press_release_id_press_releases_id_fk" FOREIGN KEY ("press_release_id") REFERENCES "public"."press_releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_gallery_id_galleries_id_fk" FOREIGN KEY ("gallery_id") REFERENCES "public"."galleries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_uploads_created_at_idx" ON "video_uploads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "videos_press_release_idx" ON "videos" USING btree ("press_release_id","position","id");--> statement-breakpoint
CREATE INDEX "videos_gallery_idx" ON "videos" USING btree ("gallery_id","position","id");--> statement-breakpoint
-- A release's videos and their captions are part of its detail, kept as answers by the 'press_releases' version
-- (migration 0003): writing them raises it, as writing the release's files does.
CREATE TRIGGER "videos_content_version"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "videos"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_content_version"('press_releases');
--> statement-breakpoint
CREATE TRIGGER "video_captions_content_version"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "video_captions"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_content_version"('press_releases');
