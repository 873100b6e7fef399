CREATE TABLE "company_press_boxes" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"descriptions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"website" varchar(300) DEFAULT '' NOT NULL,
	"logo_path" varchar(300),
	"logo_version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_press_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(120) NOT NULL,
	"roles" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"email" varchar(254) DEFAULT '' NOT NULL,
	"phone" varchar(40) DEFAULT '' NOT NULL,
	"languages" varchar(5)[] DEFAULT '{}' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"photo_path" varchar(300),
	"photo_version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exhibitor_stands" (
	"id" serial PRIMARY KEY NOT NULL,
	"exhibitor_id" integer NOT NULL,
	"hall" varchar(40) NOT NULL,
	"stand" varchar(40) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exhibitors" (
	"id" serial PRIMARY KEY NOT NULL,
	"edition_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"category" varchar(40),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "press_box_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"contact_id" integer,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"file_path" varchar(300),
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"proposed_by" integer,
	"proposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_imports" ADD COLUMN "target" varchar(12) DEFAULT 'companies' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_imports" ADD COLUMN "edition_id" integer;--> statement-breakpoint
ALTER TABLE "company_press_boxes" ADD CONSTRAINT "company_press_boxes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_press_contacts" ADD CONSTRAINT "company_press_contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibitor_stands" ADD CONSTRAINT "exhibitor_stands_exhibitor_id_exhibitors_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."exhibitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibitors" ADD CONSTRAINT "exhibitors_edition_id_fair_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."fair_editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibitors" ADD CONSTRAINT "exhibitors_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_box_changes" ADD CONSTRAINT "press_box_changes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_box_changes" ADD CONSTRAINT "press_box_changes_contact_id_company_press_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."company_press_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_box_changes" ADD CONSTRAINT "press_box_changes_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_box_changes" ADD CONSTRAINT "press_box_changes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_press_contacts_company_idx" ON "company_press_contacts" USING btree ("company_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "exhibitor_stands_unique" ON "exhibitor_stands" USING btree ("exhibitor_id",lower("hall"),lower("stand"));--> statement-breakpoint
CREATE INDEX "exhibitor_stands_hall_idx" ON "exhibitor_stands" USING btree (lower("hall"));--> statement-breakpoint
CREATE UNIQUE INDEX "exhibitors_edition_company_unique" ON "exhibitors" USING btree ("edition_id","company_id");--> statement-breakpoint
CREATE INDEX "exhibitors_company_idx" ON "exhibitors" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "press_box_changes_company_idx" ON "press_box_changes" USING btree ("company_id","status","proposed_at");--> statement-breakpoint
ALTER TABLE "company_imports" ADD CONSTRAINT "company_imports_edition_id_fair_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."fair_editions"("id") ON DELETE set null ON UPDATE no action;