ALTER TABLE "users" ALTER COLUMN "country" SET DATA TYPE varchar(2);--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "country" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "companies" ALTER COLUMN "country" SET DATA TYPE varchar(2);--> statement-breakpoint
ALTER TABLE "companies" ALTER COLUMN "country" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "companies" ALTER COLUMN "pub_country" SET DATA TYPE varchar(2);--> statement-breakpoint
ALTER TABLE "companies" ALTER COLUMN "pub_country" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "read_counts" ALTER COLUMN "country" SET DATA TYPE varchar(2);--> statement-breakpoint
ALTER TABLE "read_counts" ALTER COLUMN "country" SET DEFAULT '';