import { hash } from 'node:crypto';
import type { CompanyField } from '@pressroom/contract';
import { companies, companyImportRows, companyImports, type Executor, users } from '@pressroom/db';
import { and, count, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { columnOf } from '../../lib/company-fields.ts';
import type { ListColumns, ListSource } from '../../lib/datatables.ts';

export type ImportRecord = typeof companyImports.$inferSelect;
export type ImportRecordWithUser = ImportRecord & { creatorEmail: string | null };
export type ImportRowRecord = typeof companyImportRows.$inferSelect;

/** The statuses of a dry run or an import being carried out (by this server or another). */
export const underWayStatuses = ['checking', 'importing'];

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

/**
 * Runs whose server stopped (its transaction rolled back with it): under way, but silent since `silentSince`.
 * A run another app server is still carrying out says so by its heartbeat and is left alone.
 */
export async function markInterruptedImports(db: Executor, now: Date, silentSince: Date) {
  return db
    .update(companyImports)
    .set({ status: 'failed', error: 'importInterrupted', finishedAt: now, progress: null, heartbeatAt: null })
    .where(
      and(
        inArray(companyImports.status, underWayStatuses),
        or(isNull(companyImports.heartbeatAt), lt(companyImports.heartbeatAt, silentSince)),
      ),
    )
    .returning({ id: companyImports.id });
}

/** A run's progress and heartbeat, written only while the run is still under way on the row. */
export async function recordImportProgress(
  db: Executor,
  id: number,
  progress: NonNullable<ImportRecord['progress']>,
  now: Date,
) {
  await db
    .update(companyImports)
    .set({ progress, heartbeatAt: now })
    .where(and(eq(companyImports.id, id), inArray(companyImports.status, underWayStatuses)));
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

/** The history of the imports of these targets (those the reader may fill). */
export function importSource(db: Executor, targets: readonly string[]): ListSource<ImportRecordWithUser> {
  const ofTargets = (where: SQL | undefined) => and(inArray(companyImports.target, [...targets]), where);
  return {
    async count(where) {
      const [row] = await db
        .select({ value: count() })
        .from(companyImports)
        .leftJoin(users, eq(users.id, companyImports.createdBy))
        .where(ofTargets(where));
      return row.value;
    },
    async rows({ where, orderBy, limit, offset }) {
      let query = db
        .select(withCreator)
        .from(companyImports)
        .leftJoin(users, eq(users.id, companyImports.createdBy))
        .where(ofTargets(where))
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

// ------------------------------------------------------------------------------------------- batches

// A run reads and writes a whole batch of rows in two statements: one looks up what the batch could match,
// one writes everything the batch decided. Rows travel as JSON parameters, which PostgreSQL and PGlite
// both unpack with jsonb_to_recordset (PGlite has no COPY from the client; one parameter per column and row
// would soon pass the protocol's 65,535).

/** drizzle's execute answers rows directly on one driver and as `{ rows }` on the other. */
function rowsOf<Row>(result: unknown): Row[] {
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
}

const jsonParameter = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

const columnName = (field: CompanyField) => sql.identifier(companies[columnOf(field)].name);
const list = (parts: SQL[]) => sql.join(parts, sql`, `);

/**
 * One flat string: `[${items.join(',')}]` would be a concatenation (a rope) that the driver flattens into a
 * second copy of the text when it measures it, both held until the statement is answered.
 */
const jsonArray = (items: string[]) => ['[', items.join(','), ']'].join('');

/**
 * Rows as JSON arrays of at most ~64 KB each, in order: one parameter each. Strings past 128 KB are
 * allocated straight into the old generation, where a batch's garbage would wait for a full collection.
 */
function jsonChunks(rows: unknown[]): SQL {
  const chunks: string[] = [];
  let chunk: string[] = [];
  let length = 0;
  for (const row of rows) {
    const json = JSON.stringify(row);
    if (length + json.length > 64 * 1024 && chunk.length > 0) {
      chunks.push(jsonArray(chunk));
      chunk = [];
      length = 0;
    }
    chunk.push(json);
    length += json.length + 1;
  }
  if (chunk.length > 0) chunks.push(jsonArray(chunk));
  return sql`array[${list(chunks.map((text) => sql`${text}::jsonb`))}]`;
}

/**
 * The rows of this run's file met so far, in a temporary table dropped with the transaction: the company
 * each matched or created and, for rows that create one, their VAT number and name key. Later batches look
 * their duplicates up here instead of in the process's memory, which stays flat whatever the file's size.
 */
export async function createSeenRows(db: Executor) {
  await db.execute(sql`create temporary table import_seen_rows (
    row_number integer not null,
    company_id integer,
    created boolean not null,
    vat text not null,
    match_key text not null
  ) on commit drop`);
  await db.execute(sql`create index on import_seen_rows (company_id)`);
  await db.execute(sql`create index on import_seen_rows (vat) where created and vat <> ''`);
  await db.execute(sql`create index on import_seen_rows (match_key) where created`);
}

/** A company one batch of rows could match, and the earlier row of the file that met it. */
export interface MatchCandidate {
  id: number;
  vat: string;
  matchKey: string;
  /** The row of this file that already matched or created it. */
  seenAtRow: number | null;
  /** valuesDigest of its mapped fields: a row with the same digest changes nothing in it. */
  digest: string;
  /** Its values of the mapped fields, business name and city; read only when a row may change it. */
  values: Record<string, string> | null;
}

/** What JSON escapes in a string: quotes, backslashes and control characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what JSON escapes
const needsEscaping = /["\\\u0000-\u001f]/;

/**
 * A digest of values for the given fields: md5 of them as a JSON array, written as PostgreSQL's
 * json_build_array writes it (lookUpBatch computes the companies' side), so equal values give equal digests.
 */
export function valuesDigest(fields: CompanyField[], values: Partial<Record<CompanyField, string>>): string {
  let json = '[';
  for (let index = 0; index < fields.length; index++) {
    const value = values[fields[index]] ?? '';
    if (index > 0) json += ', ';
    // Most values need no escaping: quoted as they are, without JSON.stringify's cost on every row.
    json += needsEscaping.test(value) ? JSON.stringify(value) : `"${value}"`;
  }
  return hash('md5', `${json}]`);
}

/** An earlier row of the file that creates a company. */
export interface CreatingRow {
  rowNumber: number;
  vat: string;
  matchKey: string;
}

/**
 * What one batch could meet: the companies with one of its VAT numbers or name keys (with the earlier row
 * that met each), and the earlier rows that create a company with one of them, oldest first.
 */
export async function lookUpBatch(
  db: Executor,
  fields: CompanyField[],
  vats: string[],
  matchKeys: string[],
): Promise<BatchLookUp> {
  // Each kind comes back as one JSON text of arrays (one per row): short, and parsed when it is needed. A
  // company comes with a digest of its mapped fields, not their values: in a file imported again, most rows
  // change nothing, which the digests tell without the values.
  // The VAT index is partial (non-empty values): saying so lets the planner use it instead of a full scan;
  // UNION keeps each lookup on its own index. The row that met a company is asked per company: a join let
  // the planner, which has no statistics of a temporary table, scan all of it for every batch (12 ms a
  // lookup halfway through a file imported again, against 3 ms through its index).
  const result = await db.execute(sql`
    with wanted as materialized (
      select array(select jsonb_array_elements_text(${jsonParameter(vats)})) as vats,
        array(select jsonb_array_elements_text(${jsonParameter(matchKeys)})) as keys
    ), found as (
      select id from companies where vat <> '' and vat = any((select vats from wanted)::text[])
      union
      select id from companies where match_key = any((select keys from wanted)::text[])
    )
    select
      (select coalesce(json_agg(json_build_array(c.id, c.vat, c.match_key,
          (select s.row_number from import_seen_rows s where s.company_id = c.id limit 1),
          md5(json_build_array(${list(fields.map((field) => sql`c.${columnName(field)}`))})::text))), '[]')
        from found join companies c on c.id = found.id)::text as companies,
      (select coalesce(json_agg(json_build_array(row_number, vat, match_key) order by row_number), '[]')
        from import_seen_rows
        where created and ((vat <> '' and vat = any((select vats from wanted)::text[]))
          or match_key = any((select keys from wanted)::text[])))::text as earlier`);
  const [row] = rowsOf<{ companies: string; earlier: string }>(result);
  return { companies: row.companies, earlier: row.earlier };
}

/**
 * A batch's lookup as the database answered it: JSON text, read only when the batch is decided, so the
 * objects live no longer than the decision (the batch after is read meanwhile).
 */
export interface BatchLookUp {
  companies: string;
  earlier: string;
}

export const nothingFound: BatchLookUp = { companies: '[]', earlier: '[]' };

export function readLookUp(found: BatchLookUp): { companies: MatchCandidate[]; earlier: CreatingRow[] } {
  const companies = (JSON.parse(found.companies) as [number, string, string, number | null, string][]).map(
    ([id, vat, matchKey, seenAtRow, digest]) => ({ id, vat, matchKey, seenAtRow, digest, values: null }),
  );
  const earlier = (JSON.parse(found.earlier) as [number, string, string][]).map(
    ([rowNumber, vat, matchKey]) => ({ rowNumber, vat, matchKey }),
  );
  return { companies, earlier };
}

/** The values of the mapped fields, business name and city of the given companies, by id. */
export async function companyValues(
  db: Executor,
  fields: CompanyField[],
  ids: number[],
): Promise<Map<number, Record<string, string>>> {
  const compared = [...new Set<CompanyField>(['business_name', 'city', ...fields])];
  const result = await db.execute(sql`
    select coalesce(json_agg(json_build_array(c.id, ${list(compared.map((field) => sql`c.${columnName(field)}`))})), '[]')::text as companies
    from companies c where c.id = any(array(select jsonb_array_elements_text(${jsonParameter(ids)})::integer))`);
  const [row] = rowsOf<{ companies: string }>(result);
  const values = new Map<number, Record<string, string>>();
  for (const [id, ...current] of JSON.parse(row.companies) as [number, ...string[]][]) {
    const byField: Record<string, string> = {};
    for (let index = 0; index < compared.length; index++) byField[compared[index]] = current[index];
    values.set(id, byField);
  }
  return values;
}

/** One row of a batch as decided: what to report, and what to create, change or remember. */
export interface DecidedRow {
  rowNumber: number;
  /** In the report (an import reports every row; a dry run only what needs attention). */
  reported: boolean;
  outcome?: string;
  reason?: string;
  reasonParams?: Record<string, string | number>;
  errors?: Record<string, string[]>;
  businessName?: string;
  /** The company matched; a created one gets its id in the statement. */
  companyId?: number | null;
  /** Creates a company with `values` (every mapped field with a value). */
  creates?: boolean;
  /** Writes `values` (the changed fields) to the company. */
  changes?: boolean;
  values?: Partial<Record<CompanyField, string>>;
  /** The created or changed company's name key. */
  matchKey?: string;
  vat?: string;
  /** Remembered for later batches: as the row creating a company, or as the one that matched it. */
  seen?: 'created' | 'matched';
}

/**
 * The order of a decided row's items in the JSON sent. Positional, because a batch's JSON is most of what
 * goes to the database; the items a dry run needs come first, and a row's trailing empty items are left out.
 */
const decidedRowItems = [
  'rowNumber',
  'outcome',
  'seen',
  'companyId',
  'vat',
  'matchKey',
  'reported',
  'reason',
  'reasonParams',
  'errors',
  'businessName',
  'creates',
  'changes',
  'values',
] as const satisfies readonly (keyof DecidedRow)[];

/** A decided row as the JSON array writeBatch reads: no and false are null, values follow `fields`. */
function rowItems(row: DecidedRow, fields: CompanyField[]): unknown[] {
  const items: unknown[] = decidedRowItems.map((key) => {
    if (key === 'values') return row.values ? fields.map((field) => row.values?.[field] ?? null) : null;
    const item = row[key];
    return item === undefined || item === false ? null : item;
  });
  while (items.length > 0 && items[items.length - 1] === null) items.pop();
  return items;
}

/**
 * Writes everything one batch decided in one statement: the companies it creates (their ids from the
 * table's sequence) and changes, the rows later batches must know of, and the report rows.
 */
export async function writeBatch(
  db: Executor,
  run: { importId: number; phase: string; fields: CompanyField[]; now: Date },
  rows: DecidedRow[],
) {
  if (rows.length === 0) return;
  const at = sql`${run.now.toISOString()}::timestamptz`;
  /** A mapped field's value in the row, null when the row has none. */
  const value = (field: CompanyField) => sql`(i.values->>${run.fields.indexOf(field)}::integer)`;
  const written = run.fields.filter((field) => field !== 'business_name' && field !== 'associationStatus');
  const status = run.fields.includes('associationStatus')
    ? sql`coalesce(${value('associationStatus')}, 'non_member')`
    : sql`'non_member'`;
  const creating = rows.some((row) => row.creates);
  const changing = rows.some((row) => row.changes);
  // A country the row gives settles the text kept from before countries were codes.
  const settled = (['country', 'pubCountry'] as const)
    .filter((field) => run.fields.includes(field))
    .map((field) => {
      const kept = sql.identifier(field === 'country' ? 'country_unmapped' : 'pub_country_unmapped');
      return sql`, ${kept} = case when ${value(field)} is null then c.${kept} else '' end`;
    });
  // Each statement is there only when the batch needs it: a write to companies raises the content version
  // of public releases (migration 0007), which a batch that changes nothing must leave alone.
  const created = creating
    ? sql`, created as (
        insert into companies (id, business_name, association_status, ${list(
          written.map((field) => sql`${columnName(field)}`),
        )}${written.length > 0 ? sql`, ` : sql``}match_key, created_at, updated_at)
        select n.id, ${value('business_name')}, ${status}, ${list(
          written.map((field) => sql`coalesce(${value(field)}, '')`),
        )}${written.length > 0 ? sql`, ` : sql``}i.match_key, ${at}, ${at}
        from input i join new_companies n on n.row_number = i.row_number
      )`
    : sql``;
  const changed = changing
    ? sql`, changed as (
        update companies c set ${list(
          run.fields.map(
            (field) => sql`${columnName(field)} = coalesce(${value(field)}, c.${columnName(field)})`,
          ),
        )}${sql.join(settled)}, match_key = i.match_key, updated_at = ${at}
        from input i where i.changes and c.id = i.company_id
      )`
    : sql``;
  await db.execute(sql`
    with input as materialized (
      select (r->>0)::integer as row_number, r->>1 as outcome, r->>2 as seen, (r->>3)::integer as company_id,
        coalesce(r->>4, '') as vat, coalesce(r->>5, '') as match_key, coalesce((r->>6)::boolean, false) as reported,
        r->>7 as reason, nullif(r->8, 'null') as reason_params, nullif(r->9, 'null') as errors,
        r->>10 as business_name, coalesce((r->>11)::boolean, false) as creates,
        coalesce((r->>12)::boolean, false) as changes, r->13 as values
      from unnest(${jsonChunks(rows.map((row) => rowItems(row, run.fields)))}) with ordinality as chunk(rows, position),
        jsonb_array_elements(chunk.rows) with ordinality as item(r, position)
      order by chunk.position, item.position
    ), new_companies as materialized (
      select row_number, nextval(pg_get_serial_sequence('companies', 'id'))::integer as id
      from input where creates
    )${created}${changed}, seen as (
      insert into import_seen_rows (row_number, company_id, created, vat, match_key)
      select i.row_number, coalesce(i.company_id, n.id), i.seen = 'created', i.vat, i.match_key
      from input i left join new_companies n on n.row_number = i.row_number
      where i.seen is not null
    )
    insert into company_import_rows
      (import_id, phase, row_number, outcome, reason, reason_params, errors, company_id, business_name)
    select ${run.importId}::integer, ${run.phase}::text, i.row_number, i.outcome, i.reason, i.reason_params,
      i.errors, coalesce(i.company_id, n.id), i.business_name
    from input i left join new_companies n on n.row_number = i.row_number
    where i.reported`);
}

/** Imports run one at a time, so two files can never create the same company twice. */
export async function lockImports(db: Executor) {
  await db.execute(sql`select pg_advisory_xact_lock(726100501)`);
}
