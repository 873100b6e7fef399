import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { pressGroups } from './press-groups.ts';

export const pressReleases = pgTable(
  'press_releases',
  {
    id: serial('id').primaryKey(),
    publicationDate: date('publication_date', { mode: 'string' }).notNull(),
    number: integer('number'),
    status: varchar('status', { length: 12 }).notNull().default('draft'),
    embargoUntil: timestamp('embargo_until', { withTimezone: true }),
    companyId: integer('company_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('press_releases_publication_date_idx').on(table.publicationDate)],
);

export const pressReleaseGroups = pgTable(
  'press_release_groups',
  {
    pressReleaseId: integer('press_release_id')
      .notNull()
      .references(() => pressReleases.id, { onDelete: 'cascade' }),
    pressGroupId: integer('press_group_id')
      .notNull()
      .references(() => pressGroups.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.pressReleaseId, table.pressGroupId] }),
    index('press_release_groups_group_idx').on(table.pressGroupId),
  ],
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
    body: text('body').notNull().default(''),
  },
  (table) => [unique('press_release_translations_release_language').on(table.pressReleaseId, table.language)],
);
