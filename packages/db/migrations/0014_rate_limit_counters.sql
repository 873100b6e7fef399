-- The rate limits' counters, shared by every app server. UNLOGGED (drizzle-kit cannot say it, hence a custom
-- migration): a counter is worth nothing after a crash, so it is written without WAL, which makes a hit
-- cheaper; a crash or a failover empties the table, which only hands callers a fresh window.
CREATE UNLOGGED TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counters_expires_at_idx" ON "rate_limit_counters" USING btree ("expires_at");
