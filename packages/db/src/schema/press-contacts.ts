import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import type { LocalizedText } from './gallery.ts';
import { pressGroups } from './press-groups.ts';
import { pressReleases } from './press-releases.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The people who speak for a site (PRODUCT.md section 11): shown under every release of the site unless the
 * release names its own. The photo is a small JPEG re-encoded on upload, kept in the row so that every app
 * server serves it without a shared disk.
 */
export const pressContacts = pgTable(
  'press_contacts',
  {
    id: serial('id').primaryKey(),
    pressGroupId: integer('press_group_id')
      .notNull()
      .references(() => pressGroups.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 120 }).notNull(),
    /** The job title per language, e.g. `{en: 'Head of press office', it: 'Responsabile ufficio stampa'}`. */
    roles: jsonb('roles').$type<LocalizedText>().notNull().default({}),
    email: varchar('email', { length: 254 }).notNull().default(''),
    phone: varchar('phone', { length: 40 }).notNull().default(''),
    /** The languages the contact answers in (content language codes). */
    languages: varchar('languages', { length: 5 }).array().notNull().default([]),
    position: integer('position').notNull().default(0),
    photo: bytea('photo'),
    /** Changes with every new photo, so photo addresses can be cached for good. */
    photoVersion: integer('photo_version').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('press_contacts_group_idx').on(table.pressGroupId, table.position)],
);

/** "About <site>": the paragraph closing each release, per site and language. */
export const siteBoilerplates = pgTable(
  'site_boilerplates',
  {
    pressGroupId: integer('press_group_id')
      .notNull()
      .references(() => pressGroups.id, { onDelete: 'cascade' }),
    language: varchar('language', { length: 5 }).notNull(),
    text: text('text').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.pressGroupId, table.language] })],
);

/** The contacts a release names instead of its site's (in order). */
export const pressReleaseContacts = pgTable(
  'press_release_contacts',
  {
    pressReleaseId: integer('press_release_id')
      .notNull()
      .references(() => pressReleases.id, { onDelete: 'cascade' }),
    pressContactId: integer('press_contact_id')
      .notNull()
      .references(() => pressContacts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.pressReleaseId, table.pressContactId] }),
    index('press_release_contacts_contact_idx').on(table.pressContactId),
  ],
);
