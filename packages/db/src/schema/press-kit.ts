import { bigint, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** The documents of the press kit, ordered, per site (press groups) and language. */
export const pressKitDocuments = pgTable(
  'press_kit_documents',
  {
    id: serial('id').primaryKey(),
    groupIds: integer('group_ids').array().notNull().default([]),
    language: varchar('language', { length: 5 }).notNull(),
    position: integer('position').notNull().default(0),
    title: varchar('title', { length: 300 }).notNull(),
    description: text('description').notNull().default(''),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    storagePath: varchar('storage_path', { length: 300 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    mime: varchar('mime', { length: 100 }).notNull(),
    checksum: varchar('checksum', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('press_kit_documents_language_idx').on(table.language, table.position)],
);
