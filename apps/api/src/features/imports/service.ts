import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import type { MultipartFields } from '@fastify/multipart';
import {
  type CoverageImportMapping,
  coverageImportRequiredFields,
  type ExhibitorImportMapping,
  type ImportFormat,
  type ImportMapping,
  type ImportPhase,
  type ImportTarget,
  importTargetFields,
  importTargets,
} from '@pressroom/contract';
import { type Database, fairEditions } from '@pressroom/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { ApiError, notFound, permissionDenied, validationError } from '../../lib/api-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { type FileStore, temporaryDirectory } from '../../lib/storage/index.ts';
import { multipartFailure, refuseUnstorableText } from '../../lib/uploads.ts';
import { runCoverageRows } from './coverage-rows.ts';
import { runExhibitorRows } from './exhibitor-rows.ts';
import type { ImportJobs } from './jobs.ts';
import { suggestCoverageMapping, suggestExhibitorMapping, suggestMapping } from './mapping.ts';
import {
  clearImportRows,
  findImport,
  type ImportRecord,
  insertImport,
  lockImports,
  updateImport,
} from './repository.ts';
import { runRows } from './row-batches.ts';
import {
  accessTables,
  type CsvOptions,
  detectCsvOptions,
  detectFormat,
  openAccess,
  readAccessTable,
  readCsv,
  type SourceColumn,
  SourceError,
  type SourceRow,
} from './sources.ts';

export interface ImportDeps {
  db: Database;
  clock: Clock;
  jobs: ImportJobs;
  /** Uploads are checked in the server's temporary directory under it before they go into `storage`. */
  dataDir: string;
  storage: FileStore;
  maxBytes: number;
  maxRows: number;
  log: FastifyBaseLogger;
  /** Rows per database round trip (defaultBatchSize). */
  batchSize?: number;
}

/**
 * Rows per batch: 500 batches (1000 statements) for 100,000 rows cost little in round trips, and a batch's
 * rows live a short while. Rows that outlive two young-generation collections wait in the old generation for a
 * full one: batches of 250 and 500 left more of that garbage in the bench, batches of 125 took 10% longer
 * (decision 13).
 */
export const defaultBatchSize = 200;

/** An upload waits for its import in the file store, under `imports/<stored name>` (the row keeps the name). */
const storedKey = (record: Pick<ImportRecord, 'storedPath'>) => `imports/${record.storedPath}`;

// ------------------------------------------------------------------------------------------------ upload

/** Who may fill a target: companies and exhibitors are the associated companies', coverage the press office's. */
const targetPermission = (target: ImportTarget) =>
  target === 'coverage' ? 'press_release.manage_all' : 'company.import';

/**
 * The targets a user may fill: the imports they see and run are those of these targets only (an import is the
 * business of those who may fill its target).
 */
export function targetsFillableBy(permissions: ReadonlySet<string>): ImportTarget[] {
  return importTargets.filter((target) => permissions.has(targetPermission(target)));
}

/**
 * The target chosen before the upload (a `target` field sent before the file), so the history says what the
 * file is for from the start; when none is sent, the first its uploader may fill (companies, else coverage).
 * Null for a target that does not exist.
 */
function chosenTarget(fields: MultipartFields, permissions: ReadonlySet<string>): ImportTarget | null {
  const field = fields.target;
  if (field === undefined) return permissions.has(targetPermission('companies')) ? 'companies' : 'coverage';
  const value = !Array.isArray(field) && field.type === 'field' ? field.value : null;
  return importTargets.find((target) => target === value) ?? null;
}

/**
 * Streams the upload to a temporary file (never whole in memory), checks that it can be read (an Access file
 * must open and hold tables, a CSV file must have a header), then puts it into the file store. A file that
 * fails, or a target its uploader may not fill, is deleted and nothing is recorded.
 */
export async function receiveUpload(
  deps: ImportDeps,
  request: FastifyRequest,
  by: { userId: number; permissions: ReadonlySet<string> },
) {
  if (!request.isMultipart()) throw validationError({ file: ['importNoFile'] });
  const file = await request
    .file({ limits: { fileSize: deps.maxBytes, files: 1, fields: 10 } })
    .catch((error) => Promise.reject(multipartFailure(request, error)));
  if (!file) throw validationError({ file: ['importNoFile'] });
  // The target field comes before the file: a target that does not exist, or that the uploader may not fill,
  // is refused before anything is written. The file is still read to its end (and dropped), so that the
  // browser, still sending it, reads the answer rather than a closed connection.
  const chosen = chosenTarget(file.fields, by.permissions);
  if (chosen === null || !by.permissions.has(targetPermission(chosen))) {
    file.file.resume();
    await finished(file.file).catch(() => undefined);
    throw chosen === null ? validationError({ target: ['fieldInvalid'] }) : permissionDenied();
  }
  const fileName = (file.filename || 'upload').slice(-255);
  refuseUnstorableText('file', fileName);
  const extension = path
    .extname(fileName)
    .toLowerCase()
    .replace(/[^.a-z0-9]/g, '');
  const storedName = `${randomUUID()}${extension}`;
  const key = storedKey({ storedPath: storedName });
  const target = path.join(temporaryDirectory(deps.dataDir, 'imports'), storedName);
  await mkdir(path.dirname(target), { recursive: true });
  try {
    await pipeline(file.file as Readable, createWriteStream(target)).catch((error) =>
      Promise.reject(multipartFailure(request, error)),
    );
    if (file.file.truncated) {
      throw new ApiError(
        413,
        { detail: 'importFileTooLarge' },
        { max: Number((deps.maxBytes / 1024 ** 2).toFixed(1)) },
      );
    }
    const size = (await stat(target)).size;
    const format = await detectFormat(target, fileName);
    if (!format) throw validationError({ file: ['importUnsupportedFile'] });
    let tables: string[] = [];
    let source: Partial<CsvOptions> = {};
    if (format === 'access') {
      tables = accessTables(await openAccess(target));
      if (tables.length === 0) throw new SourceError('importEmptyFile');
    } else {
      source = await detectCsvOptions(target);
      const reading = await readCsv(createReadStream(target), source as CsvOptions);
      reading.close();
    }
    await deps.storage.putFile(key, target);
    return await insertImport(deps.db, {
      fileName,
      storedPath: storedName,
      format,
      size,
      status: 'uploaded',
      target: chosen,
      tables,
      source,
      createdBy: by.userId,
      createdAt: deps.clock.now(),
    });
  } catch (error) {
    await rm(target, { force: true });
    await deps.storage.delete(key);
    throw error;
  }
}

export async function getImport(deps: ImportDeps, id: number) {
  const record = await findImport(deps.db, id);
  if (!record) throw notFound();
  return record;
}

/**
 * An import whose target the user may fill; any other is answered as if it did not exist (its file's name,
 * columns and rows are its target's keepers' business).
 */
export async function importFor(deps: ImportDeps, id: number, permissions: ReadonlySet<string>) {
  const record = await findImport(deps.db, id);
  if (!record || !permissions.has(targetPermission(record.target as ImportTarget))) throw notFound();
  return record;
}

/** The target is fixed when the file is uploaded: a request may repeat it, never name another. */
function fixedTarget(record: ImportRecord, asked: ImportTarget | undefined): ImportTarget {
  const target = record.target as ImportTarget;
  if (asked !== undefined && asked !== target) throw validationError({ target: ['importTargetFixed'] });
  return target;
}

// ------------------------------------------------------------------------------------------------ reading

interface OpenedSource {
  table: string | null;
  columns: SourceColumn[];
  rows: AsyncIterable<SourceRow>;
  /** Known up front for Access tables, after a dry run for CSV files. */
  total: number | null;
  /** 0-1 from the bytes read (CSV) when the total is not known. */
  fraction(): number;
  /** Cells a row should have (CSV header width); Access rows always fit. */
  width: number | null;
  /** Lets the file go when the rows are not read to the end. */
  close(): void;
}

async function openSource(
  deps: ImportDeps,
  record: ImportRecord,
  table: string | undefined,
): Promise<OpenedSource> {
  const key = storedKey(record);
  // Gone from the store, or uploaded before there was one and never moved in (DATA_DIR/imports).
  if (!(await deps.storage.stat(key))) throw new SourceError('importMalformedFile');
  if ((record.format as ImportFormat) === 'access') {
    // mdb-reader holds the whole file in memory once read: the local copy is lent only while it reads.
    const reader = await deps.storage.withLocalFile(key, openAccess);
    const tables = accessTables(reader);
    const chosen = table ?? (tables.length === 1 ? tables[0] : undefined);
    if (!chosen) throw validationError({ table: ['importTableMissing'] });
    const reading = readAccessTable(reader, chosen);
    return {
      table: chosen,
      columns: reading.columns,
      rows: (async function* () {
        yield* reading.rows;
      })(),
      total: reading.rowCount,
      fraction: () => 0,
      width: null,
      close: () => {},
    };
  }
  const reading = await readCsv(await deps.storage.read(key), record.source as CsvOptions);
  return {
    table: null,
    columns: reading.columns,
    rows: reading.rows,
    total: record.rowCount,
    fraction: () => Math.min(1, reading.bytesRead() / Math.max(1, record.size)),
    width: reading.columns.length,
    close: reading.close,
  };
}

/**
 * The columns of the chosen table (or the CSV), with a few sample values and the mapping suggested for the
 * import's target.
 */
export async function describeColumns(
  deps: ImportDeps,
  id: number,
  query: { table?: string; target?: ImportTarget },
  permissions: ReadonlySet<string>,
) {
  const record = await importFor(deps, id, permissions);
  const target = fixedTarget(record, query.target);
  const table = query.table;
  const source = await openSource(deps, record, table);
  const samples: SourceRow[] = [];
  // Leaving the loop ends the rows, which lets the file go.
  for await (const row of source.rows) {
    samples.push(row);
    if (samples.length >= 5) break;
  }
  const names = source.columns.map((column) => column.name);
  const { suggestions, mapping } =
    target === 'exhibitors'
      ? suggestExhibitorMapping(names)
      : target === 'coverage'
        ? suggestCoverageMapping(names)
        : suggestMapping(names);
  return {
    table: source.table,
    columns: source.columns.map((column) => ({
      name: column.name,
      type: column.type,
      suggestion: suggestions.get(column.name) ?? null,
      samples: samples.map((row) => row.values[column.name] ?? '').filter((value) => value !== ''),
    })),
    rows: source.total,
    suggested_mapping: mapping,
  };
}

// ------------------------------------------------------------------------------------------------ jobs

/** The request's mapping, checked against the source's columns; its target, if named, must be the import's. */
export interface RunRequest {
  table?: string;
  target?: ImportTarget;
  edition?: number;
  mapping: Record<string, string | undefined>;
}

/** A request with the import's own target. */
type Targeted = RunRequest & { target: ImportTarget };

function checkMapping(request: Targeted, columns: SourceColumn[]) {
  const names = new Set(columns.map((column) => column.name));
  const problems: string[] = [];
  const params: Record<string, string> = {};
  const { mapping } = request;
  const fields: readonly string[] = importTargetFields[request.target];
  const foreign = Object.keys(mapping).find((field) => mapping[field] && !fields.includes(field));
  if (foreign) {
    problems.push('importTargetField');
    params.field = foreign;
  }
  if (request.target === 'exhibitors') {
    if (!mapping.business_name && !mapping.vat) problems.push('importCompanyUnmapped');
    if (!mapping.hall || !mapping.stand) problems.push('importStandUnmapped');
  } else if (request.target === 'coverage') {
    if (coverageImportRequiredFields.some((field) => !mapping[field]))
      problems.push('importCoverageUnmapped');
  } else if (!mapping.business_name) problems.push('importBusinessNameUnmapped');
  for (const column of Object.values(mapping)) {
    if (column && !names.has(column)) {
      problems.push('importColumnMissing');
      params.column = column;
      break;
    }
  }
  if (problems.length > 0) throw new ApiError(400, { mapping: problems }, params);
}

/**
 * An exhibitors import names an edition that exists; a coverage import may name one of the site's editions
 * (the edition its pieces cover).
 */
async function checkEdition(deps: ImportDeps, request: Targeted, by: RunBy): Promise<number | null> {
  if (request.target === 'coverage') {
    if (request.edition === undefined) return null;
    const [edition] = await deps.db
      .select({ id: fairEditions.id })
      .from(fairEditions)
      .where(and(eq(fairEditions.id, request.edition), eq(fairEditions.pressGroupId, by.siteId)));
    if (!edition) throw validationError({ edition: ['coverageNotOnSite'] });
    return edition.id;
  }
  if (request.target !== 'exhibitors') return null;
  if (request.edition === undefined) throw validationError({ edition: ['fieldRequired'] });
  const [edition] = await deps.db
    .select({ id: fairEditions.id })
    .from(fairEditions)
    .where(eq(fairEditions.id, request.edition));
  if (!edition) throw validationError({ edition: ['fieldInvalid'] });
  return edition.id;
}

/**
 * Who runs it, on which site: companies and exhibitors are the associated companies' (company.import), a site's
 * coverage is its press office's (press_release.manage_all), whose pieces are approved by the office's user.
 */
export interface RunBy {
  userId: number;
  siteId: number;
  permissions: ReadonlySet<string>;
}

/**
 * Starts a dry run or an import in the background after checking the request (table, mapping, state); the
 * caller follows it through the progress stream or the import's detail.
 */
export async function startJob(
  deps: ImportDeps,
  id: number,
  phase: ImportPhase,
  asked: RunRequest,
  by: RunBy,
) {
  const record = await importFor(deps, id, by.permissions);
  const request: Targeted = { ...asked, target: fixedTarget(record, asked.target) };
  if (record.status === 'done') throw new ApiError(409, { detail: 'importAlreadyDone' });
  if (deps.jobs.isRunning(id) || record.status === 'checking' || record.status === 'importing') {
    throw new ApiError(409, { detail: 'importBusy' });
  }
  const editionId = await checkEdition(deps, request, by);
  const source = await openSource(deps, record, request.table);
  try {
    checkMapping(request, source.columns);
  } finally {
    source.close();
  }
  const mapping = Object.fromEntries(
    Object.entries(request.mapping).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  const status = phase === 'dry_run' ? 'checking' : 'importing';
  await updateImport(deps.db, id, {
    status,
    progress: { phase, processed: 0, total: null, percent: 0 },
    heartbeatAt: deps.clock.now(),
    tableName: source.table,
    mapping,
    editionId,
    error: null,
    errorParams: null,
  });
  const target = { target: request.target, editionId, by };
  deps.jobs.start(id, phase, (report) => runJob(deps, record, phase, source.table, mapping, target, report));
  return {
    ...record,
    status,
    tableName: source.table,
    mapping,
    target: request.target,
    editionId,
    error: null,
  };
}

async function runJob(
  deps: ImportDeps,
  record: ImportRecord,
  phase: ImportPhase,
  table: string | null,
  mapping: Record<string, string>,
  into: { target: ImportTarget; editionId: number | null; by: RunBy },
  report: (progress: { processed: number; total: number | null; percent: number }) => void,
) {
  try {
    await deps.db.transaction(async (tx) => {
      if (phase === 'import') await lockImports(tx);
      await clearImportRows(tx, record.id, phase);
      const source = await openSource(deps, record, table ?? undefined);
      const progress = (processed: number) => {
        const percent = source.total
          ? (processed / Math.max(1, source.total)) * 100
          : source.fraction() * 100;
        report({ processed, total: source.total, percent: Math.min(100, Math.round(percent * 10) / 10) });
      };
      const summary =
        into.target === 'coverage'
          ? await runCoverageRows(tx, source.rows, {
              importId: record.id,
              phase,
              mapping: mapping as CoverageImportMapping,
              siteId: into.by.siteId,
              editionId: into.editionId,
              officeUserId: into.by.userId,
              width: source.width,
              maxRows: deps.maxRows,
              now: deps.clock.now(),
              progress,
            })
          : into.target === 'exhibitors' && into.editionId !== null
            ? await runExhibitorRows(tx, source.rows, {
                importId: record.id,
                phase,
                mapping: mapping as ExhibitorImportMapping,
                editionId: into.editionId,
                width: source.width,
                maxRows: deps.maxRows,
                now: deps.clock.now(),
                progress,
              })
            : await runRows(tx, source.rows, {
                importId: record.id,
                phase,
                mapping: mapping as ImportMapping,
                width: source.width,
                batchSize: deps.batchSize ?? defaultBatchSize,
                maxRows: deps.maxRows,
                now: deps.clock.now(),
                progress,
              });
      if (summary.rows === 0) throw new SourceError('importEmptyFile');
      await updateImport(tx, record.id, {
        status: phase === 'dry_run' ? 'checked' : 'done',
        progress: null,
        heartbeatAt: null,
        rowCount: summary.rows,
        ...(phase === 'dry_run' ? { dryRun: summary } : { report: summary }),
        finishedAt: phase === 'import' ? deps.clock.now() : null,
      });
    });
  } catch (error) {
    const known = error instanceof ApiError;
    if (!known) deps.log.error({ err: error, importId: record.id }, 'company import failed');
    const body = known ? (error.body as Record<string, unknown>) : {};
    const key = known
      ? String((body.non_field_errors as string[] | undefined)?.[0] ?? body.detail ?? 'importFailed')
      : 'importFailed';
    await updateImport(deps.db, record.id, {
      status: 'failed',
      progress: null,
      heartbeatAt: null,
      error: key,
      errorParams: known ? error.params : null,
      finishedAt: deps.clock.now(),
    });
    return;
  }
  if (phase === 'import') await deps.storage.delete(storedKey(record));
}
