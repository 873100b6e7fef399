import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { fairEditions } from './accreditation.ts';
import { exhibitors } from './exhibitors.ts';
import type { LocalizedText } from './gallery.ts';
import { galleries } from './gallery.ts';
import { pressGroups } from './press-groups.ts';
import { pressReleases } from './press-releases.ts';

/**
 * An event of an edition's press programme (PRODUCT.md section 12). Organised by the fair (`exhibitor_id` null)
 * or an exhibitor, whose proposals wait in `proposed` for the press office. `sequence` is the calendars'
 * revision (RFC 5545 SEQUENCE), raised on each change of time, place or status. `signed_up` counts the places
 * taken: it is updated in the statement that takes or frees a place, under the event row's lock, so two
 * servers can never fill more than `capacity`.
 */
export const programmeEvents = pgTable(
  'programme_events',
  {
    id: serial('id').primaryKey(),
    editionId: integer('edition_id')
      .notNull()
      .references(() => fairEditions.id, { onDelete: 'cascade' }),
    exhibitorId: integer('exhibitor_id').references(() => exhibitors.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 20 }).notNull(),
    status: varchar('status', { length: 12 }).notNull().default('proposed'),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull().default({}),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    hall: varchar('hall', { length: 40 }).notNull(),
    room: varchar('room', { length: 80 }).notNull().default(''),
    stand: varchar('stand', { length: 40 }).notNull().default(''),
    languages: jsonb('languages').$type<string[]>().notNull().default([]),
    /** Null: no limit. */
    capacity: integer('capacity'),
    signupRequired: boolean('signup_required').notNull().default(false),
    signedUp: integer('signed_up').notNull().default(0),
    sequence: integer('sequence').notNull().default(0),
    proposedBy: integer('proposed_by').references(() => users.id, { onDelete: 'set null' }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    declineReason: varchar('decline_reason', { length: 500 }).notNull().default(''),
    cancelReason: varchar('cancel_reason', { length: 500 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('programme_events_edition_idx').on(table.editionId, table.status, table.startsAt),
    index('programme_events_exhibitor_idx').on(table.exhibitorId),
    index('programme_events_starts_idx').on(table.startsAt),
  ],
);

export const programmeEventReleases = pgTable(
  'programme_event_releases',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => programmeEvents.id, { onDelete: 'cascade' }),
    releaseId: integer('release_id')
      .notNull()
      .references(() => pressReleases.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    // Held until the event starts: under embargo for the public till then (the press reads it, as any
    // embargoed release), whatever the release's own embargo says; read at every request, never written then.
    releasedAtStart: boolean('released_at_start').notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.releaseId] }),
    index('programme_event_releases_release_idx').on(table.releaseId),
    index('programme_event_releases_at_start_idx').on(table.eventId).where(sql`${table.releasedAtStart}`),
  ],
);

export const programmeEventGalleries = pgTable(
  'programme_event_galleries',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => programmeEvents.id, { onDelete: 'cascade' }),
    galleryId: integer('gallery_id')
      .notNull()
      .references(() => galleries.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    // Held until the event starts: nobody but the back office sees the gallery till then.
    releasedAtStart: boolean('released_at_start').notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.galleryId] }),
    index('programme_event_galleries_gallery_idx').on(table.galleryId),
    index('programme_event_galleries_at_start_idx').on(table.eventId).where(sql`${table.releasedAtStart}`),
  ],
);

/**
 * A journalist's sign-up: one row per event and person. `queued_at` orders the waiting list (promotion takes
 * the oldest first). `reminded_at` is written by the statement that claims the reminder, so it is sent once
 * whatever the number of servers.
 */
export const programmeSignups = pgTable(
  'programme_signups',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => programmeEvents.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 12 }).notNull(),
    /** The language the journalist reads their mails in. */
    language: varchar('language', { length: 5 }).notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkedInBy: integer('checked_in_by').references(() => users.id, { onDelete: 'set null' }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('programme_signups_event_user_unique').on(table.eventId, table.userId),
    index('programme_signups_queue_idx').on(table.eventId, table.status, table.queuedAt, table.id),
    index('programme_signups_user_idx').on(table.userId, table.status),
    index('programme_signups_reminder_idx')
      .on(table.eventId)
      .where(sql`${table.status} = 'signed_up' and ${table.remindedAt} is null`),
  ],
);

/**
 * The secret address of a journalist's personal calendar feed on one site. Only the SHA-256 of the token is
 * stored; rotating replaces it, revoking deletes the row.
 */
export const programmeFeedTokens = pgTable(
  'programme_feed_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pressGroupId: integer('press_group_id')
      .notNull()
      .references(() => pressGroups.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    language: varchar('language', { length: 5 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('programme_feed_tokens_hash_unique').on(table.tokenHash),
    uniqueIndex('programme_feed_tokens_user_site_unique').on(table.userId, table.pressGroupId),
  ],
);
