import type { PressGroup } from '@pressroom/contract';
import { type Executor, pressGroups } from '@pressroom/db';
import { type SQL, sql } from 'drizzle-orm';
import type { ListColumns, ListSource } from '../../lib/datatables.ts';

/** Columns a DataTables request may search and order by. */
export const pressGroupColumns: ListColumns = {
  id: { expression: pressGroups.id },
  name: { expression: pressGroups.name },
};

/** Press groups, optionally only the one whose name equals `name` (case-insensitive). */
export function pressGroupSource(db: Executor, filters: { name?: string }): ListSource<PressGroup> {
  const scope = (where: SQL | undefined) => {
    const conditions = [where];
    if (filters.name !== undefined) conditions.push(sql`lower(${pressGroups.name}) = lower(${filters.name})`);
    const present = conditions.filter((condition): condition is SQL => condition !== undefined);
    return present.length === 0 ? undefined : sql.join(present, sql` and `);
  };
  return {
    async count(where) {
      const condition = scope(where);
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(pressGroups).where(condition);
      return row.count;
    },
    async rows({ where, orderBy, limit, offset }) {
      const query = db
        .select({ id: pressGroups.id, name: pressGroups.name })
        .from(pressGroups)
        .where(scope(where))
        .orderBy(...orderBy)
        .offset(offset);
      return limit === null ? query : query.limit(limit);
    },
  };
}
