import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { fairEditions } from './accreditation.ts';
import { companies } from './companies.ts';
import type { LocalizedText } from './gallery.ts';

/**
 * A company exhibiting at an edition of the fair (PRODUCT.md section 12), with its product category (one of the
 * contract's sectors). Kept by the association's staff or imported; its stands are rows of exhibitor_stands.
 */
export const exhibitors = pgTable(
  'exhibitors',
  {
    id: serial('id').primaryKey(),
    editionId: integer('edition_id')
      .notNull()
      .references(() => fairEditions.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    category: varchar('category', { length: 40 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('exhibitors_edition_company_unique').on(table.editionId, table.companyId),
    index('exhibitors_company_idx').on(table.companyId),
  ],
);

/** One hall/stand pair of an exhibitor; an exhibitor may have several. Compared without regard to case. */
export const exhibitorStands = pgTable(
  'exhibitor_stands',
  {
    id: serial('id').primaryKey(),
    exhibitorId: integer('exhibitor_id')
      .notNull()
      .references(() => exhibitors.id, { onDelete: 'cascade' }),
    hall: varchar('hall', { length: 40 }).notNull(),
    stand: varchar('stand', { length: 40 }).notNull(),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    uniqueIndex('exhibitor_stands_unique').on(
      table.exhibitorId,
      sql`lower(${table.hall})`,
      sql`lower(${table.stand})`,
    ),
    index('exhibitor_stands_hall_idx').on(sql`lower(${table.hall})`),
  ],
);

/**
 * What a company shows the press in its press box, whatever the edition: its logo (a PNG re-encoded on upload,
 * kept in the file store), a description per language and its web site.
 */
export const companyPressBoxes = pgTable('company_press_boxes', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  descriptions: jsonb('descriptions').$type<LocalizedText>().notNull().default({}),
  website: varchar('website', { length: 300 }).notNull().default(''),
  /** The logo's key in the file store, or null. */
  logoPath: varchar('logo_path', { length: 300 }),
  /** Changes with every new logo, so logo addresses can be cached for good. */
  logoVersion: integer('logo_version').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The people who speak for a company in its press box: the shape of the site's press contacts. */
export const companyPressContacts = pgTable(
  'company_press_contacts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 120 }).notNull(),
    roles: jsonb('roles').$type<LocalizedText>().notNull().default({}),
    email: varchar('email', { length: 254 }).notNull().default(''),
    phone: varchar('phone', { length: 40 }).notNull().default(''),
    languages: varchar('languages', { length: 5 }).array().notNull().default([]),
    position: integer('position').notNull().default(0),
    /** The photo's key in the file store (a square JPEG re-encoded on upload), or null. */
    photoPath: varchar('photo_path', { length: 300 }),
    photoVersion: integer('photo_version').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('company_press_contacts_company_idx').on(table.companyId, table.position)],
);

/**
 * A change to a press box proposed by one of the company's agents: it waits for the company's administrator or
 * the press office, as an agent's release waits to be published. `payload` holds the fields the change writes;
 * `filePath` a logo or photo already checked and kept in the file store.
 */
export const pressBoxChanges = pgTable(
  'press_box_changes',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20 }).notNull(),
    contactId: integer('contact_id').references(() => companyPressContacts.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    filePath: varchar('file_path', { length: 300 }),
    status: varchar('status', { length: 12 }).notNull().default('pending'),
    proposedBy: integer('proposed_by').references(() => users.id, { onDelete: 'set null' }),
    proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    note: text('note').notNull().default(''),
  },
  (table) => [index('press_box_changes_company_idx').on(table.companyId, table.status, table.proposedAt)],
);
