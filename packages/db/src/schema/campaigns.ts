import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
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
import { pressReleases } from './press-releases.ts';
import { programmeEvents } from './programme.ts';

/**
 * Each answer to "may the press office send you its mail" (PRODUCT.md section 13), kept apart from the
 * privacy consents: the privacy notice is required to hold an account, this choice is free and may be
 * withdrawn. Recorded as section 8 records consents (when, site, notice version, language); a user's latest
 * row is their choice, and having none means they were never asked. A withdrawal through a campaign's mail
 * names that campaign, which is all its "unsubscribed" figure counts.
 */
export const pressMailConsents = pgTable(
  'press_mail_consents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agreed: boolean('agreed').notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
    pressGroupId: integer('press_group_id').references(() => pressGroups.id, { onDelete: 'set null' }),
    noticeVersion: varchar('notice_version', { length: 20 }).notNull(),
    language: varchar('language', { length: 5 }).notNull(),
    campaignId: integer('campaign_id'),
  },
  (table) => [
    index('press_mail_consents_user_latest_idx').on(table.userId, table.answeredAt, table.id),
    index('press_mail_consents_campaign_idx')
      .on(table.campaignId)
      .where(sql`${table.campaignId} is not null`),
  ],
);

/**
 * A saved choice of journalists by their press data: the filters are kept, never the members, so a list
 * follows the accounts as they change. The filters' shape is the contract's `recipientFiltersSchema`.
 */
export const recipientLists = pgTable(
  'recipient_lists',
  {
    id: serial('id').primaryKey(),
    pressGroupId: integer('press_group_id')
      .notNull()
      .references(() => pressGroups.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 150 }).notNull(),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('recipient_lists_site_idx').on(table.pressGroupId, table.name)],
);

/**
 * A release, or an invitation to an event of the programme, sent to one or more lists (exactly one of the two).
 * `scheduled` waits for `send_at` (the release's publication, or now) and is claimed by one server (FOR UPDATE
 * SKIP LOCKED) that queues its mails and marks it `queued` in the same transaction; `refused` says why in
 * `refusal` when the release or the event could no longer be read by its recipients.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    pressGroupId: integer('press_group_id')
      .notNull()
      .references(() => pressGroups.id, { onDelete: 'cascade' }),
    pressReleaseId: integer('press_release_id').references(() => pressReleases.id, { onDelete: 'cascade' }),
    programmeEventId: integer('programme_event_id').references(() => programmeEvents.id, {
      onDelete: 'cascade',
    }),
    listIds: jsonb('list_ids').$type<number[]>().notNull(),
    status: varchar('status', { length: 12 }).notNull().default('scheduled'),
    sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    recipients: integer('recipients').notNull().default(0),
    refusal: text('refusal'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('campaigns_due_idx').on(table.sendAt).where(sql`${table.status} = 'scheduled'`),
    index('campaigns_site_idx').on(table.pressGroupId, table.createdAt),
    check(
      'campaigns_release_or_event',
      sql`(${table.pressReleaseId} is null) <> (${table.programmeEventId} is null)`,
    ),
  ],
);

/**
 * One row per person a campaign mailed: at most one mail each however many of its lists name them, and the
 * random token of their mail's one-click withdrawal. It says who was sent the campaign, never whether they
 * opened it.
 */
export const campaignMails = pgTable(
  'campaign_mails',
  {
    token: uuid('token').primaryKey().defaultRandom(),
    /** Null: the token of the sender's own test mails, whose withdrawal link works as any other. */
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [uniqueIndex('campaign_mails_campaign_user_unique').on(table.campaignId, table.userId)],
);
