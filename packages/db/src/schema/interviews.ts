import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { exhibitors } from './exhibitors.ts';
import { pressGroups } from './press-groups.ts';

/**
 * A journalist's request for an interview with an exhibitor (PRODUCT.md section 12). What the journalist
 * agreed to hand the exhibitor (name, outlet, e-mail, phone) is recorded as a consent is: when, on which site,
 * under which notice version, in which language. `sequence` counts the calendar revisions of the invitation
 * (RFC 5545 SEQUENCE), so a cancellation replaces the invitation in the calendars that hold it.
 */
export const interviewRequests = pgTable(
  'interview_requests',
  {
    id: serial('id').primaryKey(),
    exhibitorId: integer('exhibitor_id')
      .notNull()
      .references(() => exhibitors.id, { onDelete: 'cascade' }),
    /** Null once the retention rule has anonymised the request (its counts stay). */
    journalistId: integer('journalist_id').references(() => users.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 12 }).notNull().default('pending'),
    topic: varchar('topic', { length: 200 }).notNull(),
    language: varchar('language', { length: 5 }).notNull(),
    format: varchar('format', { length: 10 }).notNull(),
    preferredTimes: jsonb('preferred_times').$type<string[]>().notNull(),
    message: text('message').notNull().default(''),
    /** What the journalist agreed to share, as it was when they sent the request. */
    journalistName: varchar('journalist_name', { length: 200 }).notNull(),
    outlet: varchar('outlet', { length: 150 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    phone: varchar('phone', { length: 40 }).notNull().default(''),
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    consentPressGroupId: integer('consent_press_group_id').references(() => pressGroups.id, {
      onDelete: 'set null',
    }),
    consentNoticeVersion: varchar('consent_notice_version', { length: 20 }).notNull(),
    consentLanguage: varchar('consent_language', { length: 5 }).notNull(),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    place: varchar('place', { length: 200 }).notNull().default(''),
    declineReason: varchar('decline_reason', { length: 500 }).notNull().default(''),
    cancelledBy: varchar('cancelled_by', { length: 12 }),
    cancelReason: varchar('cancel_reason', { length: 500 }).notNull().default(''),
    sequence: integer('sequence').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('interview_requests_exhibitor_idx').on(table.exhibitorId, table.createdAt),
    index('interview_requests_journalist_idx').on(table.journalistId, sql`${table.createdAt} desc`),
  ],
);
