CREATE TABLE "gallery_image_brands" (
	"image_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	CONSTRAINT "gallery_image_brands_image_id_brand_id_pk" PRIMARY KEY("image_id","brand_id")
);
--> statement-breakpoint
CREATE TABLE "gallery_image_companies" (
	"image_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	CONSTRAINT "gallery_image_companies_image_id_company_id_pk" PRIMARY KEY("image_id","company_id")
);
--> statement-breakpoint
ALTER TABLE "gallery_image_brands" ADD CONSTRAINT "gallery_image_brands_image_id_gallery_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."gallery_images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_image_brands" ADD CONSTRAINT "gallery_image_brands_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_image_companies" ADD CONSTRAINT "gallery_image_companies_image_id_gallery_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."gallery_images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_image_companies" ADD CONSTRAINT "gallery_image_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gallery_image_brands_brand_idx" ON "gallery_image_brands" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "gallery_image_companies_company_idx" ON "gallery_image_companies" USING btree ("company_id");