ALTER TABLE "company_imports" ADD COLUMN "progress" jsonb;--> statement-breakpoint
ALTER TABLE "company_imports" ADD COLUMN "heartbeat_at" timestamp with time zone;