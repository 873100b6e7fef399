import { companies, companyImportRows, companyImports, type Executor, users } from '@pressroom/db';
import { and, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { ListColumns, ListSource } from '../../lib/datatables.ts';

export type ImportRecord = typeof companyImports.$inferSelect;
export type ImportRecordWithUser = ImportRecord & { creatorEmail: string | null };
export type ImportRowRecord = typeof companyImportRows.$inferSelect;
export type CompanyMatchRow = typeof companies.$inferSelect;

const withCreator = {
  record: companyImports,
  creatorEmail: users.email,
};

export async function insertImport(db: Executor, values: typeof companyImports.$inferInsert) {
  const [row] = await db.insert(companyImports).values(values).returning();
  return row;
}

export async function findImport(db: Executor, id: number): Promise<ImportRecordWithUser | null> {
  const [row] = await db
    .select(withCreator)
    .from(companyImports)
    .leftJoin(users, eq(users.id, companyImports.createdBy))
    .where(eq(companyImports.id, id));
  return row ? { ...row.record, creatorEmail: row.creatorEmail } : null;
}

export async function updateImport(
  db: Executor,
  id: number,
  values: Partial<typeof companyImports.$inferInsert>,
) {
  await db.update(companyImports).set(values).where(eq(companyImports.id, id));
}

/** Runs that were under way when the server stopped: their transaction was rolled back. */
export async function markInterruptedImports(db: Executor, now: Date) {
  await db
    .update(companyImports)
    .set({ status: 'failed', error: 'importInterrupted', finishedAt: now })
    .where(inArray(companyImports.status, ['checking', 'importing']));
}

export const importColumns: ListColumns = {
  id: { expression: companyImports.id, searchable: false },
  file_name: { expression: companyImports.fileName },
  format: { expression: companyImports.format },
  status: { expression: companyImports.status },
  table: { expression: companyImports.tableName },
  created_at: { expression: companyImports.createdAt, searchable: false },
  created_by: { expression: users.email },
};

export function importSource(db: Executor): ListSource<ImportRecordWithUser> {
  return {
    async count(where) {
      const [row] = await db
        .select({ value: count() })
        .from(companyImports)
        .leftJoin(users, eq(users.id, companyImports.createdBy))
        .where(where);
      return row.value;
    },
    async rows({ where, orderBy, limit, offset }) {
      let query = db
        .select(withCreator)
        .from(companyImports)
        .leftJoin(users, eq(users.id, companyImports.createdBy))
        .where(where)
        .orderBy(...orderBy)
        .offset(offset)
        .$dynamic();
      if (limit !== null) query = query.limit(limit);
      return (await query).map((row) => ({ ...row.record, creatorEmail: row.creatorEmail }));
    },
  };
}

// ------------------------------------------------------------------------------------------- report rows

export async function clearImportRows(db: Executor, importId: number, phase: string) {
  await db
    .delete(companyImportRows)
    .where(and(eq(companyImportRows.importId, importId), eq(companyImportRows.phase, phase)));
}

export async function insertImportRows(db: Executor, rows: (typeof companyImportRows.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(companyImportRows).values(rows);
}

export const importRowColumns: ListColumns = {
  row: { expression: companyImportRows.rowNumber, searchable: false },
  outcome: { expression: companyImportRows.outcome },
  business_name: { expression: companyImportRows.businessName },
};

export function importRowSource(
  db: Executor,
  importId: number,
  filters: { phase: string; outcome?: string },
): ListSource<ImportRowRecord> {
  const scope = and(
    eq(companyImportRows.importId, importId),
    eq(companyImportRows.phase, filters.phase),
    filters.outcome ? eq(companyImportRows.outcome, filters.outcome) : undefined,
  );
  return {
    async count(where) {
      const [row] = await db.select({ value: count() }).from(companyImportRows).where(and(scope, where));
      return row.value;
    },
    async rows({ where, orderBy, limit, offset }) {
      let query = db
        .select()
        .from(companyImportRows)
        .where(and(scope, where))
        .orderBy(...orderBy)
        .offset(offset)
        .$dynamic();
      if (limit !== null) query = query.limit(limit);
      return query;
    },
  };
}

// ------------------------------------------------------------------------------------------- matching

/** Companies that one batch of rows could match: by VAT, or by business name and city. */
export async function companiesMatching(db: Executor, vats: string[], matchKeys: string[]) {
  const conditions: SQL[] = [];
  // The VAT index is partial (non-empty values): saying so lets the planner use it instead of a full scan.
  if (vats.length > 0) conditions.push(and(inArray(companies.vat, vats), sql`${companies.vat} <> ''`)!);
  if (matchKeys.length > 0) conditions.push(inArray(companies.matchKey, matchKeys));
  if (conditions.length === 0) return [];
  return db
    .select()
    .from(companies)
    .where(or(...conditions));
}

export async function insertCompanies(db: Executor, values: (typeof companies.$inferInsert)[]) {
  if (values.length === 0) return [];
  return db.insert(companies).values(values).returning({ id: companies.id });
}

export async function updateCompanyColumns(
  db: Executor,
  id: number,
  values: Partial<typeof companies.$inferInsert>,
) {
  await db.update(companies).set(values).where(eq(companies.id, id));
}

/** Imports run one at a time, so two files can never create the same company twice. */
export async function lockImports(db: Executor) {
  await db.execute(sql`select pg_advisory_xact_lock(726100501)`);
}
