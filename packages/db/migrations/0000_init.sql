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
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_press_group_id_press_groups_id_fk" FOREIGN KEY ("press_group_id") REFERENCES "public"."press_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_role_groups" ADD CONSTRAINT "user_role_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_role_groups" ADD CONSTRAINT "user_role_groups_role_group_id_role_groups_id_fk" FOREIGN KEY ("role_group_id") REFERENCES "public"."role_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_release_groups" ADD CONSTRAINT "press_release_groups_press_release_id_press_releases_id_fk" FOREIGN KEY ("press_release_id") REFERENCES "public"."press_releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_release_groups" ADD CONSTRAINT "press_release_groups_press_group_id_press_groups_id_fk" FOREIGN KEY ("press_group_id") REFERENCES "public"."press_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_release_translations" ADD CONSTRAINT "press_release_translations_press_release_id_press_releases_id_fk" FOREIGN KEY ("press_release_id") REFERENCES "public"."press_releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "mail_queue_due_idx" ON "mail_queue" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "press_release_groups_group_idx" ON "press_release_groups" USING btree ("press_group_id");--> statement-breakpoint
CREATE INDEX "press_releases_publication_date_idx" ON "press_releases" USING btree ("publication_date");