CREATE TABLE "coverage" (
	"id" serial PRIMARY KEY NOT NULL,
	"press_group_id" integer NOT NULL,
	"edition_id" integer,
	"url" varchar(2100) NOT NULL,
	"url_key" varchar(2100) NOT NULL,
	"title" varchar(300) NOT NULL,
	"outlet" varchar(150) NOT NULL,
	"published_on" date NOT NULL,
	"language" varchar(5) NOT NULL,
	"country" varchar(2) NOT NULL,
	"media_type" varchar(30) NOT NULL,
	"reach" integer,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"reject_reason" varchar(500) DEFAULT '' NOT NULL,
	"reporter_id" integer,
	"reported_by_office" boolean DEFAULT false NOT NULL,
	"show_name" boolean DEFAULT false NOT NULL,
	"clipping_path" varchar(300),
	"clipping_name" varchar(255),
	"clipping_mime" varchar(60),
	"clipping_size" bigint,
	"clipping_checksum" varchar(64),
	"decided_by_id" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coverage_exhibitors" (
	"coverage_id" integer NOT NULL,
	"exhibitor_id" integer NOT NULL,
	CONSTRAINT "coverage_exhibitors_coverage_id_exhibitor_id_pk" PRIMARY KEY("coverage_id","exhibitor_id")
);
--> statement-breakpoint
CREATE TABLE "coverage_releases" (
	"coverage_id" integer NOT NULL,
	"press_release_id" integer NOT NULL,
	CONSTRAINT "coverage_releases_coverage_id_press_release_id_pk" PRIMARY KEY("coverage_id","press_release_id")
);
--> statement-breakpoint
ALTER TABLE "coverage" ADD CONSTRAINT "coverage_press_group_id_press_groups_id_fk" FOREIGN KEY ("press_group_id") REFERENCES "public"."press_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverage" ADD CONSTRAINT "coverage_edition_id_fair_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."fair_editions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverage" ADD CONSTRAINT "coverage_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverage" ADD CONSTRAINT "coverage_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverage_exhibitors" ADD CONSTRAINT "coverage_exhibitors_coverage_id_coverage_id_fk" FOREIGN KEY ("coverage_id") REFERENCES "public"."coverage"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverage_exhibitors" ADD CONSTRAINT "coverage_exhibitors_exhibitor_id_exhibitors_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."exhibitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverage_releases" ADD CONSTRAINT "coverage_releases_coverage_id_coverage_id_fk" FOREIGN KEY ("coverage_id") REFERENCES "public"."coverage"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverage_releases" ADD CONSTRAINT "coverage_releases_press_release_id_press_releases_id_fk" FOREIGN KEY ("press_release_id") REFERENCES "public"."press_releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coverage_site_url_unique" ON "coverage" USING btree ("press_group_id","url_key");--> statement-breakpoint
CREATE INDEX "coverage_public_idx" ON "coverage" USING btree ("press_group_id","status","published_on" desc);--> statement-breakpoint
CREATE INDEX "coverage_reporter_idx" ON "coverage" USING btree ("reporter_id","created_at" desc);--> statement-breakpoint
CREATE INDEX "coverage_edition_idx" ON "coverage" USING btree ("edition_id");--> statement-breakpoint
CREATE INDEX "coverage_exhibitors_exhibitor_idx" ON "coverage_exhibitors" USING btree ("exhibitor_id");--> statement-breakpoint
CREATE INDEX "coverage_releases_release_idx" ON "coverage_releases" USING btree ("press_release_id");