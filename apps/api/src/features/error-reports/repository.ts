import { type Executor, errorReports, users } from '@pressroom/db';
import { count, eq } from 'drizzle-orm';
import type { ListColumns, ListSource } from '../../lib/datatables.ts';

export type ErrorReportRow = typeof errorReports.$inferSelect & { userEmail: string | null };

export async function insertErrorReport(db: Executor, values: typeof errorReports.$inferInsert) {
  const [row] = await db.insert(errorReports).values(values).returning({ id: errorReports.id });
  return row;
}

export const errorReportColumns: ListColumns = {
  id: { expression: errorReports.id, searchable: false },
  created_at: { expression: errorReports.createdAt, searchable: false },
  level: { expression: errorReports.level },
  message: { expression: errorReports.message },
  comments: { expression: errorReports.comments },
  email: { expression: errorReports.email },
  url: { expression: errorReports.url },
  site: { expression: errorReports.site },
  user: { expression: users.email },
};

export function errorReportSource(db: Executor): ListSource<ErrorReportRow> {
  return {
    async count(where) {
      const [row] = await db
        .select({ value: count() })
        .from(errorReports)
        .leftJoin(users, eq(users.id, errorReports.userId))
        .where(where);
      return row.value;
    },
    async rows({ where, orderBy, limit, offset }) {
      let query = db
        .select({ report: errorReports, userEmail: users.email })
        .from(errorReports)
        .leftJoin(users, eq(users.id, errorReports.userId))
        .where(where)
        .orderBy(...orderBy)
        .offset(offset)
        .$dynamic();
      if (limit !== null) query = query.limit(limit);
      return (await query).map((row) => ({ ...row.report, userEmail: row.userEmail }));
    },
  };
}
