-- Embargo previews (PRODUCT.md section 13, decision 30): named people invited to read an embargoed release
-- through a personal link, kept only as the SHA-256 of its token; one invitation per address and release, with
-- when it was first and last opened and how often.
CREATE TABLE "release_preview_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"press_release_id" integer NOT NULL,
	"user_id" integer,
	"email" varchar(254) NOT NULL,
	"name" varchar(200) NOT NULL,
	"language" varchar(5) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"invited_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"first_opened_at" timestamp with time zone,
	"last_opened_at" timestamp with time zone,
	"open_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "release_preview_invitations" ADD CONSTRAINT "release_preview_invitations_press_release_id_press_releases_id_fk" FOREIGN KEY ("press_release_id") REFERENCES "public"."press_releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_preview_invitations" ADD CONSTRAINT "release_preview_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_preview_invitations" ADD CONSTRAINT "release_preview_invitations_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "release_preview_invitations_token_idx" ON "release_preview_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "release_preview_invitations_release_email_idx" ON "release_preview_invitations" USING btree ("press_release_id","email");--> statement-breakpoint
CREATE INDEX "release_preview_invitations_user_idx" ON "release_preview_invitations" USING btree ("user_id") WHERE "release_preview_invitations"."user_id" is not null;