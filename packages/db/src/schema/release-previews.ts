import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { pressReleases } from './press-releases.ts';

/**
 * A named person invited to read an embargoed release before its end (PRODUCT.md section 13): an account, or
 * an address with a name. The link's token is kept only as its SHA-256 (`token_hash`): whoever reads the
 * table cannot open a preview. One invitation per address and release: inviting again sends a new link and
 * the old one stops working. The opening times and count are the office's "who opened it", per invitation.
 */
export const releasePreviewInvitations = pgTable(
  'release_preview_invitations',
  {
    id: serial('id').primaryKey(),
    pressReleaseId: integer('press_release_id')
      .notNull()
      .references(() => pressReleases.id, { onDelete: 'cascade' }),
    /** The invitee's account, when the office picked one: another signed-in account is refused the preview. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Lower case: the address an invitation is unique by. */
    email: varchar('email', { length: 254 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    language: varchar('language', { length: 5 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    invitedById: integer('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    firstOpenedAt: timestamp('first_opened_at', { withTimezone: true }),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
    openCount: integer('open_count').notNull().default(0),
  },
  (table) => [
    uniqueIndex('release_preview_invitations_token_idx').on(table.tokenHash),
    uniqueIndex('release_preview_invitations_release_email_idx').on(table.pressReleaseId, table.email),
    index('release_preview_invitations_user_idx').on(table.userId).where(sql`${table.userId} is not null`),
  ],
);
