CREATE TABLE "award_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"award_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "award_category_jurors" (
	"category_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "award_category_jurors_category_id_user_id_pk" PRIMARY KEY("category_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "award_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"coverage_id" integer NOT NULL,
	"journalist_id" integer NOT NULL,
	"statement" varchar(1000) DEFAULT '' NOT NULL,
	"winner" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "award_scores" (
	"entry_id" integer NOT NULL,
	"juror_id" integer NOT NULL,
	"score" smallint NOT NULL,
	"comment" varchar(1000) DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "award_scores_entry_id_juror_id_pk" PRIMARY KEY("entry_id","juror_id"),
	CONSTRAINT "award_scores_range" CHECK ("award_scores"."score" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "awards" (
	"id" serial PRIMARY KEY NOT NULL,
	"press_group_id" integer NOT NULL,
	"edition_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"window_starts_on" date NOT NULL,
	"window_ends_on" date NOT NULL,
	"entry_deadline" timestamp with time zone NOT NULL,
	"entries_per_category" smallint DEFAULT 1 NOT NULL,
	"judging_closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "award_categories" ADD CONSTRAINT "award_categories_award_id_awards_id_fk" FOREIGN KEY ("award_id") REFERENCES "public"."awards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award_category_jurors" ADD CONSTRAINT "award_category_jurors_category_id_award_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."award_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award_category_jurors" ADD CONSTRAINT "award_category_jurors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award_entries" ADD CONSTRAINT "award_entries_category_id_award_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."award_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award_entries" ADD CONSTRAINT "award_entries_coverage_id_coverage_id_fk" FOREIGN KEY ("coverage_id") REFERENCES "public"."coverage"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award_entries" ADD CONSTRAINT "award_entries_journalist_id_users_id_fk" FOREIGN KEY ("journalist_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award_scores" ADD CONSTRAINT "award_scores_entry_id_award_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."award_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award_scores" ADD CONSTRAINT "award_scores_juror_id_users_id_fk" FOREIGN KEY ("juror_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "awards" ADD CONSTRAINT "awards_press_group_id_press_groups_id_fk" FOREIGN KEY ("press_group_id") REFERENCES "public"."press_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "awards" ADD CONSTRAINT "awards_edition_id_fair_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."fair_editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "award_categories_award_idx" ON "award_categories" USING btree ("award_id","position");--> statement-breakpoint
CREATE INDEX "award_category_jurors_user_idx" ON "award_category_jurors" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "award_entries_category_coverage_unique" ON "award_entries" USING btree ("category_id","coverage_id");--> statement-breakpoint
CREATE INDEX "award_entries_journalist_idx" ON "award_entries" USING btree ("journalist_id");--> statement-breakpoint
CREATE INDEX "award_scores_juror_idx" ON "award_scores" USING btree ("juror_id");--> statement-breakpoint
CREATE UNIQUE INDEX "awards_site_edition_unique" ON "awards" USING btree ("press_group_id","edition_id");