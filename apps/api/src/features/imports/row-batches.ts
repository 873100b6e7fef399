import {
  type CompanyField,
  type ImportMapping,
  type ImportPhase,
  type ImportSummary,
  matchText,
} from '@pressroom/contract';
import type { Executor } from '@pressroom/db';
import { companyMatchKey } from '../../lib/company-fields.ts';
import {
  type BatchLookUp,
  type CreatingRow,
  companyValues,
  createSeenRows,
  type DecidedRow,
  lookUpBatch,
  type MatchCandidate,
  nothingFound,
  readLookUp,
  valuesDigest,
  writeBatch,
} from './repository.ts';
import { type PreparedRow, rowPreparer } from './rows.ts';
import { SourceError, type SourceRow } from './sources.ts';

// A dry run or an import over the rows of a file, one batch at a time: the rows are read as a stream, each
// batch is looked up with one query and written with one statement, and what earlier batches did is asked
// of the database (a temporary table), so memory holds one batch whatever the size of the file.

export interface RowsRun {
  importId: number;
  phase: ImportPhase;
  mapping: ImportMapping;
  /** Cells a row should have (CSV header width); null when rows always fit (Access). */
  width: number | null;
  /** Rows per batch: per database round trip of each kind. */
  batchSize: number;
  maxRows: number;
  now: Date;
  /** After each batch, with the rows read so far. */
  progress(rowsRead: number): void;
}

export const emptySummary = (): ImportSummary => ({
  rows: 0,
  created: 0,
  updated: 0,
  skipped: 0,
  unchanged: 0,
  invalid: 0,
  duplicate: 0,
  empty: 0,
});

/** Reads every row, decides and (in an import) writes each batch; answers the counts. */
export async function runRows(
  executor: Executor,
  rows: AsyncIterable<SourceRow>,
  run: RowsRun,
): Promise<ImportSummary> {
  const summary = emptySummary();
  const fields = Object.keys(run.mapping).filter(
    (field) => run.mapping[field as CompanyField],
  ) as CompanyField[];
  const prepare = rowPreparer(run.mapping, run.width);
  await createSeenRows(executor);
  // Two batches are under way at once: one is written while the next is read. The next one's lookup is
  // sent behind that write (queries on a transaction run in the order they are sent, so it sees the write),
  // and the batch is decided on its answer. A row lives about one batch long: what outlives a
  // young-generation collection or two waits in the old generation for a full one, so the fewer batches
  // held at once, the less memory a run leaves behind it to collect.
  let written: Promise<void> = Promise.resolve();
  const advance = async (batch: PreparedRow[]) => {
    const rowsRead = summary.rows;
    const lookedUp = lookUp(executor, fields, batch);
    lookedUp.catch(() => {});
    // The earlier write first: when it fails, the lookup queued behind it fails only because it did.
    await written;
    const found = readLookUp(await lookedUp);
    const candidates = indexCandidates(found.companies);
    await readChangedCompanies(executor, fields, batch, candidates);
    const rows = decideBatch(batch, found, candidates, run.phase === 'import');
    for (const row of rows) {
      summary[row.outcome] += 1;
      if (row.outcome !== 'created' && row.outcome !== 'updated') summary.skipped += 1;
    }
    written = writeBatch(executor, { ...run, fields }, rows).then(() => run.progress(rowsRead));
    // Awaited before the next decision or at the end; never an unhandled rejection meanwhile.
    written.catch(() => {});
  };
  let batch: PreparedRow[] = [];
  for await (const row of rows) {
    summary.rows += 1;
    if (summary.rows > run.maxRows) throw new SourceError('importTooManyRows', { max: run.maxRows });
    batch.push(prepare(row));
    if (batch.length >= run.batchSize) {
      await advance(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await advance(batch);
  await written;
  return summary;
}

/** What one batch could meet, asked for its VAT numbers and name keys. */
function lookUp(executor: Executor, fields: CompanyField[], batch: PreparedRow[]): Promise<BatchLookUp> {
  const vats = new Set<string>();
  const keys = new Set<string>();
  for (const row of batch) {
    if (row.kind !== 'valid') continue;
    if (row.vat) vats.add(row.vat);
    keys.add(row.matchKey);
  }
  if (keys.size === 0) return Promise.resolve(nothingFound);
  return lookUpBatch(executor, fields, [...vats], [...keys]);
}

/** A batch's candidate companies by VAT number and by name key. */
interface Candidates {
  byVat: Map<string, MatchCandidate>;
  byKey: Map<string, MatchCandidate[]>;
}

function indexCandidates(companies: MatchCandidate[]): Candidates {
  const byVat = new Map<string, MatchCandidate>();
  const byKey = new Map<string, MatchCandidate[]>();
  for (const company of companies) {
    if (company.vat) byVat.set(company.vat, company);
    const sameKey = byKey.get(company.matchKey);
    if (sameKey) sameKey.push(company);
    else byKey.set(company.matchKey, [company]);
  }
  return { byVat, byKey };
}

/**
 * Reads the values of the companies a row of the batch may change: those a row could match (by VAT number
 * or name key) whose digest differs from that row's. The others are matched, if at all, by rows equal to
 * them, which change nothing: in a file imported again that is every company, and nothing is read.
 */
async function readChangedCompanies(
  executor: Executor,
  fields: CompanyField[],
  batch: PreparedRow[],
  candidates: Candidates,
) {
  const { byVat, byKey } = candidates;
  if (byKey.size === 0) return;
  const toRead = new Set<MatchCandidate>();
  for (const row of batch) {
    if (row.kind !== 'valid') continue;
    const sameVat = row.vat ? byVat.get(row.vat) : undefined;
    const sameKey = byKey.get(row.matchKey);
    if (!sameVat && !sameKey) continue;
    const digest = valuesDigest(fields, row.values);
    if (sameVat && sameVat.digest !== digest) toRead.add(sameVat);
    for (const company of sameKey ?? []) if (company.digest !== digest) toRead.add(company);
  }
  if (toRead.size === 0) return;
  const values = await companyValues(
    executor,
    fields,
    [...toRead].map((company) => company.id),
  );
  for (const company of toRead) company.values = values.get(company.id) ?? null;
}

/**
 * What earlier rows of the same file did, so a company listed twice is reported as a duplicate: the earlier
 * batches' answers for this batch's VAT numbers, keys and companies, then this batch's own rows.
 */
class FileMemory {
  /** Company id -> the row that matched or created it. */
  readonly touched = new Map<number, number>();
  readonly createdByVat = new Map<string, number>();
  /** The latest row creating a company with that key. */
  readonly createdByKey = new Map<string, { row: number; vat: string }>();

  constructor(earlier: CreatingRow[], candidates: MatchCandidate[]) {
    for (const row of earlier) {
      if (row.vat) this.createdByVat.set(row.vat, row.rowNumber);
      this.createdByKey.set(row.matchKey, { row: row.rowNumber, vat: row.vat });
    }
    for (const company of candidates)
      if (company.seenAtRow !== null) this.touched.set(company.id, company.seenAtRow);
  }

  earlierRow(vat: string, key: string): number | undefined {
    if (vat && this.createdByVat.has(vat)) return this.createdByVat.get(vat);
    const byKey = this.createdByKey.get(key);
    if (byKey && (byKey.vat === '' || vat === '' || byKey.vat === vat)) return byKey.row;
    return undefined;
  }
}

type Outcome = 'created' | 'updated' | 'unchanged' | 'invalid' | 'duplicate' | 'empty';
type RowReport = DecidedRow & { outcome: Outcome };

/** Compared the way companies are recognised, so "ACME  tiles" in a file does not respell "Acme Tiles". */
const matchedFields = new Set<string>(['business_name', 'city']);

/**
 * The fields whose value differs from the company's: an import only writes those. A company whose values
 * were not read has the row's own digest (see readChangedCompanies): nothing differs.
 */
function changedFields(
  company: MatchCandidate,
  values: Partial<Record<CompanyField, string>>,
): CompanyField[] {
  if (company.values === null) return [];
  const changed: CompanyField[] = [];
  for (const [field, value] of Object.entries(values) as [CompanyField, string][]) {
    const current = company.values[field] ?? '';
    if (current === value) continue;
    if (matchedFields.has(field) && matchText(current) === matchText(value)) continue;
    changed.push(field);
  }
  return changed;
}

/** A report never fails on a name PostgreSQL cannot store (the row is invalid anyway). */
const reportName = (name: string) => name.replaceAll('\u0000', '').slice(0, 200);

/**
 * What each row of a batch does, in file order, given what the batch could meet. A dry run reports only
 * the rows that need attention; an import reports every row (the report of what it did) and carries what
 * to create and change.
 */
function decideBatch(
  batch: PreparedRow[],
  found: ReturnType<typeof readLookUp>,
  candidates: Candidates,
  importing: boolean,
): RowReport[] {
  const memory = new FileMemory(found.earlier, found.companies);
  const { byVat, byKey } = candidates;

  const rows: RowReport[] = [];
  for (const row of batch) {
    if (row.kind === 'empty') {
      rows.push({
        rowNumber: row.rowNumber,
        reported: true,
        outcome: 'empty',
        reason: 'importRowEmpty',
        businessName: '',
      });
      continue;
    }
    if (row.kind === 'invalid') {
      rows.push({
        rowNumber: row.rowNumber,
        reported: true,
        outcome: 'invalid',
        reason: row.reason,
        reasonParams: row.reasonParams,
        errors: row.errors,
        businessName: reportName(row.businessName),
      });
      continue;
    }
    const key = row.matchKey;
    const earlierRow = memory.earlierRow(row.vat, key);
    if (earlierRow !== undefined) {
      rows.push({
        rowNumber: row.rowNumber,
        reported: true,
        outcome: 'duplicate',
        reason: 'importRowDuplicate',
        reasonParams: { row: earlierRow },
        businessName: reportName(row.businessName),
      });
      continue;
    }
    let company = row.vat ? byVat.get(row.vat) : undefined;
    const matchedBy = company ? 'importRowMatchedVat' : 'importRowMatchedName';
    // A company with another VAT number is another company, even with the same name in the same city.
    company ??= byKey.get(key)?.find((candidate) => candidate.vat === '' || row.vat === '');
    if (company) {
      const previous = memory.touched.get(company.id);
      if (previous !== undefined) {
        rows.push({
          rowNumber: row.rowNumber,
          reported: true,
          outcome: 'duplicate',
          reason: 'importRowDuplicate',
          reasonParams: { row: previous },
          businessName: reportName(row.businessName),
          companyId: company.id,
        });
        continue;
      }
      memory.touched.set(company.id, row.rowNumber);
      const changed = changedFields(company, row.values);
      if (changed.length === 0) {
        rows.push({
          rowNumber: row.rowNumber,
          reported: importing,
          outcome: 'unchanged',
          reason: 'importRowUnchanged',
          businessName: importing ? reportName(row.businessName) : undefined,
          companyId: company.id,
          seen: 'matched',
        });
        continue;
      }
      const changedValues: Partial<Record<CompanyField, string>> = {};
      for (const field of changed) changedValues[field] = row.values[field];
      // Changes are found only in values read (changedFields), so they are here.
      const current = company.values as Record<string, string>;
      Object.assign(current, changedValues);
      if (changedValues.vat !== undefined) company.vat = changedValues.vat;
      company.matchKey = companyMatchKey(current.business_name ?? '', current.city ?? '');
      rows.push({
        rowNumber: row.rowNumber,
        reported: importing,
        outcome: 'updated',
        reason: matchedBy,
        reasonParams: { fields: changed.join(', ') },
        businessName: importing ? reportName(row.businessName) : undefined,
        companyId: company.id,
        seen: 'matched',
        changes: importing,
        values: importing ? changedValues : undefined,
        matchKey: company.matchKey,
      });
      continue;
    }
    rows.push({
      rowNumber: row.rowNumber,
      reported: importing,
      outcome: 'created',
      reason: 'importRowNew',
      businessName: importing ? reportName(row.businessName) : undefined,
      companyId: null,
      seen: 'created',
      vat: row.vat,
      matchKey: key,
      creates: importing,
      values: importing ? row.values : undefined,
    });
    memory.createdByKey.set(key, { row: row.rowNumber, vat: row.vat });
    if (row.vat) memory.createdByVat.set(row.vat, row.rowNumber);
  }
  return rows;
}
