CREATE TABLE "campaign_mails" (
	"token" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" integer NOT NULL,
	"user_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"press_group_id" integer NOT NULL,
	"press_release_id" integer NOT NULL,
	"list_ids" jsonb NOT NULL,
	"status" varchar(12) DEFAULT 'scheduled' NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"queued_at" timestamp with time zone,
	"recipients" integer DEFAULT 0 NOT NULL,
	"refusal" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "press_mail_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"agreed" boolean NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	"press_group_id" integer,
	"notice_version" varchar(20) NOT NULL,
	"language" varchar(5) NOT NULL,
	"campaign_id" integer
);
--> statement-breakpoint
CREATE TABLE "recipient_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"press_group_id" integer NOT NULL,
	"name" varchar(150) NOT NULL,
	"filters" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "campaign_id" integer;--> statement-breakpoint
ALTER TABLE "campaign_mails" ADD CONSTRAINT "campaign_mails_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_mails" ADD CONSTRAINT "campaign_mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_press_group_id_press_groups_id_fk" FOREIGN KEY ("press_group_id") REFERENCES "public"."press_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_press_release_id_press_releases_id_fk" FOREIGN KEY ("press_release_id") REFERENCES "public"."press_releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_mail_consents" ADD CONSTRAINT "press_mail_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_mail_consents" ADD CONSTRAINT "press_mail_consents_press_group_id_press_groups_id_fk" FOREIGN KEY ("press_group_id") REFERENCES "public"."press_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipient_lists" ADD CONSTRAINT "recipient_lists_press_group_id_press_groups_id_fk" FOREIGN KEY ("press_group_id") REFERENCES "public"."press_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipient_lists" ADD CONSTRAINT "recipient_lists_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_mails_campaign_user_unique" ON "campaign_mails" USING btree ("campaign_id","user_id");--> statement-breakpoint
CREATE INDEX "campaigns_due_idx" ON "campaigns" USING btree ("send_at") WHERE "campaigns"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "campaigns_site_idx" ON "campaigns" USING btree ("press_group_id","created_at");--> statement-breakpoint
CREATE INDEX "press_mail_consents_user_latest_idx" ON "press_mail_consents" USING btree ("user_id","answered_at","id");--> statement-breakpoint
CREATE INDEX "press_mail_consents_campaign_idx" ON "press_mail_consents" USING btree ("campaign_id") WHERE "press_mail_consents"."campaign_id" is not null;--> statement-breakpoint
CREATE INDEX "recipient_lists_site_idx" ON "recipient_lists" USING btree ("press_group_id","name");--> statement-breakpoint
CREATE INDEX "mail_queue_campaign_idx" ON "mail_queue" USING btree ("campaign_id") WHERE "mail_queue"."campaign_id" is not null;