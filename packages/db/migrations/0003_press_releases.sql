CREATE TABLE "press_release_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"press_release_id" integer NOT NULL,
	"kind" varchar(12) NOT NULL,
	"language" varchar(5),
	"title" varchar(300) DEFAULT '' NOT NULL,
	"original_name" varchar(255) NOT NULL,
	"content_type" varchar(120) NOT NULL,
	"size" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"storage_path" varchar(300) NOT NULL,
	"thumbnail_path" varchar(300),
	"width" integer,
	"height" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "press_release_translations" ADD COLUMN "body_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "press_release_translations" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector(case language when 'en' then 'english'::regconfig when 'it' then 'italian'::regconfig when 'fr' then 'french'::regconfig when 'es' then 'spanish'::regconfig when 'de' then 'german'::regconfig else 'simple'::regconfig end, coalesce(title, '')), 'A') || setweight(to_tsvector(case language when 'en' then 'english'::regconfig when 'it' then 'italian'::regconfig when 'fr' then 'french'::regconfig when 'es' then 'spanish'::regconfig when 'de' then 'german'::regconfig else 'simple'::regconfig end, coalesce(subtitle, '')), 'B') || setweight(to_tsvector(case language when 'en' then 'english'::regconfig when 'it' then 'italian'::regconfig when 'fr' then 'french'::regconfig when 'es' then 'spanish'::regconfig when 'de' then 'german'::regconfig else 'simple'::regconfig end, coalesce(body_text, '')), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "created_by_id" integer;--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "press_release_files" ADD CONSTRAINT "press_release_files_press_release_id_press_releases_id_fk" FOREIGN KEY ("press_release_id") REFERENCES "public"."press_releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "press_release_files_release_idx" ON "press_release_files" USING btree ("press_release_id","kind","position");--> statement-breakpoint
ALTER TABLE "press_releases" ADD CONSTRAINT "press_releases_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "press_release_translations_search_idx" ON "press_release_translations" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "press_releases_status_idx" ON "press_releases" USING btree ("status","publication_date");--> statement-breakpoint
CREATE INDEX "press_releases_company_idx" ON "press_releases" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "press_releases_year_number_unique" ON "press_releases" USING btree (extract(year from "publication_date"),"number") WHERE "press_releases"."number" is not null;