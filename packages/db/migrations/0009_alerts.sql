CREATE TABLE "alert_digest_days" (
	"day" date PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queued" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_runs" (
	"press_release_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	"queued" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "alert_runs_press_release_id_kind_pk" PRIMARY KEY("press_release_id","kind")
);
--> statement-breakpoint
CREATE TABLE "alert_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"press_group_id" integer NOT NULL,
	"email" varchar(254) NOT NULL,
	"user_id" integer,
	"languages" jsonb NOT NULL,
	"company_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"brand_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"frequency" varchar(8) DEFAULT 'each' NOT NULL,
	"embargoed_early" boolean DEFAULT false NOT NULL,
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"token" varchar(64) NOT NULL,
	"notice_version" varchar(20) NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"consent_language" varchar(5) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "alert_release_id" integer;--> statement-breakpoint
ALTER TABLE "alert_runs" ADD CONSTRAINT "alert_runs_press_release_id_press_releases_id_fk" FOREIGN KEY ("press_release_id") REFERENCES "public"."press_releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_subscriptions" ADD CONSTRAINT "alert_subscriptions_press_group_id_press_groups_id_fk" FOREIGN KEY ("press_group_id") REFERENCES "public"."press_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_subscriptions" ADD CONSTRAINT "alert_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_runs_due_idx" ON "alert_runs" USING btree ("due_at") WHERE "alert_runs"."done_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_subscriptions_token_unique" ON "alert_subscriptions" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_subscriptions_site_email_unique" ON "alert_subscriptions" USING btree ("press_group_id",lower("email"));--> statement-breakpoint
CREATE INDEX "alert_subscriptions_active_idx" ON "alert_subscriptions" USING btree ("press_group_id","status","frequency");--> statement-breakpoint
CREATE INDEX "mail_queue_alert_release_idx" ON "mail_queue" USING btree ("alert_release_id") WHERE "mail_queue"."alert_release_id" is not null;