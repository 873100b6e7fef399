DROP INDEX "press_release_translations_search_idx";--> statement-breakpoint
CREATE INDEX "press_release_translations_search_en_idx" ON "press_release_translations" USING gin ("search_vector") WHERE language = 'en';--> statement-breakpoint
CREATE INDEX "press_release_translations_search_it_idx" ON "press_release_translations" USING gin ("search_vector") WHERE language = 'it';--> statement-breakpoint
CREATE INDEX "press_release_translations_search_fr_idx" ON "press_release_translations" USING gin ("search_vector") WHERE language = 'fr';--> statement-breakpoint
CREATE INDEX "press_release_translations_search_es_idx" ON "press_release_translations" USING gin ("search_vector") WHERE language = 'es';--> statement-breakpoint
CREATE INDEX "press_release_translations_search_de_idx" ON "press_release_translations" USING gin ("search_vector") WHERE language = 'de';--> statement-breakpoint
CREATE INDEX "press_release_translations_search_other_idx" ON "press_release_translations" USING gin ("search_vector") WHERE language not in ('en', 'it', 'fr', 'es', 'de');