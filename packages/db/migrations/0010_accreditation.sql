CREATE TABLE "accreditation_proofs" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"storage_path" varchar(255) NOT NULL,
	"mime" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"checksum" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accreditation_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"edition_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" varchar(20) DEFAULT 'received' NOT NULL,
	"media_type" varchar(40) NOT NULL,
	"outlet" varchar(150) NOT NULL,
	"role" varchar(100) NOT NULL,
	"proof_kind" varchar(20) NOT NULL,
	"article_date" date,
	"message" text DEFAULT '' NOT NULL,
	"question" text DEFAULT '' NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"badge_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fair_editions" (
	"id" serial PRIMARY KEY NOT NULL,
	"press_group_id" integer NOT NULL,
	"name" varchar(150) NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"proof_required" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accreditation_proofs" ADD CONSTRAINT "accreditation_proofs_request_id_accreditation_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."accreditation_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accreditation_requests" ADD CONSTRAINT "accreditation_requests_edition_id_fair_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."fair_editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accreditation_requests" ADD CONSTRAINT "accreditation_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accreditation_requests" ADD CONSTRAINT "accreditation_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fair_editions" ADD CONSTRAINT "fair_editions_press_group_id_press_groups_id_fk" FOREIGN KEY ("press_group_id") REFERENCES "public"."press_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accreditation_proofs_request_idx" ON "accreditation_proofs" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accreditation_requests_edition_user_unique" ON "accreditation_requests" USING btree ("edition_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accreditation_requests_badge_unique" ON "accreditation_requests" USING btree ("badge_id");--> statement-breakpoint
CREATE INDEX "accreditation_requests_status_idx" ON "accreditation_requests" USING btree ("edition_id","status","created_at");--> statement-breakpoint
CREATE INDEX "accreditation_requests_user_idx" ON "accreditation_requests" USING btree ("user_id","created_at" desc);--> statement-breakpoint
CREATE INDEX "fair_editions_site_idx" ON "fair_editions" USING btree ("press_group_id","ends_on");