ALTER TABLE "campaign_mails" ALTER COLUMN "campaign_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ALTER COLUMN "press_release_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "programme_event_id" integer;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_programme_event_id_programme_events_id_fk" FOREIGN KEY ("programme_event_id") REFERENCES "public"."programme_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_release_or_event" CHECK (("campaigns"."press_release_id" is null) <> ("campaigns"."programme_event_id" is null));