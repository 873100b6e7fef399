import { maxFeaturedReleases } from '@pressroom/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import type { ImageRenditionFacts } from './gallery.ts';
import { pressGroups } from './press-groups.ts';

const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

/**
 * A press release. Its text lives in one translation per language; it belongs to one or more sites. The
 * public sees it once `status` is published and `embargo_until` (when set) has passed; press users see it
 * from publication, marked as embargoed. A release published with a later `publish_at` is scheduled: nobody
 * outside the back office sees it before that instant (no write happens then; readers compare it to now).
 */
export const pressReleases = pgTable(
  'press_releases',
  {
    id: serial('id').primaryKey(),
    publicationDate: date('publication_date', { mode: 'string' }).notNull(),
    /** The release's number within the year of its publication date, given when it is first published. */
    number: integer('number'),
    status: varchar('status', { length: 12 }).notNull().default('draft'),
    embargoUntil: timestamp('embargo_until', { withTimezone: true }),
    /** When a scheduled release becomes visible (null: at publication); kept after it has passed. */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    /** The picture editors chose to stand for the release (null: its first picture). */
    coverFileId: integer('cover_file_id').references((): AnyPgColumn => pressReleaseFiles.id, {
      onDelete: 'set null',
    }),
    /** The external company the release belongs to (agents write for their own company only). */
    companyId: integer('company_id'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('press_releases_publication_date_idx').on(table.publicationDate),
    index('press_releases_status_idx').on(table.status, table.publicationDate),
    index('press_releases_company_idx').on(table.companyId),
    // The next embargo to end bounds how long a cached public list stays right.
    index('press_releases_embargo_until_idx')
      .on(table.embargoUntil)
      .where(sql`${table.embargoUntil} is not null`),
    // The next scheduled release to come out bounds it too.
    index('press_releases_publish_at_idx').on(table.publishAt).where(sql`${table.publishAt} is not null`),
    uniqueIndex('press_releases_year_number_unique')
      .on(sql`extract(year from ${table.publicationDate})`, table.number)
      .where(sql`${table.number} is not null`),
  ],
);

/**
 * A release's sites. `featured_slot` (1 to maxFeaturedReleases) marks a release the press office features at
 * the top of that site's Home; the check and the unique slot per site hold the limit in the database, so two
 * servers featuring at once can never feature a fourth.
 */
export const pressReleaseGroups = pgTable(
  'press_release_groups',
  {
    pressReleaseId: integer('press_release_id')
      .notNull()
      .references(() => pressReleases.id, { onDelete: 'cascade' }),
    pressGroupId: integer('press_group_id')
      .notNull()
      .references(() => pressGroups.id, { onDelete: 'cascade' }),
    featuredSlot: smallint('featured_slot'),
  },
  (table) => [
    primaryKey({ columns: [table.pressReleaseId, table.pressGroupId] }),
    index('press_release_groups_group_idx').on(table.pressGroupId),
    uniqueIndex('press_release_groups_featured_slot_unique')
      .on(table.pressGroupId, table.featuredSlot)
      .where(sql`${table.featuredSlot} is not null`),
    check(
      'press_release_groups_featured_slot_range',
      sql`${table.featuredSlot} between 1 and ${sql.raw(String(maxFeaturedReleases))}`,
    ),
  ],
);

/**
 * The text search configuration of each content language: PostgreSQL's own (PGlite and PostgreSQL 15 both
 * ship them) with unaccent before the stemmer, so accents never matter (migration 0004_unaccent_search).
 * Hebrew has no stemmer and Arabic is kept on 'simple' too, so both (and any other language) match words as
 * written.
 */
export const textSearchConfigs: Readonly<Record<string, string>> = {
  en: 'english_unaccent',
  it: 'italian_unaccent',
  fr: 'french_unaccent',
  es: 'spanish_unaccent',
  de: 'german_unaccent',
};
export const fallbackTextSearchConfig = 'simple_unaccent';

/** The configuration of the language in `languageColumn`, as a SQL case expression. */
const textSearchConfigSql = (languageColumn: string) =>
  sql.raw(
    `case ${languageColumn} ${Object.entries(textSearchConfigs)
      .map(([language, config]) => `when '${language}' then '${config}'::regconfig`)
      .join(' ')} else '${fallbackTextSearchConfig}'::regconfig end`,
  );

export const pressReleaseTranslations = pgTable(
  'press_release_translations',
  {
    id: serial('id').primaryKey(),
    pressReleaseId: integer('press_release_id')
      .notNull()
      .references(() => pressReleases.id, { onDelete: 'cascade' }),
    language: varchar('language', { length: 5 }).notNull(),
    title: varchar('title', { length: 300 }).notNull(),
    subtitle: varchar('subtitle', { length: 500 }).notNull().default(''),
    /** Sanitised HTML. */
    body: text('body').notNull().default(''),
    /** The body without markup, for search and feeds. */
    bodyText: text('body_text').notNull().default(''),
    /** Weighted words of title, subtitle and body, stemmed in the translation's language. */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector(${textSearchConfigSql('language')}, coalesce(title, '')), 'A') || setweight(to_tsvector(${textSearchConfigSql('language')}, coalesce(subtitle, '')), 'B') || setweight(to_tsvector(${textSearchConfigSql('language')}, coalesce(body_text, '')), 'C')`,
    ),
    /**
     * Title, subtitle and body text lower case and without accents (`search_fold`, migration 0033), kept by
     * the database: a table's "contains" search (DataTables `search[value]`) finds its matches by the words
     * of these (the indexes below, and pressReleaseWords) and compares these where words do not tell.
     */
    titleFolded: text('title_folded').generatedAlwaysAs(sql`search_fold(title)`),
    subtitleFolded: text('subtitle_folded').generatedAlwaysAs(sql`search_fold(subtitle)`),
    bodyFolded: text('body_folded').generatedAlwaysAs(sql`search_fold(body_text)`),
  },
  (table) => [
    unique('press_release_translations_release_language').on(table.pressReleaseId, table.language),
    // The words of each folded text (`search_words`, migration 0044): which translations hold a word is read
    // from the index alone, without reading their text.
    index('press_release_translations_title_words_idx').using('gin', sql`search_words(${table.titleFolded})`),
    index('press_release_translations_subtitle_words_idx').using(
      'gin',
      sql`search_words(${table.subtitleFolded})`,
    ),
    index('press_release_translations_body_words_idx').using('gin', sql`search_words(${table.bodyFolded})`),
  ],
);

/**
 * Every word ever written in a release's title, subtitle or body, folded (`search_words` of the folded texts),
 * once: a "contains" search finds here the words that contain what it looks for, by their trigram index, then
 * the translations holding those words by the translations' word indexes. The database keeps it (triggers on
 * the translations, migration 0044); a word no text holds any more stays, and finds nothing.
 */
export const pressReleaseWords = pgTable(
  'press_release_words',
  { word: text('word').primaryKey() },
  (table) => [index('press_release_words_trigram_idx').using('gin', table.word.op('gin_trgm_ops'))],
);

/**
 * Each translation's search vector again, alone: a copy the database keeps (a trigger on the translations,
 * migration 0038), which the full-text search reads instead of the translations.
 *
 * Why a copy: a translation's row holds its text several times over (body, text, folded copies), about two
 * rows to a page, so checking which releases the matches belong to read one page per match. Here the vector
 * itself is kept out of line (`toast_tuple_target`, storage `external`), so a row is its two keys and a
 * pointer, and every match of a search is found within a few pages.
 */
export const pressReleaseSearchVectors = pgTable(
  'press_release_search_vectors',
  {
    pressReleaseId: integer('press_release_id').notNull(),
    language: varchar('language', { length: 5 }).notNull(),
    searchVector: tsvector('search_vector').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.pressReleaseId, table.language] }),
    foreignKey({
      columns: [table.pressReleaseId, table.language],
      foreignColumns: [pressReleaseTranslations.pressReleaseId, pressReleaseTranslations.language],
      name: 'press_release_search_vectors_translation_fk',
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    // One partial index per text search configuration (a query names one configuration, and the vectors of
    // each language are stemmed with its own): the search serves each language from its index without
    // reading the vectors again (features/press-releases/repository.ts, matchesSearch).
    ...Object.keys(textSearchConfigs).map((language) =>
      index(`press_release_search_vectors_${language}_idx`)
        .using('gin', table.searchVector)
        .where(sql.raw(`language = '${language}'`)),
    ),
    index('press_release_search_vectors_other_idx')
      .using('gin', table.searchVector)
      .where(
        sql.raw(
          `language not in (${Object.keys(textSearchConfigs)
            .map((language) => `'${language}'`)
            .join(', ')})`,
        ),
      ),
  ],
);

/** Attachments (PDF, office files) and images of a release, per language or (language null) for all. */
export const pressReleaseFiles = pgTable(
  'press_release_files',
  {
    id: serial('id').primaryKey(),
    pressReleaseId: integer('press_release_id')
      .notNull()
      .references(() => pressReleases.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 12 }).notNull(),
    language: varchar('language', { length: 5 }),
    title: varchar('title', { length: 300 }).notNull().default(''),
    /** Whom to credit for a picture (photographer, agency, copyright), as the gallery's images have. */
    credit: varchar('credit', { length: 300 }),
    originalName: varchar('original_name', { length: 255 }).notNull(),
    contentType: varchar('content_type', { length: 120 }).notNull(),
    size: integer('size').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    /** Relative to the uploads directory. */
    storagePath: varchar('storage_path', { length: 300 }).notNull(),
    thumbnailPath: varchar('thumbnail_path', { length: 300 }),
    width: integer('width'),
    height: integer('height'),
    /** A picture's sizes (original, web and print renditions), as a gallery image's; null until made. */
    renditions: jsonb('renditions').$type<ImageRenditionFacts>(),
    position: integer('position').notNull().default(0),
    /** A picture's text for the picture search, as a gallery image's (written by triggers, migration 0030). */
    searchText: text('search_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('press_release_files_release_idx').on(table.pressReleaseId, table.kind, table.position),
    index('press_release_files_search_text_idx')
      .using('gin', table.searchText.op('gin_trgm_ops'))
      .where(sql`${table.kind} = 'image'`),
    // The picture search's order, as the gallery pictures' (gallery_images_newest_idx).
    index('press_release_files_newest_pictures_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.kind} = 'image'`),
  ],
);
