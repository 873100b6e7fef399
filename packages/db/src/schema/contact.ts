import { index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { pressGroups } from './press-groups.ts';

/** Messages journalists send to the press office; kept even if the mail is delayed or the sender leaves. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    pressGroupId: integer('press_group_id').references(() => pressGroups.id, { onDelete: 'set null' }),
    senderName: varchar('sender_name', { length: 300 }).notNull(),
    senderEmail: varchar('sender_email', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 200 }).notNull(),
    message: text('message').notNull(),
    language: varchar('language', { length: 5 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [index('contact_messages_created_idx').on(table.createdAt)],
);
