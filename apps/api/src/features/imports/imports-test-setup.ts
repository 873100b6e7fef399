import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiPaths, type CompanyImport, type ImportColumns, type ImportRow } from '@pressroom/contract';
import { companies } from '@pressroom/db';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { temporaryDirectory } from '../../lib/storage/index.ts';
import { createTestApp } from '../../test-support/app.ts';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import { storedKeys } from '../../test-support/storage.ts';
import { italianVat, upload, waitForImport } from './test-helpers.ts';

export let context: Awaited<ReturnType<typeof createTestApp>>;
export let auth: Record<string, string>;
export let dataDir: string;

export const header = [
  'Ragione sociale',
  'Indirizzo',
  'CAP',
  'Città',
  'Provincia',
  'Nazione',
  'Telefono',
  'P.IVA',
  'Email',
  'Sito',
];
export const vatA = italianVat(123456789);
export const vatB = italianVat(987654321);
export const members = [
  header,
  [
    'Ceramiche Città Nuova S.p.A.',
    'Via Radici in Piano 12',
    '41049',
    'Sassuolo',
    'MO',
    'Italia',
    '0536 123456',
    vatA,
    'info@cittanuova.example',
    'www.cittanuova.example',
  ],
  [
    'Façade Tiles Ltd',
    '1 Kiln Road',
    'ST4 1AA',
    'Stoke-on-Trent',
    'Staffordshire',
    'United Kingdom',
    '+44 1782 000000',
    'GB123456789',
    'press@facade.example',
    'https://facade.example',
  ],
  [
    'Gres Porcellanato Fiorano',
    'Via Ghiarola Nuova 5',
    '41042',
    'Fiorano Modenese',
    'MO',
    'Italia',
    '',
    '',
    '',
    '',
  ],
];

export async function uploadCsv(content: string | Buffer, name = 'members.csv') {
  const response = await upload(context.app, auth, name, content);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as CompanyImport;
}

export async function columnsOf(id: number, table?: string) {
  const response = await context.app.inject({
    method: 'GET',
    url: `${apiPaths.importColumns(id)}${table ? `?table=${encodeURIComponent(table)}` : ''}`,
    headers: auth,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ImportColumns;
}

export async function runPhase(id: number, phase: 'dry_run' | 'run', body: Record<string, unknown>) {
  const response = await context.app.inject({
    method: 'POST',
    url: phase === 'dry_run' ? apiPaths.importDryRun(id) : apiPaths.importRun(id),
    headers: auth,
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(202);
  return waitForImport(context.app, auth, id);
}

export async function importRows(id: number, phase: 'dry_run' | 'import', language = 'en') {
  const response = await context.app.inject({
    method: 'GET',
    url: `${apiPaths.importRows(id)}?phase=${phase}&page_size=100`,
    headers: { ...auth, 'accept-language': language },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { results: ImportRow[] }).results;
}

/** Uploads kept in the file store, then any left in the server's temporary directory. */
export async function storedUploads() {
  const waiting = await readdir(temporaryDirectory(dataDir, 'imports')).catch(() => [] as string[]);
  return [...(await storedKeys(context.app.storage, 'imports/')), ...waiting.sort()];
}

export async function allCompanies() {
  return context.db.select().from(companies).orderBy(asc(companies.id));
}

export async function importWhole(content: string | Buffer, name = 'members.csv') {
  const uploaded = await uploadCsv(content, name);
  const { suggested_mapping } = await columnsOf(uploaded.id);
  await runPhase(uploaded.id, 'dry_run', { mapping: suggested_mapping });
  return runPhase(uploaded.id, 'run', { mapping: suggested_mapping });
}

/**
 * The import test files' app, with an administrator of the associated companies, and no company nor import
 * before each test. A file calls it at its top: the api project shares this module between the files a worker
 * runs (isolate: false), so each file's hooks set its state again.
 */
export function useImportsTestApp() {
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'pressroom-imports-'));
    context = await createTestApp({ config: { dataDir, importMaxBytes: 300_000, importMaxRows: 2_000 } });
    const administrator = await createUser(context.app, { roles: ['administrator_associated_companies'] });
    auth = authHeader(await tokenFor(context.app, administrator));
  });

  afterAll(async () => {
    await context.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    await context.db.execute(sql`truncate companies, company_imports restart identity cascade`);
  });
}
