CREATE TABLE "programme_event_galleries" (
	"event_id" integer NOT NULL,
	"gallery_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "programme_event_galleries_event_id_gallery_id_pk" PRIMARY KEY("event_id","gallery_id")
);
--> statement-breakpoint
CREATE TABLE "programme_event_releases" (
	"event_id" integer NOT NULL,
	"release_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "programme_event_releases_event_id_release_id_pk" PRIMARY KEY("event_id","release_id")
);
--> statement-breakpoint
CREATE TABLE "programme_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"edition_id" integer NOT NULL,
	"exhibitor_id" integer,
	"type" varchar(20) NOT NULL,
	"status" varchar(12) DEFAULT 'proposed' NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"hall" varchar(40) NOT NULL,
	"room" varchar(80) DEFAULT '' NOT NULL,
	"stand" varchar(40) DEFAULT '' NOT NULL,
	"languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"capacity" integer,
	"signup_required" boolean DEFAULT false NOT NULL,
	"signed_up" integer DEFAULT 0 NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"proposed_by" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decline_reason" varchar(500) DEFAULT '' NOT NULL,
	"cancel_reason" varchar(500) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programme_feed_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"press_group_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"language" varchar(5) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programme_signups" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" varchar(12) NOT NULL,
	"language" varchar(5) NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_in_at" timestamp with time zone,
	"checked_in_by" integer,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fair_editions" ADD COLUMN "time_zone" varchar(64) DEFAULT 'Europe/Rome' NOT NULL;--> statement-breakpoint
ALTER TABLE "programme_event_galleries" ADD CONSTRAINT "programme_event_galleries_event_id_programme_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."programme_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_event_galleries" ADD CONSTRAINT "programme_event_galleries_gallery_id_galleries_id_fk" FOREIGN KEY ("gallery_id") REFERENCES "public"."galleries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_event_releases" ADD CONSTRAINT "programme_event_releases_event_id_programme_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."programme_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_event_releases" ADD CONSTRAINT "programme_event_releases_release_id_press_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."press_releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_events" ADD CONSTRAINT "programme_events_edition_id_fair_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."fair_editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_events" ADD CONSTRAINT "programme_events_exhibitor_id_exhibitors_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."exhibitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_events" ADD CONSTRAINT "programme_events_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_events" ADD CONSTRAINT "programme_events_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_feed_tokens" ADD CONSTRAINT "programme_feed_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_feed_tokens" ADD CONSTRAINT "programme_feed_tokens_press_group_id_press_groups_id_fk" FOREIGN KEY ("press_group_id") REFERENCES "public"."press_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_signups" ADD CONSTRAINT "programme_signups_event_id_programme_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."programme_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_signups" ADD CONSTRAINT "programme_signups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_signups" ADD CONSTRAINT "programme_signups_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "programme_event_galleries_gallery_idx" ON "programme_event_galleries" USING btree ("gallery_id");--> statement-breakpoint
CREATE INDEX "programme_event_releases_release_idx" ON "programme_event_releases" USING btree ("release_id");--> statement-breakpoint
CREATE INDEX "programme_events_edition_idx" ON "programme_events" USING btree ("edition_id","status","starts_at");--> statement-breakpoint
CREATE INDEX "programme_events_exhibitor_idx" ON "programme_events" USING btree ("exhibitor_id");--> statement-breakpoint
CREATE INDEX "programme_events_starts_idx" ON "programme_events" USING btree ("starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "programme_feed_tokens_hash_unique" ON "programme_feed_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "programme_feed_tokens_user_site_unique" ON "programme_feed_tokens" USING btree ("user_id","press_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "programme_signups_event_user_unique" ON "programme_signups" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE INDEX "programme_signups_queue_idx" ON "programme_signups" USING btree ("event_id","status","queued_at","id");--> statement-breakpoint
CREATE INDEX "programme_signups_user_idx" ON "programme_signups" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "programme_signups_reminder_idx" ON "programme_signups" USING btree ("event_id") WHERE "programme_signups"."status" = 'signed_up' and "programme_signups"."reminded_at" is null;