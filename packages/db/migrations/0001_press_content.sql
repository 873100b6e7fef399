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
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_press_group_id_press_groups_id_fk" FOREIGN KEY ("press_group_id") REFERENCES "public"."press_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "galleries" ADD CONSTRAINT "galleries_category_id_gallery_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."gallery_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_categories" ADD CONSTRAINT "gallery_categories_parent_id_gallery_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."gallery_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_images" ADD CONSTRAINT "gallery_images_gallery_id_galleries_id_fk" FOREIGN KEY ("gallery_id") REFERENCES "public"."galleries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "galleries_category_idx" ON "galleries" USING btree ("category_id","position");--> statement-breakpoint
CREATE INDEX "gallery_categories_parent_idx" ON "gallery_categories" USING btree ("parent_id","position");--> statement-breakpoint
CREATE INDEX "gallery_images_gallery_idx" ON "gallery_images" USING btree ("gallery_id","position","id");--> statement-breakpoint
CREATE INDEX "gallery_images_checksum_idx" ON "gallery_images" USING btree ("checksum");--> statement-breakpoint
CREATE INDEX "magazines_kind_period_idx" ON "magazines" USING btree ("kind","year","month");--> statement-breakpoint
CREATE INDEX "press_kit_documents_language_idx" ON "press_kit_documents" USING btree ("language","position");