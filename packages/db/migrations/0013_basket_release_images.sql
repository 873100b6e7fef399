CREATE TABLE "basket_release_files" (
	"user_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"press_group_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "basket_release_files_user_id_file_id_pk" PRIMARY KEY("user_id","file_id")
);
--> statement-breakpoint
ALTER TABLE "basket_release_files" ADD CONSTRAINT "basket_release_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basket_release_files" ADD CONSTRAINT "basket_release_files_file_id_press_release_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."press_release_files"("id") ON DELETE cascade ON UPDATE no action;