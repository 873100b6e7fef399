DROP INDEX "read_counts_key";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "country_unmapped" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "country_unmapped" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "pub_country_unmapped" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "read_counts" ADD COLUMN "country_unmapped" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "read_counts_key" ON "read_counts" USING btree ("day","press_group_id","kind","item_id","language","media_type","country","country_unmapped");