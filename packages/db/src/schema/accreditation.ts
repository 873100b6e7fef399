import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { pressGroups } from './press-groups.ts';

/** An edition of the fair on one site: journalists are accredited for it, until its last day. */
export const fairEditions = pgTable(
  'fair_editions',
  {
    id: serial('id').primaryKey(),
    pressGroupId: integer('press_group_id')
      .notNull()
      .references(() => pressGroups.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 150 }).notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    proofRequired: boolean('proof_required').notNull().default(true),
    /** Where the fair takes place (IANA): its programme's times are shown in this zone. */
    timeZone: varchar('time_zone', { length: 64 }).notNull().default('Europe/Rome'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('fair_editions_site_idx').on(table.pressGroupId, table.endsOn)],
);

/**
 * A journalist's request for one edition. The badge id is random and printed, signed, in the badge's QR code;
 * the gate's check reads the row, so a badge stops being valid the moment the request is no longer approved.
 */
export const accreditationRequests = pgTable(
  'accreditation_requests',
  {
    id: serial('id').primaryKey(),
    editionId: integer('edition_id')
      .notNull()
      .references(() => fairEditions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 20 }).notNull().default('received'),
    mediaType: varchar('media_type', { length: 40 }).notNull(),
    outlet: varchar('outlet', { length: 150 }).notNull(),
    role: varchar('role', { length: 100 }).notNull(),
    proofKind: varchar('proof_kind', { length: 20 }).notNull(),
    articleDate: date('article_date', { mode: 'string' }),
    message: text('message').notNull().default(''),
    question: text('question').notNull().default(''),
    answer: text('answer').notNull().default(''),
    reason: text('reason').notNull().default(''),
    badgeId: uuid('badge_id').notNull().defaultRandom(),
    /**
     * The badge's short code, printed under its QR and typed at the door when no camera reads it: eight
     * characters of Crockford's base32 (40 random bits, migration 0041's function), unique per edition.
     */
    badgeCode: varchar('badge_code', { length: 8 })
      .notNull()
      .default(sql`press_badge_code(gen_random_uuid())`),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('accreditation_requests_edition_user_unique').on(table.editionId, table.userId),
    uniqueIndex('accreditation_requests_badge_unique').on(table.badgeId),
    uniqueIndex('accreditation_requests_badge_code_unique').on(table.editionId, table.badgeCode),
    index('accreditation_requests_status_idx').on(table.editionId, table.status, table.createdAt),
    index('accreditation_requests_user_idx').on(table.userId, sql`${table.createdAt} desc`),
  ],
);

/**
 * The files proving a request: personal data, stored under a random name (never shared by checksum with any
 * other upload) and served to their owner and the press office only; deleted with the retention rule.
 */
export const accreditationProofs = pgTable(
  'accreditation_proofs',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => accreditationRequests.id, { onDelete: 'cascade' }),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    storagePath: varchar('storage_path', { length: 255 }).notNull(),
    mime: varchar('mime', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    checksum: varchar('checksum', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('accreditation_proofs_request_idx').on(table.requestId)],
);
