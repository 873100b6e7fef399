import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { fairEditions } from './accreditation.ts';
import { exhibitors } from './exhibitors.ts';
import { pressGroups } from './press-groups.ts';
import { pressReleases } from './press-releases.ts';

/**
 * A published piece about the fair (PRODUCT.md section 12), reported on one site by a journalist or the press
 * office, shown in public once the office approves it. `url_key` is the normalised address without its scheme
 * (contract `normaliseCoverageUrl`): unique per site, so the same piece reported twice, even by two servers at
 * once, is one row. The clipping is the reporter's copy of the piece, never public (copyright).
 */
export const coverage = pgTable(
  'coverage',
  {
    id: serial('id').primaryKey(),
    pressGroupId: integer('press_group_id')
      .notNull()
      .references(() => pressGroups.id, { onDelete: 'cascade' }),
    editionId: integer('edition_id').references(() => fairEditions.id, { onDelete: 'set null' }),
    url: varchar('url', { length: 2100 }).notNull(),
    urlKey: varchar('url_key', { length: 2100 }).notNull(),
    title: varchar('title', { length: 300 }).notNull(),
    outlet: varchar('outlet', { length: 150 }).notNull(),
    publishedOn: date('published_on', { mode: 'string' }).notNull(),
    language: varchar('language', { length: 5 }).notNull(),
    country: varchar('country', { length: 2 }).notNull(),
    mediaType: varchar('media_type', { length: 30 }).notNull(),
    reach: integer('reach'),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    rejectReason: varchar('reject_reason', { length: 500 }).notNull().default(''),
    /** The journalist who reported it; null for the press office's own reports and once the account is gone. */
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reportedByOffice: boolean('reported_by_office').notNull().default(false),
    /** The reporter's consent to show their name beside the piece in public. */
    showName: boolean('show_name').notNull().default(false),
    clippingPath: varchar('clipping_path', { length: 300 }),
    clippingName: varchar('clipping_name', { length: 255 }),
    clippingMime: varchar('clipping_mime', { length: 60 }),
    clippingSize: bigint('clipping_size', { mode: 'number' }),
    clippingChecksum: varchar('clipping_checksum', { length: 64 }),
    decidedById: integer('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('coverage_site_url_unique').on(table.pressGroupId, table.urlKey),
    index('coverage_public_idx').on(table.pressGroupId, table.status, sql`${table.publishedOn} desc`),
    index('coverage_reporter_idx').on(table.reporterId, sql`${table.createdAt} desc`),
    index('coverage_edition_idx').on(table.editionId),
  ],
);

/** The releases a piece covers. */
export const coverageReleases = pgTable(
  'coverage_releases',
  {
    coverageId: integer('coverage_id')
      .notNull()
      .references(() => coverage.id, { onDelete: 'cascade' }),
    pressReleaseId: integer('press_release_id')
      .notNull()
      .references(() => pressReleases.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.coverageId, table.pressReleaseId] }),
    index('coverage_releases_release_idx').on(table.pressReleaseId),
  ],
);

/** The exhibitors a piece names: their administrators may read its clipping. */
export const coverageExhibitors = pgTable(
  'coverage_exhibitors',
  {
    coverageId: integer('coverage_id')
      .notNull()
      .references(() => coverage.id, { onDelete: 'cascade' }),
    exhibitorId: integer('exhibitor_id')
      .notNull()
      .references(() => exhibitors.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.coverageId, table.exhibitorId] }),
    index('coverage_exhibitors_exhibitor_idx').on(table.exhibitorId),
  ],
);
