import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { pressGroups } from './press-groups.ts';

/** Role groups (the specification's six names). */
export const roleGroups = pgTable('role_groups', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 80 }).notNull().unique(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: varchar('first_name', { length: 150 }).notNull().default(''),
    lastName: varchar('last_name', { length: 150 }).notNull().default(''),
    userType: varchar('user_type', { length: 10 }).notNull().default('USER'),
    language: varchar('language', { length: 5 }).notNull().default('en'),
    isActive: boolean('is_active').notNull().default(false),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    accreditation: varchar('accreditation', { length: 10 }).notNull().default('none'),
    companyId: integer('company_id'),
    // Tokens issued before this instant are refused: set on password change and reset.
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true }).notNull().defaultNow(),
    dateJoined: timestamp('date_joined', { withTimezone: true }).notNull().defaultNow(),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    // Set by the retention job once the press purpose has ended (fair end + 6 months): from then on the data is
    // kept for legal purposes only and the account is switched off (features/account/retention.ts).
    pressDataRestrictedAt: timestamp('press_data_restricted_at', { withTimezone: true }),
    // Press registration data (PRODUCT.md section 4).
    qualify: varchar('qualify', { length: 40 }),
    publishingHouse: varchar('publishing_house', { length: 150 }).notNull().default(''),
    newspaper: varchar('newspaper', { length: 150 }).notNull().default(''),
    mediaType: varchar('media_type', { length: 40 }),
    periodicity: varchar('periodicity', { length: 40 }),
    printingCopies: integer('printing_copies'),
    sector: varchar('sector', { length: 40 }),
    cap: varchar('cap', { length: 20 }).notNull().default(''),
    province: varchar('province', { length: 100 }).notNull().default(''),
    // An ISO 3166-1 alpha-2 code, or empty (PRODUCT.md section 12).
    country: varchar('country', { length: 2 }).notNull().default(''),
    // What was typed before countries were codes and names no country: kept for the press office to fix.
    countryUnmapped: varchar('country_unmapped', { length: 100 }).notNull().default(''),
    // A company administrator's choice to be mailed when an approved piece of coverage names their exhibitor.
    coverageMail: boolean('coverage_mail').notNull().default(false),
  },
  (table) => [uniqueIndex('users_email_lower_unique').on(sql`lower(${table.email})`)],
);

export const userRoleGroups = pgTable(
  'user_role_groups',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleGroupId: integer('role_group_id')
      .notNull()
      .references(() => roleGroups.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.roleGroupId] })],
);

/** Permissions granted to a user beyond those of their roles. */
export const userPermissions = pgTable(
  'user_permissions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permission: varchar('permission', { length: 80 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.permission] })],
);

/** Each privacy consent: who, when (UTC), on which site, which notice version, in which language. */
export const consents = pgTable(
  'consents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
    pressGroupId: integer('press_group_id').references(() => pressGroups.id, { onDelete: 'set null' }),
    noticeVersion: varchar('notice_version', { length: 20 }).notNull(),
    language: varchar('language', { length: 5 }).notNull(),
  },
  // A user's latest consent is read on every token refresh and profile read.
  (table) => [index('consents_user_latest_idx').on(table.userId, table.acceptedAt, table.id)],
);
