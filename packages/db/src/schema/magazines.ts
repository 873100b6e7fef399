import { bigint, index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Italian and international magazines that wrote about the fair, by period (month and year). */
export const magazines = pgTable(
  'magazines',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 16 }).notNull(),
    publisher: varchar('publisher', { length: 200 }).notNull().default(''),
    title: varchar('title', { length: 300 }).notNull(),
    month: integer('month').notNull(),
    year: integer('year').notNull(),
    // International magazines only (a country or region, e.g. "Germany", "North America").
    territory: varchar('territory', { length: 120 }),
    groupIds: integer('group_ids').array().notNull().default([]),
    coverPath: varchar('cover_path', { length: 300 }),
    coverMime: varchar('cover_mime', { length: 100 }),
    coverChecksum: varchar('cover_checksum', { length: 64 }),
    pdfPath: varchar('pdf_path', { length: 300 }),
    pdfName: varchar('pdf_name', { length: 255 }),
    pdfSize: bigint('pdf_size', { mode: 'number' }),
    pdfChecksum: varchar('pdf_checksum', { length: 64 }),
    link: varchar('link', { length: 1000 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('magazines_kind_period_idx').on(table.kind, table.year, table.month)],
);
