import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { pressGroups } from './press-groups.ts';
import { pressReleases } from './press-releases.ts';

/**
 * Who receives a site's releases by e-mail (decision 9). Pending until the mailed link is followed (double
 * opt-in), unless a signed-in user subscribes their own verified address. The token is the subscriber's key:
 * it confirms, opens the preferences page and unsubscribes in one click, without signing in. The consent is
 * recorded like the account's: the notice version, when, in which language (the site is the row's).
 */
export const alertSubscriptions = pgTable(
  'alert_subscriptions',
  {
    id: serial('id').primaryKey(),
    pressGroupId: integer('press_group_id')
      .notNull()
      .references(() => pressGroups.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 254 }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    languages: jsonb('languages').$type<string[]>().notNull(),
    companyIds: jsonb('company_ids').$type<number[]>().notNull().default([]),
    brandIds: jsonb('brand_ids').$type<number[]>().notNull().default([]),
    frequency: varchar('frequency', { length: 8 }).notNull().default('each'),
    embargoedEarly: boolean('embargoed_early').notNull().default(false),
    status: varchar('status', { length: 12 }).notNull().default('pending'),
    token: varchar('token', { length: 64 }).notNull(),
    noticeVersion: varchar('notice_version', { length: 20 }).notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull(),
    consentLanguage: varchar('consent_language', { length: 5 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('alert_subscriptions_token_unique').on(table.token),
    uniqueIndex('alert_subscriptions_site_email_unique').on(table.pressGroupId, sql`lower(${table.email})`),
    index('alert_subscriptions_active_idx').on(table.pressGroupId, table.status, table.frequency),
  ],
);

/**
 * The alerts a release owes, each sent once across every app server: `public` when anyone may read it (at
 * publication, or when its embargo ends), `early` at publication to accredited subscribers who asked for
 * releases under embargo. A run is claimed with FOR UPDATE SKIP LOCKED and done in the same transaction as the
 * mails it queues.
 */
export const alertRuns = pgTable(
  'alert_runs',
  {
    pressReleaseId: integer('press_release_id')
      .notNull()
      .references(() => pressReleases.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 8 }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    queued: integer('queued').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.pressReleaseId, table.kind] }),
    index('alert_runs_due_idx').on(table.dueAt).where(sql`${table.doneAt} is null`),
  ],
);

/** The days whose digest went out: one row per day, inserted by the one server that sends it. */
export const alertDigestDays = pgTable('alert_digest_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  queued: integer('queued').notNull().default(0),
});
