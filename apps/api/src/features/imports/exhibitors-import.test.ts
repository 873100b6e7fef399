import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiPaths, type CompanyImport, type ImportColumns, type ImportRow } from '@pressroom/contract';
import { exhibitorStands, exhibitors } from '@pressroom/db';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/app.ts';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import { insertCompany, insertEdition } from '../exhibitors/test-factories.ts';
import { csv, italianVat, upload, waitForImport } from './test-helpers.ts';

let context: Awaited<ReturnType<typeof createTestApp>>;
let auth: Record<string, string>;
let dataDir: string;
let editionId: number;
const company: Record<string, number> = {};

const vatEmilia = italianVat(123456789);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'pressroom-exhibitor-imports-'));
  context = await createTestApp({ config: { dataDir } });
  const administrator = await createUser(context.app, { roles: ['administrator_associated_companies'] });
  auth = authHeader(await tokenFor(context.app, administrator));
});

afterAll(async () => {
  await context.close();
  await rm(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await context.db.execute(sql`truncate companies, company_imports, fair_editions restart identity cascade`);
  const siteId = context.app.sites.byName.get('Tile Fair')!.id;
  editionId = (await insertEdition(context.db, { siteId })).id;
  company.emilia = (
    await insertCompany(context.db, { name: 'Ceramiche Emilia S.p.A.', city: 'Sassuolo', vat: vatEmilia })
  ).id;
  company.lastra = (await insertCompany(context.db, { name: 'Lastra Tiles', city: 'Castellón' })).id;
  // Two companies of the same name in different cities: the name alone does not say which.
  company.gresNorth = (await insertCompany(context.db, { name: 'Gres Uno', city: 'Modena' })).id;
  company.gresSouth = (await insertCompany(context.db, { name: 'Gres Uno', city: 'Bari' })).id;
});

const header = ['Espositore', 'P.IVA', 'Padiglione', 'Stand', 'Categoria'];
const file = csv([
  header,
  ['Emilia (by VAT)', vatEmilia, '5', 'A12; A14', 'Design'],
  ['  LASTRA tiles ', '', '6', 'B3', 'trade'],
  ['Lastra Tiles', '', '7', 'C1', ''],
  ['Lastra Tiles', '', '6', 'b3', ''],
  ['Nobody Ceramics', '', '1', 'Z1', ''],
  ['Gres Uno', '', '2', 'G2', ''],
  ['Lastra Tiles', '', '', 'C9', 'pottery'],
  ['', '', '', '', ''],
]);
const mapping = {
  business_name: 'Espositore',
  vat: 'P.IVA',
  hall: 'Padiglione',
  stand: 'Stand',
  category: 'Categoria',
};

async function uploaded(content = file) {
  const response = await upload(context.app, auth, 'espositori.csv', content, { target: 'exhibitors' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as CompanyImport;
}

async function runPhase(id: number, phase: 'dry_run' | 'run', body: Record<string, unknown>) {
  const response = await context.app.inject({
    method: 'POST',
    url: phase === 'dry_run' ? apiPaths.importDryRun(id) : apiPaths.importRun(id),
    headers: auth,
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(202);
  return waitForImport(context.app, auth, id);
}

async function reportOf(id: number, phase: 'dry_run' | 'import') {
  const response = await context.app.inject({
    method: 'GET',
    url: `${apiPaths.importRows(id)}?phase=${phase}&page_size=100`,
    headers: auth,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { results: ImportRow[] }).results.map((row) => [
    row.row,
    row.outcome,
    row.reason,
  ]);
}

/** Every exhibitor of the edition as [company, category, "hall stand" ...], by company id. */
async function exhibitorsNow() {
  const rows = await context.db
    .select({
      companyId: exhibitors.companyId,
      category: exhibitors.category,
      hall: exhibitorStands.hall,
      stand: exhibitorStands.stand,
    })
    .from(exhibitors)
    .leftJoin(exhibitorStands, eq(exhibitorStands.exhibitorId, exhibitors.id))
    .where(eq(exhibitors.editionId, editionId))
    .orderBy(asc(exhibitors.companyId), asc(exhibitorStands.position));
  const byCompany = new Map<number, [number, string | null, ...string[]]>();
  for (const row of rows) {
    const entry = byCompany.get(row.companyId) ?? [row.companyId, row.category];
    if (row.hall) entry.push(`${row.hall} ${row.stand}`);
    byCompany.set(row.companyId, entry);
  }
  return [...byCompany.values()];
}

const expectedSummary = {
  rows: 8,
  created: 2,
  updated: 1,
  unchanged: 0,
  invalid: 3,
  duplicate: 1,
  empty: 1,
  skipped: 5,
};

describe('importing the exhibitors of an edition', () => {
  it('suggests the exhibitor fields from the column names', async () => {
    const { id } = await uploaded();
    const response = await context.app.inject({
      method: 'GET',
      url: `${apiPaths.importColumns(id)}?target=exhibitors`,
      headers: auth,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as ImportColumns).suggested_mapping).toEqual({
      vat: 'P.IVA',
      hall: 'Padiglione',
      stand: 'Stand',
      category: 'Categoria',
    });
  });

  it('checks every row in a dry run, reporting the rows that need attention, and changes nothing', async () => {
    const { id } = await uploaded();
    const checked = await runPhase(id, 'dry_run', { target: 'exhibitors', edition: editionId, mapping });
    expect(checked).toMatchObject({
      status: 'checked',
      target: 'exhibitors',
      edition: editionId,
      dry_run: expectedSummary,
    });
    expect(await reportOf(id, 'dry_run')).toEqual([
      [5, 'duplicate', 'Same stand as row 3'],
      [6, 'invalid', 'No company has this VAT number or name'],
      [7, 'invalid', 'Several companies have this name: give the VAT number or the city'],
      [8, 'invalid', 'Invalid values'],
      [9, 'empty', 'Empty row'],
    ]);
    expect(await exhibitorsNow()).toEqual([]);
  });

  it('adds the exhibitors with every stand, and changes nothing when the same file is imported again', async () => {
    const first = await uploaded();
    const done = await runPhase(first.id, 'run', { target: 'exhibitors', edition: editionId, mapping });
    expect(done).toMatchObject({ status: 'done', report: expectedSummary });
    const after = await exhibitorsNow();
    expect(after).toEqual([
      [company.emilia, 'design', '5 A12', '5 A14'],
      [company.lastra, 'trade', '6 B3', '7 C1'],
    ]);
    expect(await reportOf(first.id, 'import')).toEqual([
      [2, 'created', 'New exhibitor: 5 A12, 5 A14'],
      [3, 'created', 'New exhibitor: 6 B3'],
      [4, 'updated', 'Stands added: 7 C1'],
      [5, 'duplicate', 'Same stand as row 3'],
      [6, 'invalid', 'No company has this VAT number or name'],
      [7, 'invalid', 'Several companies have this name: give the VAT number or the city'],
      [8, 'invalid', 'Invalid values'],
      [9, 'empty', 'Empty row'],
    ]);

    const second = await uploaded();
    const again = await runPhase(second.id, 'run', { target: 'exhibitors', edition: editionId, mapping });
    expect(again.report).toEqual({
      rows: 8,
      created: 0,
      updated: 0,
      unchanged: 4,
      invalid: 3,
      duplicate: 0,
      empty: 1,
      skipped: 8,
    });
    expect(await exhibitorsNow()).toEqual(after);
  });

  it('refuses a run without an edition or with company fields, with translated messages', async () => {
    const { id } = await uploaded();
    const post = (body: Record<string, unknown>) =>
      context.app.inject({
        method: 'POST',
        url: apiPaths.importDryRun(id),
        headers: { ...auth, 'accept-language': 'it' },
        payload: body,
      });
    const noEdition = await post({ target: 'exhibitors', mapping });
    expect(noEdition.statusCode).toBe(400);
    expect(noEdition.json()).toEqual({ edition: ['Campo richiesto'] });
    const unknownEdition = await post({ target: 'exhibitors', edition: 999, mapping });
    expect(unknownEdition.json()).toEqual({ edition: ['Campo non valido'] });
    const companyField = await post({
      target: 'exhibitors',
      edition: editionId,
      mapping: { ...mapping, email: 'Stand' },
    });
    expect(companyField.statusCode).toBe(400);
    expect(companyField.json()).toEqual({
      mapping: ['Il campo "email" non si può importare in questa destinazione.'],
    });
    const noStand = await post({
      target: 'exhibitors',
      edition: editionId,
      mapping: { business_name: 'Espositore' },
    });
    expect(noStand.json()).toEqual({ mapping: ['Scegli le colonne con il padiglione e lo stand.'] });
    const forCompanies = await post({ mapping: { business_name: 'Espositore', hall: 'Padiglione' } });
    expect(forCompanies.statusCode).toBe(400);
    expect(await exhibitorsNow()).toEqual([]);
  });
});
