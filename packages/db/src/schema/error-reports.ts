import { index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** Reports sent from the crash-report dialog, listed in the back office. */
export const errorReports = pgTable(
  'error_reports',
  {
    id: serial('id').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    level: varchar('level', { length: 10 }).notNull(),
    message: varchar('message', { length: 2000 }).notNull(),
    name: varchar('name', { length: 150 }).notNull().default(''),
    email: varchar('email', { length: 254 }).notNull().default(''),
    comments: text('comments').notNull().default(''),
    url: varchar('url', { length: 2000 }).notNull().default(''),
    stack: text('stack').notNull().default(''),
    userAgent: varchar('user_agent', { length: 500 }).notNull().default(''),
    language: varchar('language', { length: 5 }).notNull(),
    site: varchar('site', { length: 120 }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [index('error_reports_created_at_idx').on(table.createdAt)],
);
