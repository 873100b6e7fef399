CREATE TABLE "press_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"press_group_id" integer NOT NULL,
	"name" varchar(120) NOT NULL,
	"role" varchar(160) DEFAULT '' NOT NULL,
	"email" varchar(254) DEFAULT '' NOT NULL,
	"phone" varchar(40) DEFAULT '' NOT NULL,
	"languages" varchar(5)[] DEFAULT '{}' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"photo" "bytea",
	"photo_version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "press_release_contacts" (
	"press_release_id" integer NOT NULL,
	"press_contact_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "press_release_contacts_press_release_id_press_contact_id_pk" PRIMARY KEY("press_release_id","press_contact_id")
);
--> statement-breakpoint
CREATE TABLE "site_boilerplates" (
	"press_group_id" integer NOT NULL,
	"language" varchar(5) NOT NULL,
	"text" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_boilerplates_press_group_id_language_pk" PRIMARY KEY("press_group_id","language")
);
--> statement-breakpoint
ALTER TABLE "press_contacts" ADD CONSTRAINT "press_contacts_press_group_id_press_groups_id_fk" FOREIGN KEY ("press_group_id") REFERENCES "public"."press_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_release_contacts" ADD CONSTRAINT "press_release_contacts_press_release_id_press_releases_id_fk" FOREIGN KEY ("press_release_id") REFERENCES "public"."press_releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_release_contacts" ADD CONSTRAINT "press_release_contacts_press_contact_id_press_contacts_id_fk" FOREIGN KEY ("press_contact_id") REFERENCES "public"."press_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_boilerplates" ADD CONSTRAINT "site_boilerplates_press_group_id_press_groups_id_fk" FOREIGN KEY ("press_group_id") REFERENCES "public"."press_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "press_contacts_group_idx" ON "press_contacts" USING btree ("press_group_id","position");--> statement-breakpoint
CREATE INDEX "press_release_contacts_contact_idx" ON "press_release_contacts" USING btree ("press_contact_id");