-- Searches ignore accents as well as case ("argilla" finds "Àrgilla"). PostgreSQL's contrib module unaccent
-- (PGlite loads it as an extension: packages/db/src/client.ts) is trusted, so a database owner may create it.
CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public;
--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could be changed), which indexes and generated columns refuse;
-- the dictionary is named in full so the result never depends on the caller's search_path.
CREATE OR REPLACE FUNCTION public.immutable_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
--> statement-breakpoint
-- One text search configuration per stemmed language, and one for every other language, that strips accents
-- before stemming: the words with letters outside ASCII (hword, hword_part, word) go through unaccent first.
CREATE TEXT SEARCH CONFIGURATION public.english_unaccent (COPY = pg_catalog.english);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION public.english_unaccent
  ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, english_stem;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION public.italian_unaccent (COPY = pg_catalog.italian);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION public.italian_unaccent
  ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, italian_stem;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION public.french_unaccent (COPY = pg_catalog.french);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION public.french_unaccent
  ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, french_stem;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION public.spanish_unaccent (COPY = pg_catalog.spanish);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION public.spanish_unaccent
  ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, spanish_stem;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION public.german_unaccent (COPY = pg_catalog.german);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION public.german_unaccent
  ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, german_stem;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION public.simple_unaccent (COPY = pg_catalog.simple);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION public.simple_unaccent
  ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, simple;
