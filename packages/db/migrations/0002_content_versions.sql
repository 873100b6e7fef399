CREATE TABLE "content_versions" (
	"name" varchar(40) PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "press_releases_embargo_until_idx" ON "press_releases" USING btree ("embargo_until") WHERE "press_releases"."embargo_until" is not null;