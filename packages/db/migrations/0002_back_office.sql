CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_name" varchar(200) NOT NULL,
	"short_name" varchar(100) DEFAULT '' NOT NULL,
	"address" varchar(200) DEFAULT '' NOT NULL,
	"city" varchar(100) DEFAULT '' NOT NULL,
	"state" varchar(100) DEFAULT '' NOT NULL,
	"country" varchar(100) DEFAULT '' NOT NULL,
	"postal_code" varchar(20) DEFAULT '' NOT NULL,
	"telephone" varchar(50) DEFAULT '' NOT NULL,
	"fax" varchar(50) DEFAULT '' NOT NULL,
	"vat" varchar(30) DEFAULT '' NOT NULL,
	"email" varchar(254) DEFAULT '' NOT NULL,
	"website" varchar(300) DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"typology" varchar(80) DEFAULT '' NOT NULL,
	"association_status" varchar(20) DEFAULT 'non_member' NOT NULL,
	"pub_business_name" varchar(200) DEFAULT '' NOT NULL,
	"pub_address" varchar(200) DEFAULT '' NOT NULL,
	"pub_postal_code" varchar(20) DEFAULT '' NOT NULL,
	"pub_city" varchar(100) DEFAULT '' NOT NULL,
	"pub_state" varchar(100) DEFAULT '' NOT NULL,
	"pub_country" varchar(100) DEFAULT '' NOT NULL,
	"pub_telephone" varchar(50) DEFAULT '' NOT NULL,
	"pub_fax" varchar(50) DEFAULT '' NOT NULL,
	"pub_website" varchar(300) DEFAULT '' NOT NULL,
	"pub_email" varchar(254) DEFAULT '' NOT NULL,
	"match_key" varchar(310) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_brands" (
	"company_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	CONSTRAINT "company_brands_company_id_brand_id_pk" PRIMARY KEY("company_id","brand_id")
);
--> statement-breakpoint
CREATE TABLE "company_import_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"phase" varchar(10) NOT NULL,
	"row_number" integer NOT NULL,
	"outcome" varchar(12) NOT NULL,
	"reason" varchar(60) NOT NULL,
	"reason_params" jsonb,
	"errors" jsonb,
	"company_id" integer,
	"business_name" varchar(200) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"stored_path" varchar(500) NOT NULL,
	"format" varchar(10) NOT NULL,
	"size" integer NOT NULL,
	"status" varchar(12) DEFAULT 'uploaded' NOT NULL,
	"tables" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"table_name" varchar(200),
	"mapping" jsonb,
	"source" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"row_count" integer,
	"dry_run" jsonb,
	"report" jsonb,
	"error" varchar(120),
	"error_params" jsonb,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "error_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"level" varchar(10) NOT NULL,
	"message" varchar(2000) NOT NULL,
	"name" varchar(150) DEFAULT '' NOT NULL,
	"email" varchar(254) DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"url" varchar(2000) DEFAULT '' NOT NULL,
	"stack" text DEFAULT '' NOT NULL,
	"user_agent" varchar(500) DEFAULT '' NOT NULL,
	"language" varchar(5) NOT NULL,
	"site" varchar(120),
	"user_id" integer
);
--> statement-breakpoint
ALTER TABLE "company_brands" ADD CONSTRAINT "company_brands_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_brands" ADD CONSTRAINT "company_brands_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_import_rows" ADD CONSTRAINT "company_import_rows_import_id_company_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."company_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_import_rows" ADD CONSTRAINT "company_import_rows_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_imports" ADD CONSTRAINT "company_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "error_reports" ADD CONSTRAINT "error_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "brands_name_lower_unique" ON "brands" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "companies_vat_unique" ON "companies" USING btree ("vat") WHERE "companies"."vat" <> '';--> statement-breakpoint
CREATE INDEX "companies_match_key_idx" ON "companies" USING btree ("match_key");--> statement-breakpoint
CREATE INDEX "companies_business_name_idx" ON "companies" USING btree ("business_name");--> statement-breakpoint
CREATE INDEX "company_brands_brand_idx" ON "company_brands" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "company_import_rows_import_idx" ON "company_import_rows" USING btree ("import_id","phase","row_number");--> statement-breakpoint
CREATE INDEX "company_imports_created_at_idx" ON "company_imports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "error_reports_created_at_idx" ON "error_reports" USING btree ("created_at");