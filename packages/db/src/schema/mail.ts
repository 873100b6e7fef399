import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Outgoing mail is written here in the same transaction as the change that causes it, then delivered by a
 * worker with retries, so an SMTP outage delays mail but never loses it.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: serial('id').primaryKey(),
    toAddress: varchar('to_address', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The release an alert is about: the press office counts queued, sent and failed alerts per release. */
    alertReleaseId: integer('alert_release_id'),
    /** An iCalendar invitation sent with the message (as its text/calendar part), or null. */
    calendar: jsonb('calendar').$type<{ method: 'REQUEST' | 'CANCEL'; content: string }>(),
    /** The campaign a press-office mail belongs to: its figures, and its unsent copies dropped on withdrawal. */
    campaignId: integer('campaign_id'),
  },
  (table) => [
    index('mail_queue_due_idx').on(table.status, table.nextAttemptAt),
    index('mail_queue_alert_release_idx')
      .on(table.alertReleaseId)
      .where(sql`${table.alertReleaseId} is not null`),
    index('mail_queue_campaign_idx').on(table.campaignId).where(sql`${table.campaignId} is not null`),
  ],
);
