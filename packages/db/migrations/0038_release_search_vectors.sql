-- The full-text search of releases reads a narrow copy of each translation's search vector (the schema's
-- pressReleaseSearchVectors says why). The vectors are kept out of line so that a row is its keys and a pointer:
-- a search finds which releases its matches belong to within a few pages, without reading the vectors.
CREATE TABLE "press_release_search_vectors" (
	"press_release_id" integer NOT NULL,
	"language" varchar(5) NOT NULL,
	"search_vector" "tsvector" NOT NULL,
	CONSTRAINT "press_release_search_vectors_press_release_id_language_pk" PRIMARY KEY("press_release_id","language")
);
--> statement-breakpoint
ALTER TABLE "press_release_search_vectors" SET (toast_tuple_target = 128);--> statement-breakpoint
ALTER TABLE "press_release_search_vectors" ALTER COLUMN "search_vector" SET STORAGE EXTERNAL;--> statement-breakpoint
DROP INDEX "press_release_translations_search_en_idx";--> statement-breakpoint
DROP INDEX "press_release_translations_search_it_idx";--> statement-breakpoint
DROP INDEX "press_release_translations_search_fr_idx";--> statement-breakpoint
DROP INDEX "press_release_translations_search_es_idx";--> statement-breakpoint
DROP INDEX "press_release_translations_search_de_idx";--> statement-breakpoint
DROP INDEX "press_release_translations_search_other_idx";--> statement-breakpoint
ALTER TABLE "press_release_search_vectors" ADD CONSTRAINT "press_release_search_vectors_translation_fk" FOREIGN KEY ("press_release_id","language") REFERENCES "public"."press_release_translations"("press_release_id","language") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "press_release_search_vectors_en_idx" ON "press_release_search_vectors" USING gin ("search_vector") WHERE language = 'en';--> statement-breakpoint
CREATE INDEX "press_release_search_vectors_it_idx" ON "press_release_search_vectors" USING gin ("search_vector") WHERE language = 'it';--> statement-breakpoint
CREATE INDEX "press_release_search_vectors_fr_idx" ON "press_release_search_vectors" USING gin ("search_vector") WHERE language = 'fr';--> statement-breakpoint
CREATE INDEX "press_release_search_vectors_es_idx" ON "press_release_search_vectors" USING gin ("search_vector") WHERE language = 'es';--> statement-breakpoint
CREATE INDEX "press_release_search_vectors_de_idx" ON "press_release_search_vectors" USING gin ("search_vector") WHERE language = 'de';--> statement-breakpoint
CREATE INDEX "press_release_search_vectors_other_idx" ON "press_release_search_vectors" USING gin ("search_vector") WHERE language not in ('en', 'it', 'fr', 'es', 'de');;--> statement-breakpoint
-- Kept by the database, whoever writes a translation (the editor, an import, the demo). A deleted translation
-- takes its copy with it (the foreign key); a changed key moves it, whichever of the two triggers runs first.
CREATE FUNCTION press_release_search_vector_copy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.press_release_id, OLD.language, OLD.search_vector)
      IS NOT DISTINCT FROM (NEW.press_release_id, NEW.language, NEW.search_vector) THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND (OLD.press_release_id, OLD.language) IS DISTINCT FROM (NEW.press_release_id, NEW.language) THEN
    DELETE FROM press_release_search_vectors
      WHERE press_release_id = OLD.press_release_id AND language = OLD.language;
  END IF;
  INSERT INTO press_release_search_vectors (press_release_id, language, search_vector)
    VALUES (NEW.press_release_id, NEW.language, NEW.search_vector)
    ON CONFLICT (press_release_id, language) DO UPDATE SET search_vector = EXCLUDED.search_vector;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER press_release_search_vector_copy AFTER INSERT OR UPDATE ON press_release_translations
  FOR EACH ROW EXECUTE FUNCTION press_release_search_vector_copy();--> statement-breakpoint
INSERT INTO press_release_search_vectors (press_release_id, language, search_vector)
  SELECT press_release_id, language, search_vector FROM press_release_translations;