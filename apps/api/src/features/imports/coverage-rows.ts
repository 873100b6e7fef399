import {
  type CoverageImportMapping,
  countryCodeOf,
  coverageLimits,
  type ImportPhase,
  type ImportSummary,
  isLanguageCode,
  type MediaType,
  matchText,
  maxInteger,
  mediaTypes,
  normaliseCoverageUrl,
} from '@pressroom/contract';
import { companyImportRows, coverage, type Executor } from '@pressroom/db';
import { and, eq, inArray } from 'drizzle-orm';
import { emptySummary } from './row-batches.ts';
import { SourceError, type SourceRow } from './sources.ts';

// A dry run or an import of a clipping service's export into a site's coverage. Such a file lists a fair's
// coverage (hundreds, a few thousand rows), so it is read whole, its addresses looked up on the site with a
// few queries. Every piece it brings is the press office's own report, approved at once as the office's
// report one by one is. The address is only read as text: the server never fetches it.
//
// The same address (normalised as a report's is) is one piece: a piece the site already has, or one given by
// an earlier row of the file, is a duplicate row, skipped; importing the same file again changes nothing.

export interface CoverageRowsRun {
  importId: number;
  phase: ImportPhase;
  mapping: CoverageImportMapping;
  siteId: number;
  editionId: number | null;
  /** The press office's user who imports: the pieces are approved by them. */
  officeUserId: number;
  width: number | null;
  maxRows: number;
  now: Date;
  progress(rowsRead: number): void;
}

interface Piece {
  url: string;
  urlKey: string;
  title: string;
  outlet: string;
  publishedOn: string;
  language: string;
  country: string;
  mediaType: MediaType;
  reach: number | null;
}

type Checked =
  | { kind: 'empty' }
  | {
      kind: 'invalid';
      errors: Record<string, string[]>;
      reason: string;
      params?: Record<string, string | number>;
      title: string;
    }
  | { kind: 'valid'; piece: Piece };

/** Media types as clipping services write them, beside the codes and their words ("press agency"). */
const mediaTypeWords = new Map<string, MediaType>([
  ...mediaTypes.map((type) => [type.replace(/_/g, ' '), type] as [string, MediaType]),
  ['agency', 'press_agency'],
  ['news agency', 'press_agency'],
  ['newspaper', 'newspapers'],
  ['daily', 'newspapers'],
  ['print', 'newspapers'],
  ['magazine', 'magazines'],
  ['periodical', 'magazines'],
  ['tv', 'televisions'],
  ['television', 'televisions'],
  ['press office', 'press_offices'],
  ['online', 'website'],
  ['web', 'website'],
  ['blog', 'website'],
]);

/** A media type as a file may write it: the code, its words, or a clipping service's usual word. */
function mediaTypeOf(value: string): MediaType | undefined {
  return mediaTypeWords.get(matchText(value).replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim());
}

/**
 * A publication date as a file may write it: `2026-09-14` (a time after it is ignored), or day first as
 * Europe writes it, `14/09/2026`, `14.09.2026`, `14-09-2026`. Null for anything else or a day that does not
 * exist.
 */
function publicationDateOf(value: string): string | null {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(value);
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : dayFirst
      ? [Number(dayFirst[3]), Number(dayFirst[2]), Number(dayFirst[1])]
      : [0, 0, 0];
  if (year === 0) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return date.toISOString().slice(0, 10);
}

/** A reach: a whole number, 0 or more, perhaps with digit grouping ("12,500", "12.500", "12 500"). */
function reachOf(value: string): number | null | undefined {
  if (value === '') return null;
  const grouped = /^\d{1,3}(?:([ ,.'\u00a0\u202f])\d{3})(?:\1\d{3})*$/.test(value);
  if (!grouped && !/^\d+$/.test(value)) return undefined;
  const number = Number(value.replace(/\D/g, ''));
  return number <= maxInteger ? number : undefined;
}

/** A language: an ISO 639-1 code, perhaps with a region ("it", "IT", "en-GB", "pt_BR"). */
function languageOf(value: string): string | undefined {
  const code = value.toLowerCase().split(/[-_]/)[0];
  return isLanguageCode(code) ? code : undefined;
}

function check(row: SourceRow, run: CoverageRowsRun): Checked {
  const cell = (field: keyof CoverageImportMapping) => {
    const column = run.mapping[field];
    return column ? (row.values[column] ?? '').trim() : '';
  };
  if (Object.values(row.values).every((value) => value.trim() === '')) return { kind: 'empty' };
  const title = cell('title').replaceAll('\u0000', '').slice(0, 200);
  if (run.width !== null && row.width !== run.width) {
    return {
      kind: 'invalid',
      errors: {},
      reason: 'importRowColumnCount',
      params: { found: row.width, expected: run.width },
      title,
    };
  }
  const errors: Record<string, string[]> = {};
  const required = (field: keyof CoverageImportMapping, max: number) => {
    const value = cell(field);
    if (!value) errors[field] = ['fieldRequired'];
    else if (value.length > max) errors[field] = ['tooLong'];
    else if (value.includes('\u0000')) errors[field] = ['textNulCharacter'];
    return value;
  };
  const urlText = required('url', coverageLimits.url);
  const address = urlText ? normaliseCoverageUrl(urlText) : null;
  if (urlText && !errors.url) {
    if (!address) errors.url = ['coverageUrlInvalid'];
    // Letters outside ASCII grow threefold when the address is encoded: the encoded one must fit too.
    else if (address.url.length > coverageLimits.url) errors.url = ['tooLong'];
  }
  const pieceTitle = required('title', coverageLimits.title);
  const outlet = required('outlet', coverageLimits.outlet);
  const dateText = cell('published_on');
  const publishedOn = dateText ? publicationDateOf(dateText) : null;
  const latest = new Date(run.now.getTime() + 86_400_000).toISOString().slice(0, 10);
  if (!dateText) errors.published_on = ['fieldRequired'];
  else if (!publishedOn) errors.published_on = ['coverageDateInvalid'];
  else if (publishedOn > latest) errors.published_on = ['coverageDateInFuture'];
  const languageText = cell('language');
  const language = languageText ? languageOf(languageText) : undefined;
  if (!languageText) errors.language = ['fieldRequired'];
  else if (!language) errors.language = ['coverageLanguageInvalid'];
  const countryText = cell('country');
  const country = countryText ? countryCodeOf(countryText) : undefined;
  if (!countryText) errors.country = ['fieldRequired'];
  else if (!country) errors.country = ['countryUnknown'];
  const mediaTypeText = cell('media_type');
  const mediaType = mediaTypeText ? mediaTypeOf(mediaTypeText) : undefined;
  if (!mediaTypeText) errors.media_type = ['fieldRequired'];
  else if (!mediaType) errors.media_type = ['coverageMediaTypeUnknown'];
  const reach = reachOf(cell('reach'));
  if (reach === undefined) errors.reach = ['coverageReachInvalid'];
  if (Object.keys(errors).length > 0) return { kind: 'invalid', errors, reason: 'importRowInvalid', title };
  return {
    kind: 'valid',
    piece: {
      url: address!.url,
      urlKey: address!.key,
      title: pieceTitle,
      outlet,
      publishedOn: publishedOn!,
      language: language!,
      country: country!,
      mediaType: mediaType!,
      reach: reach ?? null,
    },
  };
}

/** Which of these normalised addresses the site already has. */
async function knownKeys(executor: Executor, siteId: number, keys: string[]) {
  const known = new Set<string>();
  for (let start = 0; start < keys.length; start += 500) {
    const rows = await executor
      .select({ key: coverage.urlKey })
      .from(coverage)
      .where(
        and(eq(coverage.pressGroupId, siteId), inArray(coverage.urlKey, keys.slice(start, start + 500))),
      );
    for (const row of rows) known.add(row.key);
  }
  return known;
}

type Outcome = 'created' | 'invalid' | 'duplicate' | 'empty';

interface Report {
  rowNumber: number;
  outcome: Outcome;
  reason: string;
  reasonParams?: Record<string, string | number>;
  errors?: Record<string, string[]>;
  title: string;
}

export async function runCoverageRows(
  executor: Executor,
  source: AsyncIterable<SourceRow>,
  run: CoverageRowsRun,
): Promise<ImportSummary> {
  const summary = emptySummary();
  const checked: { row: SourceRow; result: Checked }[] = [];
  for await (const row of source) {
    summary.rows += 1;
    if (summary.rows > run.maxRows) throw new SourceError('importTooManyRows', { max: run.maxRows });
    checked.push({ row, result: check(row, run) });
  }
  const keys = checked.flatMap(({ result }) => (result.kind === 'valid' ? [result.piece.urlKey] : []));
  const known = await knownKeys(executor, run.siteId, [...new Set(keys)]);
  const importing = run.phase === 'import';
  /** The row of this file that gave each address. */
  const given = new Map<string, number>();
  const reports: Report[] = [];

  for (const [index, { row, result }] of checked.entries()) {
    if (index % 100 === 0) run.progress(index);
    if (result.kind === 'empty') {
      reports.push({ rowNumber: row.rowNumber, outcome: 'empty', reason: 'importRowEmpty', title: '' });
      continue;
    }
    if (result.kind === 'invalid') {
      reports.push({
        rowNumber: row.rowNumber,
        outcome: 'invalid',
        reason: result.reason,
        reasonParams: result.params,
        errors: result.errors,
        title: result.title,
      });
      continue;
    }
    const { piece } = result;
    const title = piece.title.slice(0, 200);
    const earlier = given.get(piece.urlKey);
    if (earlier !== undefined) {
      reports.push({
        rowNumber: row.rowNumber,
        outcome: 'duplicate',
        reason: 'importRowCoverageRepeated',
        reasonParams: { row: earlier },
        title,
      });
      continue;
    }
    given.set(piece.urlKey, row.rowNumber);
    let taken = known.has(piece.urlKey);
    if (!taken && importing) {
      // The unique index decides: a journalist's report of the same address committed meanwhile wins.
      const [inserted] = await executor
        .insert(coverage)
        .values({
          pressGroupId: run.siteId,
          editionId: run.editionId,
          url: piece.url,
          urlKey: piece.urlKey,
          title: piece.title,
          outlet: piece.outlet,
          publishedOn: piece.publishedOn,
          language: piece.language,
          country: piece.country,
          mediaType: piece.mediaType,
          reach: piece.reach,
          status: 'approved',
          reporterId: null,
          reportedByOffice: true,
          showName: false,
          decidedById: run.officeUserId,
          decidedAt: run.now,
          createdAt: run.now,
          updatedAt: run.now,
        })
        .onConflictDoNothing({ target: [coverage.pressGroupId, coverage.urlKey] })
        .returning({ id: coverage.id });
      taken = !inserted;
    }
    reports.push(
      taken
        ? { rowNumber: row.rowNumber, outcome: 'duplicate', reason: 'importRowCoverageKnown', title }
        : {
            rowNumber: row.rowNumber,
            outcome: 'created',
            reason: 'importRowCoverageNew',
            reasonParams: { outlet: piece.outlet },
            title,
          },
    );
  }

  for (const report of reports) {
    summary[report.outcome] += 1;
    if (report.outcome !== 'created') summary.skipped += 1;
  }
  // A dry run reports the rows that need attention; an import, every row (the report of what it did).
  const reported = importing ? reports : reports.filter((report) => report.outcome !== 'created');
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
        companyId: null,
        businessName: report.title,
      })),
    );
  }
  run.progress(checked.length);
  return summary;
}
