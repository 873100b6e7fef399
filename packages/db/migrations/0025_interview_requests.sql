CREATE TABLE "interview_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"exhibitor_id" integer NOT NULL,
	"journalist_id" integer,
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"topic" varchar(200) NOT NULL,
	"language" varchar(5) NOT NULL,
	"format" varchar(10) NOT NULL,
	"preferred_times" jsonb NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"journalist_name" varchar(200) NOT NULL,
	"outlet" varchar(150) NOT NULL,
	"email" varchar(254) NOT NULL,
	"phone" varchar(40) DEFAULT '' NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"consent_press_group_id" integer,
	"consent_notice_version" varchar(20) NOT NULL,
	"consent_language" varchar(5) NOT NULL,
	"scheduled_at" timestamp with time zone,
	"place" varchar(200) DEFAULT '' NOT NULL,
	"decline_reason" varchar(500) DEFAULT '' NOT NULL,
	"cancelled_by" varchar(12),
	"cancel_reason" varchar(500) DEFAULT '' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "calendar" jsonb;--> statement-breakpoint
ALTER TABLE "interview_requests" ADD CONSTRAINT "interview_requests_exhibitor_id_exhibitors_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."exhibitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_requests" ADD CONSTRAINT "interview_requests_journalist_id_users_id_fk" FOREIGN KEY ("journalist_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_requests" ADD CONSTRAINT "interview_requests_consent_press_group_id_press_groups_id_fk" FOREIGN KEY ("consent_press_group_id") REFERENCES "public"."press_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interview_requests_exhibitor_idx" ON "interview_requests" USING btree ("exhibitor_id","created_at");--> statement-breakpoint
CREATE INDEX "interview_requests_journalist_idx" ON "interview_requests" USING btree ("journalist_id","created_at" desc);