import { pgTable, serial, varchar } from 'drizzle-orm/pg-core';

/** A site of the press room (the specification's Group: id, name). Hostnames come from configuration. */
export const pressGroups = pgTable('press_groups', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 120 }).notNull().unique(),
});
