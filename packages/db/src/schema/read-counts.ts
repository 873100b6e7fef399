import { date, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * What was read and downloaded (decision 11), in aggregate only: per day, site, language of the interface, and the
 * reader's media type and country as their press data gives them; never who. `item` is the release, image,
 * file, magazine or document counted (0 for a whole ZIP). Written in batches by every app server, each adding
 * its counts to the row (INSERT ... ON CONFLICT DO UPDATE count = count + excluded.count).
 */
export const readCounts = pgTable(
  'read_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    pressGroupId: integer('press_group_id').notNull(),
    kind: varchar('kind', { length: 30 }).notNull(),
    itemId: integer('item_id').notNull().default(0),
    language: varchar('language', { length: 5 }).notNull(),
    mediaType: varchar('media_type', { length: 40 }).notNull().default(''),
    // An ISO 3166-1 alpha-2 code, or empty; `countryUnmapped` keeps a country counted before codes that names
    // none (its count is never dropped, and the CSV export shows it).
    country: varchar('country', { length: 2 }).notNull().default(''),
    countryUnmapped: varchar('country_unmapped', { length: 100 }).notNull().default(''),
    count: integer('count').notNull(),
  },
  (table) => [
    uniqueIndex('read_counts_key').on(
      table.day,
      table.pressGroupId,
      table.kind,
      table.itemId,
      table.language,
      table.mediaType,
      table.country,
      table.countryUnmapped,
    ),
  ],
);
