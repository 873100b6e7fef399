import {
  type ExhibitorImportMapping,
  exhibitorCategories,
  type ImportPhase,
  type ImportSummary,
  matchText,
  normalizeVat,
  standKey,
} from '@pressroom/contract';
import { companies, companyImportRows, type Executor, exhibitorStands, exhibitors } from '@pressroom/db';
import { eq, inArray, or, sql } from 'drizzle-orm';
import { companyMatchKey } from '../../lib/company-fields.ts';
import { emptySummary } from './row-batches.ts';
import { SourceError, type SourceRow } from './sources.ts';

// A dry run or an import of an edition's exhibitors. Such a file lists a fair's exhibitors (hundreds, a few
// thousand rows), so it is read whole: its companies are looked up with a few queries, and what each row does
// is decided against the edition's exhibitors as they stand plus what earlier rows of the file did.
//
// A row names a company (found by VAT number, else by business name and city as the company import recognises
// it; it never creates one), a hall and one or more stands. A company listed on several rows gets every stand;
// a stand it already has is left as it is, so importing the same file again changes nothing.

export interface ExhibitorRowsRun {
  importId: number;
  phase: ImportPhase;
  mapping: ExhibitorImportMapping;
  editionId: number;
  width: number | null;
  maxRows: number;
  now: Date;
  progress(rowsRead: number): void;
}

const placeMax = 40;
const categoryWords = new Map<string, string>(
  exhibitorCategories.map((category) => [category.replace(/_/g, ' '), category]),
);

interface ReadRow {
  rowNumber: number;
  name: string;
  vat: string;
  city: string;
  stands: { hall: string; stand: string }[];
  category: string | null;
}

type Checked =
  | { kind: 'empty' }
  | {
      kind: 'invalid';
      errors: Record<string, string[]>;
      reason: string;
      params?: Record<string, string | number>;
      name: string;
    }
  | ({ kind: 'valid' } & ReadRow);

/** A category as a file may write it: the code, or its words ("Design", "Trade", "architecture construction"). */
function categoryOf(value: string): string | undefined {
  const words = matchText(value).replace(/[_-]+/g, ' ');
  return categoryWords.get(words);
}

function check(row: SourceRow, mapping: ExhibitorImportMapping, width: number | null): Checked {
  const cell = (field: keyof ExhibitorImportMapping) => {
    const column = mapping[field];
    return column ? (row.values[column] ?? '').trim() : '';
  };
  if (Object.values(row.values).every((value) => value.trim() === '')) return { kind: 'empty' };
  const name = cell('business_name').replaceAll('\u0000', '').slice(0, 200);
  if (width !== null && row.width !== width) {
    return {
      kind: 'invalid',
      errors: {},
      reason: 'importRowColumnCount',
      params: { found: row.width, expected: width },
      name,
    };
  }
  const errors: Record<string, string[]> = {};
  const vat = normalizeVat(cell('vat'));
  if (!name && !vat) errors.business_name = ['fieldRequired'];
  const hall = cell('hall');
  if (!hall) errors.hall = ['fieldRequired'];
  else if (hall.length > placeMax) errors.hall = ['tooLong'];
  const standNames = cell('stand')
    .split(/[,;]/)
    .map((stand) => stand.trim())
    .filter(Boolean);
  if (standNames.length === 0) errors.stand = ['fieldRequired'];
  else if (standNames.some((stand) => stand.length > placeMax)) errors.stand = ['tooLong'];
  const categoryText = cell('category');
  const category = categoryText ? categoryOf(categoryText) : null;
  if (category === undefined) errors.category = ['fieldInvalid'];
  for (const text of [name, vat, hall, ...standNames]) {
    if (text.includes('\u0000')) errors.non_field_errors = ['textNulCharacter'];
  }
  if (Object.keys(errors).length > 0) return { kind: 'invalid', errors, reason: 'importRowInvalid', name };
  const stands = [
    ...new Map(standNames.map((stand) => [standKey({ hall, stand }), { hall, stand }])).values(),
  ];
  return {
    kind: 'valid',
    rowNumber: row.rowNumber,
    name,
    vat,
    city: cell('city'),
    stands,
    category: category ?? null,
  };
}

interface Candidate {
  id: number;
  vat: string;
  matchKey: string;
  name: string;
}

/** The companies the file's rows may name, found by VAT number, by name and city, or by name alone. */
async function candidates(executor: Executor, rows: ReadRow[], byNameAlone: boolean) {
  const vats = [...new Set(rows.map((row) => row.vat).filter(Boolean))];
  const keys = [...new Set(rows.map((row) => companyMatchKey(row.name, row.city)))];
  const names = [...new Set(rows.map((row) => matchText(row.name)).filter(Boolean))];
  const conditions = [
    vats.length > 0 ? inArray(companies.vat, vats) : undefined,
    keys.length > 0 ? inArray(companies.matchKey, keys) : undefined,
    byNameAlone && names.length > 0
      ? sql`split_part(${companies.matchKey}, '|', 1) in (${sql.join(
          names.map((name) => sql`${name}`),
          sql`, `,
        )})`
      : undefined,
  ].filter(Boolean);
  if (conditions.length === 0) return [] as Candidate[];
  return executor
    .select({
      id: companies.id,
      vat: companies.vat,
      matchKey: companies.matchKey,
      name: companies.businessName,
    })
    .from(companies)
    .where(or(...conditions));
}

/** What the edition's exhibitors have now: per company, the exhibitor, its stands and category. */
async function currentExhibitors(executor: Executor, editionId: number) {
  const rows = await executor
    .select({ id: exhibitors.id, companyId: exhibitors.companyId, category: exhibitors.category })
    .from(exhibitors)
    .where(eq(exhibitors.editionId, editionId));
  const stands = await executor
    .select({
      exhibitorId: exhibitorStands.exhibitorId,
      hall: exhibitorStands.hall,
      stand: exhibitorStands.stand,
      position: exhibitorStands.position,
    })
    .from(exhibitorStands)
    .innerJoin(exhibitors, eq(exhibitors.id, exhibitorStands.exhibitorId))
    .where(eq(exhibitors.editionId, editionId));
  const byCompany = new Map<
    number,
    { id: number | null; category: string | null; stands: Map<string, number | null>; nextPosition: number }
  >();
  const byId = new Map<number, number>();
  for (const row of rows) {
    byCompany.set(row.companyId, { id: row.id, category: row.category, stands: new Map(), nextPosition: 0 });
    byId.set(row.id, row.companyId);
  }
  for (const stand of stands) {
    const state = byCompany.get(byId.get(stand.exhibitorId)!)!;
    // null: the stand was there before this file.
    state.stands.set(standKey(stand), null);
    state.nextPosition = Math.max(state.nextPosition, stand.position + 1);
  }
  return byCompany;
}

const standsText = (stands: { hall: string; stand: string }[]) =>
  stands.map((stand) => `${stand.hall} ${stand.stand}`).join(', ');

type Outcome = 'created' | 'updated' | 'unchanged' | 'invalid' | 'duplicate' | 'empty';

interface Report {
  rowNumber: number;
  outcome: Outcome;
  reason: string;
  reasonParams?: Record<string, string | number>;
  errors?: Record<string, string[]>;
  companyId?: number | null;
  businessName: string;
}

export async function runExhibitorRows(
  executor: Executor,
  source: AsyncIterable<SourceRow>,
  run: ExhibitorRowsRun,
): Promise<ImportSummary> {
  const summary = emptySummary();
  const checked: { row: SourceRow; result: Checked }[] = [];
  for await (const row of source) {
    summary.rows += 1;
    if (summary.rows > run.maxRows) throw new SourceError('importTooManyRows', { max: run.maxRows });
    checked.push({ row, result: check(row, run.mapping, run.width) });
  }
  const valid = checked.flatMap(({ result }) => (result.kind === 'valid' ? [result] : []));
  const found = await candidates(executor, valid, !run.mapping.city);
  const byVat = new Map(found.filter((company) => company.vat).map((company) => [company.vat, company]));
  const state = await currentExhibitors(executor, run.editionId);
  const importing = run.phase === 'import';
  const reports: Report[] = [];

  for (const [index, { row, result }] of checked.entries()) {
    if (index % 100 === 0) run.progress(index);
    if (result.kind === 'empty') {
      reports.push({
        rowNumber: row.rowNumber,
        outcome: 'empty',
        reason: 'importRowEmpty',
        businessName: '',
      });
      continue;
    }
    if (result.kind === 'invalid') {
      reports.push({
        rowNumber: row.rowNumber,
        outcome: 'invalid',
        reason: result.reason,
        reasonParams: result.params,
        errors: result.errors,
        businessName: result.name,
      });
      continue;
    }
    // As the company import: the VAT number first; else the name (and city), among companies whose VAT
    // number does not say they are another company.
    let company = result.vat ? byVat.get(result.vat) : undefined;
    if (!company) {
      const key = companyMatchKey(result.name, result.city);
      const name = matchText(result.name);
      const sameName = found.filter(
        (candidate) =>
          (run.mapping.city ? candidate.matchKey === key : candidate.matchKey.split('|')[0] === name) &&
          (candidate.vat === '' || result.vat === ''),
      );
      if (sameName.length > 1) {
        reports.push({
          rowNumber: row.rowNumber,
          outcome: 'invalid',
          reason: 'importRowCompanyAmbiguous',
          businessName: result.name,
        });
        continue;
      }
      company = sameName[0];
    }
    if (!company) {
      reports.push({
        rowNumber: row.rowNumber,
        outcome: 'invalid',
        reason: 'importRowCompanyUnknown',
        businessName: result.name,
      });
      continue;
    }
    const businessName = result.name || company.name;
    const isNew = !state.has(company.id);
    const exhibitor = state.get(company.id) ?? {
      id: null,
      category: null,
      stands: new Map(),
      nextPosition: 0,
    };
    const added = result.stands.filter((stand) => !exhibitor.stands.has(standKey(stand)));
    const categoryChanges = result.category !== null && result.category !== exhibitor.category;
    if (!isNew && added.length === 0 && !categoryChanges) {
      // Every stand is there: given by an earlier row of this file (a repeated row), or there before it.
      const earlier = result.stands
        .map((stand) => exhibitor.stands.get(standKey(stand)))
        .find((rowNumber) => rowNumber != null);
      reports.push(
        earlier != null
          ? {
              rowNumber: row.rowNumber,
              outcome: 'duplicate',
              reason: 'importRowStandRepeated',
              reasonParams: { row: earlier },
              companyId: company.id,
              businessName,
            }
          : {
              rowNumber: row.rowNumber,
              outcome: 'unchanged',
              reason: 'importRowUnchanged',
              companyId: company.id,
              businessName,
            },
      );
      continue;
    }
    if (importing) {
      if (exhibitor.id === null) {
        const [inserted] = await executor
          .insert(exhibitors)
          .values({
            editionId: run.editionId,
            companyId: company.id,
            category: result.category,
            createdAt: run.now,
            updatedAt: run.now,
          })
          .returning({ id: exhibitors.id });
        exhibitor.id = inserted.id;
      } else {
        await executor
          .update(exhibitors)
          .set({ ...(categoryChanges ? { category: result.category } : {}), updatedAt: run.now })
          .where(eq(exhibitors.id, exhibitor.id));
      }
      if (added.length > 0) {
        await executor.insert(exhibitorStands).values(
          added.map((stand, offset) => ({
            exhibitorId: exhibitor.id!,
            hall: stand.hall,
            stand: stand.stand,
            position: exhibitor.nextPosition + offset,
          })),
        );
      }
    }
    exhibitor.nextPosition += added.length;
    for (const stand of added) exhibitor.stands.set(standKey(stand), row.rowNumber);
    if (result.category !== null) exhibitor.category = result.category;
    state.set(company.id, exhibitor);
    reports.push({
      rowNumber: row.rowNumber,
      outcome: isNew ? 'created' : 'updated',
      reason: isNew
        ? 'importRowExhibitorNew'
        : added.length > 0
          ? 'importRowStandsAdded'
          : 'importRowExhibitorChanged',
      reasonParams: isNew || added.length > 0 ? { stands: standsText(added) } : { fields: 'category' },
      companyId: company.id,
      businessName,
    });
  }

  for (const report of reports) {
    summary[report.outcome] += 1;
    if (report.outcome !== 'created' && report.outcome !== 'updated') summary.skipped += 1;
  }
  // A dry run reports the rows that need attention; an import, every row (the report of what it did).
  const reported = importing
    ? reports
    : reports.filter((report) => ['invalid', 'duplicate', 'empty'].includes(report.outcome));
  for (let start = 0; start < reported.length; start += 500) {
    await executor.insert(companyImportRows).values(
      reported.slice(start, start + 500).map((report) => ({
        importId: run.importId,
        phase: run.phase,
        rowNumber: report.rowNumber,
        outcome: report.outcome,
        reason: report.reason,
        reasonParams: report.reasonParams ?? null,
        errors: report.errors ?? null,
        companyId: report.companyId ?? null,
        businessName: report.businessName,
      })),
    );
  }
  run.progress(checked.length);
  return summary;
}
