-- The picture search (features/gallery/picture-search*.ts) reads one stored text per picture: its captions,
-- keywords, credit, companies and brands, lower case and without accents, served by a trigram index (pg_trgm,
-- a trusted contrib module PGlite loads as an extension: packages/db/src/client.ts). The database keeps the
-- text current: a picture's own columns through a BEFORE trigger, and a change to what it borrows (its tags,
-- its gallery's or release's company, a company's or brand's name, a company's brands) by "touching" the
-- pictures concerned (search_text = ''), which runs that trigger again. Whoever writes (the API, imports, the
-- command line, a test writing rows), the text follows in the same transaction.
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
--> statement-breakpoint
ALTER TABLE "gallery_images" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "press_release_files" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "gallery_images_search_text_idx" ON "gallery_images" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "press_release_files_search_text_idx" ON "press_release_files" USING gin ("search_text" gin_trgm_ops) WHERE "press_release_files"."kind" = 'image';
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.search_fold(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.immutable_unaccent($1)) $$;
--> statement-breakpoint
-- Names of companies (every name they go by) and of brands (tagged, or carried by those companies).
CREATE FUNCTION public.picture_owner_text(company_ids integer[], tagged_brand_ids integer[]) RETURNS text
  LANGUAGE sql STABLE
  AS $$
    SELECT concat_ws(' ',
      (SELECT string_agg(concat_ws(' ', c.business_name, c.pub_business_name, c.short_name), ' ')
         FROM public.companies c WHERE c.id = ANY (company_ids)),
      (SELECT string_agg(b.name, ' ') FROM public.brands b
         WHERE b.id = ANY (tagged_brand_ids)
            OR b.id IN (SELECT cb.brand_id FROM public.company_brands cb WHERE cb.company_id = ANY (company_ids))))
  $$;
--> statement-breakpoint
CREATE FUNCTION public.gallery_image_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  company_ids integer[];
  brand_ids integer[];
BEGIN
  SELECT coalesce(array_agg(owned.id), '{}') INTO company_ids FROM (
    SELECT g.company_id AS id FROM public.galleries g WHERE g.id = NEW.gallery_id AND g.company_id IS NOT NULL
    UNION SELECT t.company_id FROM public.gallery_image_companies t WHERE t.image_id = NEW.id
  ) owned;
  SELECT coalesce(array_agg(t.brand_id), '{}') INTO brand_ids
    FROM public.gallery_image_brands t WHERE t.image_id = NEW.id;
  NEW.search_text := public.search_fold(concat_ws(' ',
    (SELECT string_agg(caption.value, ' ') FROM jsonb_each_text(NEW.captions) caption),
    array_to_string(NEW.keywords, ' '),
    NEW.credit,
    public.picture_owner_text(company_ids, brand_ids)));
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "gallery_images_search_text"
  BEFORE INSERT OR UPDATE OF captions, keywords, credit, gallery_id, search_text ON "gallery_images"
  FOR EACH ROW EXECUTE FUNCTION public.gallery_image_search_text();
--> statement-breakpoint
-- A release picture's caption is its title; its company is its release's.
CREATE FUNCTION public.release_file_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  company_ids integer[];
BEGIN
  SELECT coalesce(array_agg(r.company_id), '{}') INTO company_ids
    FROM public.press_releases r WHERE r.id = NEW.press_release_id AND r.company_id IS NOT NULL;
  NEW.search_text := public.search_fold(concat_ws(' ',
    NEW.title,
    NEW.credit,
    public.picture_owner_text(company_ids, '{}')));
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "press_release_files_search_text"
  BEFORE INSERT OR UPDATE OF title, credit, press_release_id, search_text ON "press_release_files"
  FOR EACH ROW EXECUTE FUNCTION public.release_file_search_text();
--> statement-breakpoint
-- Every picture a company's name or brands show in: its galleries', those tagged with it, its releases'.
CREATE FUNCTION public.touch_company_pictures(company integer) RETURNS void LANGUAGE sql AS $$
  UPDATE public.gallery_images SET search_text = ''
    WHERE gallery_id IN (SELECT g.id FROM public.galleries g WHERE g.company_id = company)
       OR id IN (SELECT t.image_id FROM public.gallery_image_companies t WHERE t.company_id = company);
  UPDATE public.press_release_files SET search_text = ''
    WHERE press_release_id IN (SELECT r.id FROM public.press_releases r WHERE r.company_id = company);
$$;
--> statement-breakpoint
CREATE FUNCTION public.picture_search_touch() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  IF TG_TABLE_NAME IN ('gallery_image_companies', 'gallery_image_brands') THEN
    UPDATE public.gallery_images SET search_text = '' WHERE id = changed.image_id;
  ELSIF TG_TABLE_NAME = 'galleries' THEN
    UPDATE public.gallery_images SET search_text = '' WHERE gallery_id = changed.id;
  ELSIF TG_TABLE_NAME = 'press_releases' THEN
    UPDATE public.press_release_files SET search_text = '' WHERE press_release_id = changed.id;
  ELSIF TG_TABLE_NAME = 'companies' THEN
    PERFORM public.touch_company_pictures(changed.id);
  ELSIF TG_TABLE_NAME = 'company_brands' THEN
    PERFORM public.touch_company_pictures(changed.company_id);
  ELSIF TG_TABLE_NAME = 'brands' THEN
    UPDATE public.gallery_images SET search_text = ''
      WHERE id IN (SELECT t.image_id FROM public.gallery_image_brands t WHERE t.brand_id = changed.id);
    PERFORM public.touch_company_pictures(cb.company_id)
      FROM public.company_brands cb WHERE cb.brand_id = changed.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "gallery_image_companies_search_text"
  AFTER INSERT OR DELETE ON "gallery_image_companies"
  FOR EACH ROW EXECUTE FUNCTION public.picture_search_touch();
--> statement-breakpoint
CREATE TRIGGER "gallery_image_brands_search_text"
  AFTER INSERT OR DELETE ON "gallery_image_brands"
  FOR EACH ROW EXECUTE FUNCTION public.picture_search_touch();
--> statement-breakpoint
CREATE TRIGGER "galleries_search_text"
  AFTER UPDATE OF company_id ON "galleries"
  FOR EACH ROW WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id) EXECUTE FUNCTION public.picture_search_touch();
--> statement-breakpoint
CREATE TRIGGER "press_releases_search_text"
  AFTER UPDATE OF company_id ON "press_releases"
  FOR EACH ROW WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id) EXECUTE FUNCTION public.picture_search_touch();
--> statement-breakpoint
CREATE TRIGGER "companies_search_text"
  AFTER UPDATE OF business_name, pub_business_name, short_name ON "companies"
  FOR EACH ROW WHEN (
    OLD.business_name IS DISTINCT FROM NEW.business_name
    OR OLD.pub_business_name IS DISTINCT FROM NEW.pub_business_name
    OR OLD.short_name IS DISTINCT FROM NEW.short_name
  ) EXECUTE FUNCTION public.picture_search_touch();
--> statement-breakpoint
CREATE TRIGGER "company_brands_search_text"
  AFTER INSERT OR DELETE ON "company_brands"
  FOR EACH ROW EXECUTE FUNCTION public.picture_search_touch();
--> statement-breakpoint
CREATE TRIGGER "brands_search_text"
  AFTER UPDATE OF name ON "brands"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION public.picture_search_touch();
--> statement-breakpoint
-- The pictures already stored.
UPDATE "gallery_images" SET "search_text" = '';
--> statement-breakpoint
UPDATE "press_release_files" SET "search_text" = '';
