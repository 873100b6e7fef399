-- The picture search (features/gallery/picture-search*.ts) finds videos beside the pictures, by one stored text
-- per video kept as the pictures' is (migration 0033): its titles in every language, its credit, and the names
-- of its release's or gallery's company and that company's brands, lower case and without accents, served by
-- a trigram index; a BEFORE trigger computes it from the row, and the touches of migration 0033 (a release's
-- or gallery's company, a company's names or brands, a brand's name) now touch the videos concerned too.
-- Every write to a video already raises the 'press_releases' content version (migration 0034), one of the two
-- the search's kept counts and pages are kept at, so a video added, changed or removed is found at once.
ALTER TABLE "videos" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "videos_search_text_idx" ON "videos" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "videos_newest_idx" ON "videos" USING btree ("created_at","id");
--> statement-breakpoint
CREATE FUNCTION public.video_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  company_ids integer[];
BEGIN
  SELECT coalesce(array_agg(owned.id), '{}') INTO company_ids FROM (
    SELECT g.company_id AS id FROM public.galleries g WHERE g.id = NEW.gallery_id AND g.company_id IS NOT NULL
    UNION SELECT r.company_id FROM public.press_releases r
      WHERE r.id = NEW.press_release_id AND r.company_id IS NOT NULL
  ) owned;
  NEW.search_text := public.search_fold(concat_ws(' ',
    (SELECT string_agg(title.value, ' ') FROM jsonb_each_text(NEW.titles) title),
    NEW.credit,
    public.picture_owner_text(company_ids, '{}')));
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "videos_search_text"
  BEFORE INSERT OR UPDATE OF titles, credit, gallery_id, press_release_id, search_text ON "videos"
  FOR EACH ROW EXECUTE FUNCTION public.video_search_text();
--> statement-breakpoint
-- Every picture and video a company's name or brands show in: its galleries', those tagged with it, its
-- releases'.
CREATE OR REPLACE FUNCTION public.touch_company_pictures(company integer) RETURNS void LANGUAGE sql AS $$
  UPDATE public.gallery_images SET search_text = ''
    WHERE gallery_id IN (SELECT g.id FROM public.galleries g WHERE g.company_id = company)
       OR id IN (SELECT t.image_id FROM public.gallery_image_companies t WHERE t.company_id = company);
  UPDATE public.press_release_files SET search_text = ''
    WHERE press_release_id IN (SELECT r.id FROM public.press_releases r WHERE r.company_id = company);
  UPDATE public.videos SET search_text = ''
    WHERE gallery_id IN (SELECT g.id FROM public.galleries g WHERE g.company_id = company)
       OR press_release_id IN (SELECT r.id FROM public.press_releases r WHERE r.company_id = company);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.picture_search_touch() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  IF TG_TABLE_NAME IN ('gallery_image_companies', 'gallery_image_brands') THEN
    UPDATE public.gallery_images SET search_text = '' WHERE id = changed.image_id;
  ELSIF TG_TABLE_NAME = 'galleries' THEN
    UPDATE public.gallery_images SET search_text = '' WHERE gallery_id = changed.id;
    UPDATE public.videos SET search_text = '' WHERE gallery_id = changed.id;
  ELSIF TG_TABLE_NAME = 'press_releases' THEN
    UPDATE public.press_release_files SET search_text = '' WHERE press_release_id = changed.id;
    UPDATE public.videos SET search_text = '' WHERE press_release_id = changed.id;
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
-- The videos already stored.
UPDATE "videos" SET "search_text" = '';
