-- A table's "contains" search of releases (DataTables search[value]: title, subtitle, body contain the term,
-- accents and case aside) finds its matches by words. A term without space or punctuation is contained in a
-- text exactly when it is contained in one of the text's words; the words containing it are found in the
-- vocabulary of every word written (press_release_words, a small table with a trigram index), and the
-- translations holding those words in the translations' word indexes (GIN over search_words of each folded
-- text), which answer without reading any text. The trigram indexes over the whole folded texts (migration
-- 0035) go: they found candidates whose text then had to be read and compared, one page and one comparison of
-- a whole body per match.
--
-- The words of a text already folded (search_fold): its runs of characters between ASCII spaces and
-- punctuation, each once. A word longer than 200 characters is kept as overlapping pieces of 200 (one every
-- 100), so that any part of it of at most 100 characters lies whole within one piece and no index entry
-- outgrows what an index can hold. Costed as dearer than an ordinary function (about 0.15 ms for a body), so
-- that the planner reads the word indexes rather than compute it for each translation.
CREATE FUNCTION public.search_words(folded text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT COST 500
  AS $$
    SELECT coalesce(array_agg(DISTINCT piece), '{}') FROM (
      SELECT substr(word, generate_series(1, greatest(length(word) - 100, 1), 100), 200) AS piece
      FROM regexp_split_to_table(folded, '[ \t\n\r\f\v!-/:-@[-`{-~]+') AS word
      WHERE word <> ''
    ) pieces
  $$;
--> statement-breakpoint
CREATE TABLE "press_release_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "press_release_translations_title_folded_idx";--> statement-breakpoint
DROP INDEX "press_release_translations_subtitle_folded_idx";--> statement-breakpoint
DROP INDEX "press_release_translations_body_folded_idx";--> statement-breakpoint
CREATE INDEX "press_release_words_trigram_idx" ON "press_release_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "press_release_translations_title_words_idx" ON "press_release_translations" USING gin (search_words("title_folded"));--> statement-breakpoint
CREATE INDEX "press_release_translations_subtitle_words_idx" ON "press_release_translations" USING gin (search_words("subtitle_folded"));--> statement-breakpoint
CREATE INDEX "press_release_translations_body_words_idx" ON "press_release_translations" USING gin (search_words("body_folded"));--> statement-breakpoint
-- Kept by the database, whoever writes a translation (the editor, an import, the demo, a bulk load): the words
-- of the rows a statement wrote, once per statement.
CREATE FUNCTION public.press_release_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.press_release_words (word)
    SELECT DISTINCT word FROM written,
      unnest(public.search_words(concat_ws(' ', written.title_folded, written.subtitle_folded, written.body_folded)))
        AS word
    ON CONFLICT (word) DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER press_release_words_inserted AFTER INSERT ON press_release_translations
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION press_release_words_add();
--> statement-breakpoint
CREATE TRIGGER press_release_words_updated AFTER UPDATE ON press_release_translations
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION press_release_words_add();
--> statement-breakpoint
INSERT INTO press_release_words (word)
  SELECT DISTINCT word FROM press_release_translations,
    unnest(search_words(concat_ws(' ', title_folded, subtitle_folded, body_folded))) AS word
  ON CONFLICT (word) DO NOTHING;
