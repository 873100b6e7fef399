CREATE TABLE "read_counts" (
	"day" date NOT NULL,
	"press_group_id" integer NOT NULL,
	"kind" varchar(30) NOT NULL,
	"item_id" integer DEFAULT 0 NOT NULL,
	"language" varchar(5) NOT NULL,
	"media_type" varchar(40) DEFAULT '' NOT NULL,
	"country" varchar(100) DEFAULT '' NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "read_counts_key" ON "read_counts" USING btree ("day","press_group_id","kind","item_id","language","media_type","country");