import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { fairEditions } from './accreditation.ts';
import { coverage } from './coverage.ts';
import type { LocalizedText } from './gallery.ts';
import { pressGroups } from './press-groups.ts';
import { pressReleases } from './press-releases.ts';

/**
 * The fair's journalism award of one edition on one site (PRODUCT.md section 12): coverage published in the
 * window qualifies, entered before the deadline (an instant; shown in the edition's zone). `judging_closed_at`
 * freezes the scores; the office then marks winners.
 */
export const awards = pgTable(
  'awards',
  {
    id: serial('id').primaryKey(),
    pressGroupId: integer('press_group_id')
      .notNull()
      .references(() => pressGroups.id, { onDelete: 'cascade' }),
    editionId: integer('edition_id')
      .notNull()
      .references(() => fairEditions.id, { onDelete: 'cascade' }),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    windowStartsOn: date('window_starts_on', { mode: 'string' }).notNull(),
    windowEndsOn: date('window_ends_on', { mode: 'string' }).notNull(),
    entryDeadline: timestamp('entry_deadline', { withTimezone: true }).notNull(),
    entriesPerCategory: smallint('entries_per_category').notNull().default(1),
    judgingClosedAt: timestamp('judging_closed_at', { withTimezone: true }),
    /** The release that announces the winners: its public page and screen list them. */
    announcementReleaseId: integer('announcement_release_id').references(() => pressReleases.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('awards_site_edition_unique').on(table.pressGroupId, table.editionId),
    index('awards_announcement_release_idx').on(table.announcementReleaseId),
  ],
);

export const awardCategories = pgTable(
  'award_categories',
  {
    id: serial('id').primaryKey(),
    awardId: integer('award_id')
      .notNull()
      .references(() => awards.id, { onDelete: 'cascade' }),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    position: smallint('position').notNull().default(0),
  },
  (table) => [index('award_categories_award_idx').on(table.awardId, table.position)],
);

/** The jurors of a category: users holding the award's jury permission, chosen by the press office. */
export const awardCategoryJurors = pgTable(
  'award_category_jurors',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => awardCategories.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.categoryId, table.userId] }),
    index('award_category_jurors_user_idx').on(table.userId),
  ],
);

/**
 * A journalist's entry: their own approved piece in one category, with a statement. Personal data: it goes with
 * the account (cascade) and into its data export. One piece once per category (unique); how many pieces per
 * journalist and category is the award's rule, counted under the journalist's row lock.
 */
export const awardEntries = pgTable(
  'award_entries',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => awardCategories.id, { onDelete: 'cascade' }),
    coverageId: integer('coverage_id')
      .notNull()
      .references(() => coverage.id, { onDelete: 'cascade' }),
    journalistId: integer('journalist_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    statement: varchar('statement', { length: 1000 }).notNull().default(''),
    winner: boolean('winner').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('award_entries_category_coverage_unique').on(table.categoryId, table.coverageId),
    index('award_entries_journalist_idx').on(table.journalistId),
  ],
);

/** One score per juror and entry, 1 to 10: written again (not added) until judging closes. */
export const awardScores = pgTable(
  'award_scores',
  {
    entryId: integer('entry_id')
      .notNull()
      .references(() => awardEntries.id, { onDelete: 'cascade' }),
    jurorId: integer('juror_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    score: smallint('score').notNull(),
    comment: varchar('comment', { length: 1000 }).notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.entryId, table.jurorId] }),
    index('award_scores_juror_idx').on(table.jurorId),
    check('award_scores_range', sql`${table.score} between 1 and 10`),
  ],
);
