import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The request counters of the rate limits, shared by every app server (decision 12): one row per limit and key
 * (`sign-in-ip:203.0.113.7`), counting the hits of the window that ends at `expires_at`. Written by one
 * INSERT ... ON CONFLICT DO UPDATE per hit, which starts a new window once the old one has expired. The table
 * is UNLOGGED (see migration 0014): counters are worth nothing after a crash and cost no WAL, so they are
 * lost on a crash and not replicated, which only hands a caller a fresh window.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_counters_expires_at_idx').on(table.expiresAt)],
);
