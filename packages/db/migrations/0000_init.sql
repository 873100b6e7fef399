CREATE TABLE "consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"press_group_id" integer,
	"notice_version" varchar(20) NOT NULL,
	"language" varchar(5) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(80) NOT NULL,
	CONSTRAINT "role_groups_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "user_permissions" (
	"user_id" integer NOT NULL,
	"permission" varchar(80) NOT NULL,
	CONSTRAINT "user_permissions_user_id_permission_pk" PRIMARY KEY("user_id","permission")
);
--> statement-breakpoint
CREATE TABLE "user_role_groups" (
	"user_id" integer NOT NULL,
	"role_group_id" integer NOT NULL,
	CONSTRAINT "user_role_groups_user_id_role_group_id_pk" PRIMARY KEY("user_id","role_group_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(254) NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" varchar(150) DEFAULT '' NOT NULL,
	"last_name" varchar(150) DEFAULT '' NOT NULL,
	"user_type" varchar(10) DEFAULT 'USER' NOT NULL,
	"language" varchar(5) DEFAULT 'en' NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"email_verified_at" timestamp with time zone,
	"accreditation" varchar(10) DEFAULT 'none' NOT NULL,
	"company_id" integer,
	"tokens_valid_after" timestamp with time zone DEFAULT now() NOT NULL,
	"date_joined" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login" timestamp with time zone,
	"press_data_restricted_at" timestamp with time zone,
	"qualify" varchar(40),
	"publishing_house" varchar(150) DEFAULT '' NOT NULL,
	"newspaper" varchar(150) DEFAULT '' NOT NULL,
	"media_type" varchar(40),
	"periodicity" varchar(40),
	"printing_copies" integer,
	"sector" varchar(40),
	"cap" varchar(20) DEFAULT '' NOT NULL,
	"province" varchar(100) DEFAULT '' NOT NULL,
	"country" varchar(100) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_name" varchar(200) NOT NULL,
	"short_name" varchar(100) DEFAULT '' NOT NULL,
	"address" varchar(200) DEFAULT '' NOT NULL,
	"city" varchar(100) DEFAULT '' NOT NULL,
	"state" varchar(100) DEFAULT '' NOT NULL,
	"country" varchar(100) DEFAULT '' NOT NULL,
	"postal_code" varchar(20) DEFAULT '' NOT NULL,
	"telephone" varchar(50) DEFAULT '' NOT NULL,
	"fax" varchar(50) DEFAULT '' NOT NULL,
	"vat" varchar(30) DEFAULT '' NOT NULL,
	"email" varchar(254) DEFAULT '' NOT NULL,
	"website" varchar(300) DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"typology" varchar(80) DEFAULT '' NOT NULL,
	"association_status" varchar(20) DEFAULT 'non_member' NOT NULL,
	"pub_business_name" varchar(200) DEFAULT '' NOT NULL,
	"pub_address" varchar(200) DEFAULT '' NOT NULL,
	"pub_postal_code" varchar(20) DEFAULT '' NOT NULL,
	"pub_city" varchar(100) DEFAULT '' NOT NULL,
	"pub_state" varchar(100) DEFAULT '' NOT NULL,
	"pub_country" varchar(100) DEFAULT '' NOT NULL,
	"pub_telephone" varchar(50) DEFAULT '' NOT NULL,
	"pub_fax" varchar(50) DEFAULT '' NOT NULL,
	"pub_website" varchar(300) DEFAULT '' NOT NULL,
	"pub_email" varchar(254) DEFAULT '' NOT NULL,
	"match_key" varchar(310) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_brands" (
	"company_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	CONSTRAINT "company_brands_company_id_brand_id_pk" PRIMARY KEY("company_id","brand_id")
);
--> statement-breakpoint
CREATE TABLE "company_import_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"phase" varchar(10) NOT NULL,
	"row_number" integer NOT NULL,
	"outcome" varchar(12) NOT NULL,
	"reason" varchar(60) NOT NULL,
	"reason_params" jsonb,
	"errors" jsonb,
	"company_id" integer,
	"business_name" varchar(200) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"stored_path" varchar(500) NOT NULL,
	"format" varchar(10) NOT NULL,
	"size" integer NOT NULL,
	"status" varchar(12) DEFAULT 'uploaded' NOT NULL,
	"tables" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"table_name" varchar(200),
	"mapping" jsonb,
	"source" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"row_count" integer,
	"dry_run" jsonb,
	"report" jsonb,
	"error" varchar(120),
	"error_params" jsonb,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"press_group_id" integer,
	"sender_name" varchar(300) NOT NULL,
	"sender_email" varchar(254) NOT NULL,
	"subject" varchar(200) NOT NULL,
	"message" text NOT NULL,
	"language" varchar(5) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "error_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"level" varchar(10) NOT NULL,
	"message" varchar(2000) NOT NULL,
	"name" varchar(150) DEFAULT '' NOT NULL,
	"email" varchar(254) DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"url" varchar(2000) DEFAULT '' NOT NULL,
	"stack" text DEFAULT '' NOT NULL,
	"user_agent" varchar(500) DEFAULT '' NOT NULL,
	"language" varchar(5) NOT NULL,
	"site" varchar(120),
	"user_id" integer
);
--> statement-breakpoint
CREATE TABLE "galleries" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"names" jsonb NOT NULL,
	"company_id" integer,
	"status" varchar(12) DEFAULT 'published' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gallery_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"names" jsonb NOT NULL,
	"group_ids" integer[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gallery_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"gallery_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"captions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"alt_texts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"credit" varchar(300) DEFAULT '' NOT NULL,
	"usage_terms" text DEFAULT '' NOT NULL,
	"original_name" varchar(255) NOT NULL,
	"storage_path" varchar(300) NOT NULL,
	"size" bigint NOT NULL,
	"mime" varchar(100) NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"checksum" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "magazines" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"publisher" varchar(200) DEFAULT '' NOT NULL,
	"title" varchar(300) NOT NULL,
	"month" integer NOT NULL,
	"year" integer NOT NULL,
	"territory" varchar(120),
	"group_ids" integer[] DEFAULT '{}' NOT NULL,
	"cover_path" varchar(300),
	"cover_mime" varchar(100),
	"cover_checksum" varchar(64),
	"pdf_path" varchar(300),
	"pdf_name" varchar(255),
	"pdf_size" bigint,
	"pdf_checksum" varchar(64),
	"link" varchar(1000),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_queue" (
	"id" serial PRIMARY KEY NOT NULL,
	"to_address" varchar(254) NOT NULL,
	"subject" varchar(300) NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "press_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	CONSTRAINT "press_groups_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "press_kit_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_ids" integer[] DEFAULT '{}' NOT NULL,
	"language" varchar(5) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"title" varchar(300) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"storage_path" varchar(300) NOT NULL,
	"size" bigint NOT NULL,
	"mime" varchar(100) NOT NULL,
	"checksum" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "press_release_groups" (
	"press_release_id" integer NOT NULL,
	"press_group_id" integer NOT NULL,
	CONSTRAINT "press_release_groups_press_release_id_press_group_id_pk" PRIMARY KEY("press_release_id","press_group_id")
);
--> statement-breakpoint
CREATE TABLE "press_release_translations" (
	"id" serial PRIMARY KEY NOT NULL,
	"press_release_id" integer NOT NULL,
	"language" varchar(5) NOT NULL,
	"title" varchar(300) NOT NULL,
	"subtitle" varchar(500) DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"body_text" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector(case language when 'en' then 'english'::regconfig when 'it' then 'italian'::regconfig when 'fr' then 'french'::regconfig when 'es' then 'spanish'::regconfig when 'de' then 'german'::regconfig else 'simple'::regconfig end, coalesce(title, '')), 'A') || setweight(to_tsvector(case language when 'en' then 'english'::regconfig when 'it' then 'italian'::regconfig when 'fr' then 'french'::regconfig when 'es' then 'spanish'::regconfig when 'de' then 'german'::regconfig else 'simple'::regconfig end, coalesce(subtitle, '')), 'B') || setweight(to_tsvector(case language when 'en' then 'english'::regconfig when 'it' then 'italian'::regconfig when 'fr' then 'french'::regconfig when 'es' then 'spanish'::regconfig when 'de' then 'german'::regconfig else 'simple'::regconfig end, coalesce(body_text, '')), 'C')) STORED,
	CONSTRAINT "press_release_translations_release_language" UNIQUE("press_release_id","language")
);
--> statement-breakpoint
CREATE TABLE "press_releases" (
	"id" serial PRIMARY KEY NOT NULL,
	"publication_date" date NOT NULL,
	"number" integer,
	"status" varchar(12) DEFAULT 'draft' NOT NULL,
	"embargo_until" timestamp with time zone,
	"company_id" integer,
	"created_by_id" integer,
	"submitted_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_press_group_id_press_groups_id_fk" FOREIGN KEY ("press_group_id") REFERENCES "public"."press_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_role_groups" ADD CONSTRAINT "user_role_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_role_groups" ADD CONSTRAINT "user_role_groups_role_group_id_role_groups_id_fk" FOREIGN KEY ("role_group_id") REFERENCES "public"."role_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_brands" ADD CONSTRAINT "company_brands_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_brands" ADD CONSTRAINT "company_brands_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_import_rows" ADD CONSTRAINT "company_import_rows_import_id_company_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."company_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_import_rows" ADD CONSTRAINT "company_import_rows_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_imports" ADD CONSTRAINT "company_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_press_group_id_press_groups_id_fk" FOREIGN KEY ("press_group_id") REFERENCES "public"."press_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "error_reports" ADD CONSTRAINT "error_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "galleries" ADD CONSTRAINT "galleries_category_id_gallery_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."gallery_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_categories" ADD CONSTRAINT "gallery_categories_parent_id_gallery_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."gallery_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_images" ADD CONSTRAINT "gallery_images_gallery_id_galleries_id_fk" FOREIGN KEY ("gallery_id") REFERENCES "public"."galleries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_release_files" ADD CONSTRAINT "press_release_files_press_release_id_press_releases_id_fk" FOREIGN KEY ("press_release_id") REFERENCES "public"."press_releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_release_groups" ADD CONSTRAINT "press_release_groups_press_release_id_press_releases_id_fk" FOREIGN KEY ("press_release_id") REFERENCES "public"."press_releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_release_groups" ADD CONSTRAINT "press_release_groups_press_group_id_press_groups_id_fk" FOREIGN KEY ("press_group_id") REFERENCES "public"."press_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_release_translations" ADD CONSTRAINT "press_release_translations_press_release_id_press_releases_id_fk" FOREIGN KEY ("press_release_id") REFERENCES "public"."press_releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_releases" ADD CONSTRAINT "press_releases_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consents_user_latest_idx" ON "consents" USING btree ("user_id","accepted_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "brands_name_lower_unique" ON "brands" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "companies_vat_unique" ON "companies" USING btree ("vat") WHERE "companies"."vat" <> '';--> statement-breakpoint
CREATE INDEX "companies_match_key_idx" ON "companies" USING btree ("match_key");--> statement-breakpoint
CREATE INDEX "companies_business_name_idx" ON "companies" USING btree ("business_name");--> statement-breakpoint
CREATE INDEX "company_brands_brand_idx" ON "company_brands" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "company_import_rows_import_idx" ON "company_import_rows" USING btree ("import_id","phase","row_number");--> statement-breakpoint
CREATE INDEX "company_imports_created_at_idx" ON "company_imports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "error_reports_created_at_idx" ON "error_reports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "galleries_category_idx" ON "galleries" USING btree ("category_id","position");--> statement-breakpoint
CREATE INDEX "gallery_categories_parent_idx" ON "gallery_categories" USING btree ("parent_id","position");--> statement-breakpoint
CREATE INDEX "gallery_images_gallery_idx" ON "gallery_images" USING btree ("gallery_id","position","id");--> statement-breakpoint
CREATE INDEX "gallery_images_checksum_idx" ON "gallery_images" USING btree ("checksum");--> statement-breakpoint
CREATE INDEX "magazines_kind_period_idx" ON "magazines" USING btree ("kind","year","month");--> statement-breakpoint
CREATE INDEX "mail_queue_due_idx" ON "mail_queue" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "press_kit_documents_language_idx" ON "press_kit_documents" USING btree ("language","position");--> statement-breakpoint
CREATE INDEX "press_release_files_release_idx" ON "press_release_files" USING btree ("press_release_id","kind","position");--> statement-breakpoint
CREATE INDEX "press_release_groups_group_idx" ON "press_release_groups" USING btree ("press_group_id");--> statement-breakpoint
CREATE INDEX "press_release_translations_search_en_idx" ON "press_release_translations" USING gin ("search_vector") WHERE language = 'en';--> statement-breakpoint
CREATE INDEX "press_release_translations_search_it_idx" ON "press_release_translations" USING gin ("search_vector") WHERE language = 'it';--> statement-breakpoint
CREATE INDEX "press_release_translations_search_fr_idx" ON "press_release_translations" USING gin ("search_vector") WHERE language = 'fr';--> statement-breakpoint
CREATE INDEX "press_release_translations_search_es_idx" ON "press_release_translations" USING gin ("search_vector") WHERE language = 'es';--> statement-breakpoint
CREATE INDEX "press_release_translations_search_de_idx" ON "press_release_translations" USING gin ("search_vector") WHERE language = 'de';--> statement-breakpoint
CREATE INDEX "press_release_translations_search_other_idx" ON "press_release_translations" USING gin ("search_vector") WHERE language not in ('en', 'it', 'fr', 'es', 'de');--> statement-breakpoint
CREATE INDEX "press_releases_publication_date_idx" ON "press_releases" USING btree ("publication_date");--> statement-breakpoint
CREATE INDEX "press_releases_status_idx" ON "press_releases" USING btree ("status","publication_date");--> statement-breakpoint
CREATE INDEX "press_releases_company_idx" ON "press_releases" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "press_releases_year_number_unique" ON "press_releases" USING btree (extract(year from "publication_date"),"number") WHERE "press_releases"."number" is not null;