import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiPaths, type CompanyImport, type ImportColumns, type ImportRow } from '@pressroom/contract';
import { companies, companyImports, coverage } from '@pressroom/db';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../../lib/storage/index.ts';
import { createTestApp, TestClock } from '../../test-support/app.ts';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import { storedKeys } from '../../test-support/storage.ts';
import { insertEdition } from '../exhibitors/test-factories.ts';
import { upload, waitForImport } from './test-helpers.ts';

const clock = new TestClock(new Date('2026-10-05T09:00:00Z'));
const fair = { host: 'fair.localhost' };
let context: Awaited<ReturnType<typeof createTestApp>>;
let dataDir: string;
let fairId: number;
let otherSiteId: number;
let officeId: number;
let as: Record<'office' | 'companies' | 'global', Record<string, string>>;
let clippingFile: string;

const mapping = {
  url: 'Address',
  title: 'Title',
  outlet: 'Outlet',
  published_on: 'Date',
  language: 'Language',
  country: 'Country',
  media_type: 'Media type',
  reach: 'Reach',
};

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'pressroom-coverage-imports-'));
  context = await createTestApp({ clock, config: { dataDir } });
  fairId = context.app.sites.byName.get('Tile Fair')!.id;
  otherSiteId = context.app.sites.byName.get('Ceramics Association')!.id;
  clippingFile = await readFile(path.join(import.meta.dirname, 'fixtures', 'clipping-service.csv'), 'utf8');
  const office = await createUser(context.app, { roles: ['administrator_press_room'] });
  officeId = office.id;
  const companies = await createUser(context.app, { roles: ['administrator_associated_companies'] });
  const global = await createUser(context.app, { roles: ['administrator_global'] });
  as = {
    office: { ...fair, ...authHeader(await tokenFor(context.app, office)) },
    companies: { ...fair, ...authHeader(await tokenFor(context.app, companies)) },
    global: { ...fair, ...authHeader(await tokenFor(context.app, global)) },
  };
});

afterAll(async () => {
  await context.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A piece already on a site, as a journalist reported it. */
async function existingPiece(siteId: number, url: string, key: string) {
  await context.db.insert(coverage).values({
    pressGroupId: siteId,
    url,
    urlKey: key,
    title: 'Reported before',
    outlet: 'Tiles Weekly',
    publishedOn: '2026-09-20',
    language: 'en',
    country: 'GB',
    mediaType: 'magazines',
  });
}

beforeEach(async () => {
  await context.db.execute(sql`truncate company_imports, coverage restart identity cascade`);
  await existingPiece(
    fairId,
    'https://www.tiles-weekly.example/already-there',
    'www.tiles-weekly.example/already-there',
  );
  // The same address on another site's press room is that site's piece: this site does not have it.
  await existingPiece(
    otherSiteId,
    'https://www.azulejos-hoy.example/feria',
    'www.azulejos-hoy.example/feria',
  );
});

async function uploaded(auth = as.office) {
  const response = await upload(context.app, auth, 'clippings.csv', clippingFile);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as CompanyImport;
}

/** Uploads kept in the file store, then any left in the server's temporary directory. */
async function storedUploads() {
  const waiting = await readdir(temporaryDirectory(dataDir, 'imports')).catch(() => [] as string[]);
  return [...(await storedKeys(context.app.storage, 'imports/')), ...waiting.sort()];
}

async function runPhase(id: number, phase: 'dry_run' | 'run', body: Record<string, unknown>) {
  const response = await context.app.inject({
    method: 'POST',
    url: phase === 'dry_run' ? apiPaths.importDryRun(id) : apiPaths.importRun(id),
    headers: as.office,
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(202);
  return waitForImport(context.app, as.office, id);
}

async function reportOf(id: number, phase: 'dry_run' | 'import', language = 'en') {
  const response = await context.app.inject({
    method: 'GET',
    url: `${apiPaths.importRows(id)}?phase=${phase}&page_size=100`,
    headers: { ...as.office, 'accept-language': language },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { results: ImportRow[] }).results.map((row) =>
    Object.keys(row.errors).length > 0
      ? [row.row, row.outcome, row.reason, row.business_name, row.errors]
      : [row.row, row.outcome, row.reason, row.business_name],
  );
}

/** The site's pieces as [url, title, outlet, date, language, country, media type, reach, status, by office]. */
async function piecesOf(siteId: number) {
  const rows = await context.db
    .select()
    .from(coverage)
    .where(sql`${coverage.pressGroupId} = ${siteId}`)
    .orderBy(asc(coverage.id));
  return rows.map((row) => [
    row.url,
    row.title,
    row.outlet,
    row.publishedOn,
    row.language,
    row.country,
    row.mediaType,
    row.reach,
    row.status,
    row.reportedByOffice,
  ]);
}

const before = [
  [
    'https://www.tiles-weekly.example/already-there',
    'Reported before',
    'Tiles Weekly',
    '2026-09-20',
    'en',
    'GB',
    'magazines',
    null,
    'pending',
    false,
  ],
];

const expectedSummary = {
  rows: 12,
  created: 4,
  updated: 0,
  unchanged: 0,
  invalid: 5,
  duplicate: 2,
  empty: 1,
  skipped: 8,
};

const attention = [
  [5, 'duplicate', 'Same address as row 2', 'Cersaie apre (copia)'],
  [7, 'duplicate', 'This piece has already been reported', 'Already reported'],
  [
    8,
    'invalid',
    'Invalid values',
    'A day that does not exist',
    { published_on: ['Write the date as 2026-09-14 or 14/09/2026.'] },
  ],
  [
    9,
    'invalid',
    'Invalid values',
    'Tiles on air',
    {
      media_type: [
        'Give the media type: press agency, newspaper, magazine, radio, television, press office or website.',
      ],
    },
  ],
  [
    10,
    'invalid',
    'Invalid values',
    'From far away',
    { country: ['Not a known country (give its ISO 3166-1 code, e.g. IT)'] },
  ],
  [
    11,
    'invalid',
    'Invalid values',
    'Not on the web',
    { url: ['Give the web address of the piece, starting with http:// or https://.'] },
  ],
  [
    12,
    'invalid',
    'Invalid values',
    'Fewer than none',
    { reach: ['The reach is a whole number, 0 or more.'] },
  ],
  [13, 'empty', 'Empty row', ''],
];

describe("importing a clipping service's export into the site's coverage", () => {
  it('suggests the coverage fields from the column names', async () => {
    const { id } = await uploaded();
    const response = await context.app.inject({
      method: 'GET',
      url: `${apiPaths.importColumns(id)}?target=coverage`,
      headers: as.office,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as ImportColumns).suggested_mapping).toEqual(mapping);
  });

  it('checks every row in a dry run, reporting the rows that need attention, and changes nothing', async () => {
    const { id } = await uploaded();
    const checked = await runPhase(id, 'dry_run', { target: 'coverage', mapping });
    expect(checked).toMatchObject({ status: 'checked', target: 'coverage', dry_run: expectedSummary });
    expect(await reportOf(id, 'dry_run')).toEqual(attention);
    expect(await piecesOf(fairId)).toEqual(before);
  });

  it("adds the pieces as the office's own reports, approved; the same file again adds nothing", async () => {
    const { id } = await uploaded();
    const done = await runPhase(id, 'run', { target: 'coverage', mapping });
    expect(done).toMatchObject({ status: 'done', report: expectedSummary });
    expect(await reportOf(id, 'import')).toEqual([
      [2, 'created', 'New piece, approved: Corriere della Ceràmica', 'Cersaie apre con 600 espositori'],
      [3, 'created', 'New piece, approved: Fliesen & Plätten', 'Große Formate in Bologna'],
      [4, 'created', 'New piece, approved: Revue Céramique & Décor', 'Le salon de Bologne, vu de Paris'],
      ...attention.slice(0, 1),
      [6, 'created', 'New piece, approved: Azulejos Hoy', 'Azulejos en la feria'],
      ...attention.slice(1),
    ]);
    const after = [
      ...before,
      [
        'https://www.corriere-ceramica.example/2026/09/cersaie-apre',
        'Cersaie apre con 600 espositori',
        'Corriere della Ceràmica',
        '2026-09-22',
        'it',
        'IT',
        'newspapers',
        120000,
        'approved',
        true,
      ],
      [
        'https://www.fliesen-und-platten.example/messe',
        'Große Formate in Bologna',
        'Fliesen & Plätten',
        '2026-09-23',
        'de',
        'DE',
        'magazines',
        45000,
        'approved',
        true,
      ],
      [
        'http://www.revue-ceramique.example/salon',
        'Le salon de Bologne, vu de Paris',
        'Revue Céramique & Décor',
        '2026-09-24',
        'fr',
        'FR',
        'website',
        null,
        'approved',
        true,
      ],
      [
        'https://www.azulejos-hoy.example/feria',
        'Azulejos en la feria',
        'Azulejos Hoy',
        '2026-09-25',
        'es',
        'ES',
        'website',
        8000,
        'approved',
        true,
      ],
    ];
    expect(await piecesOf(fairId)).toEqual(after);
    const decided = await context.db
      .select({ by: coverage.decidedById, at: coverage.decidedAt, reporter: coverage.reporterId })
      .from(coverage)
      .where(sql`${coverage.pressGroupId} = ${fairId} and ${coverage.reportedByOffice}`);
    expect(decided).toEqual(
      Array.from({ length: 4 }, () => ({ by: officeId, at: clock.now(), reporter: null })),
    );
    // Approved at once: "In the press" lists them.
    const publicList = await context.app.inject({
      method: 'GET',
      url: apiPaths.publicCoverage,
      headers: fair,
    });
    expect((publicList.json() as { count: number }).count).toBe(4);

    const second = await uploaded();
    const again = await runPhase(second.id, 'run', { target: 'coverage', mapping });
    expect(again.report).toEqual({ ...expectedSummary, created: 0, duplicate: 6, skipped: 12 });
    expect(await piecesOf(fairId)).toEqual(after);
    expect(await piecesOf(otherSiteId)).toHaveLength(1);
  });

  it('names in the history what each import fills, from its upload, to those who may fill it', async () => {
    const clipping = await upload(context.app, as.office, 'clippings.csv', clippingFile, {
      target: 'coverage',
    });
    expect(clipping.json()).toMatchObject({ status: 'uploaded', target: 'coverage' });
    clock.advance(60);
    const members = await uploaded(as.companies);
    const historyOf = async (headers: Record<string, string>) => {
      const history = await context.app.inject({
        method: 'GET',
        url: `${apiPaths.imports}?page_size=10`,
        headers,
      });
      expect(history.statusCode, history.body).toBe(200);
      const page = history.json() as { count: number; results: CompanyImport[] };
      return [page.count, page.results.map((row) => [row.id, row.target, row.status])];
    };
    expect(await historyOf(as.global)).toEqual([
      2,
      [
        [members.id, 'companies', 'uploaded'],
        [clipping.json().id, 'coverage', 'uploaded'],
      ],
    ]);
    expect(await historyOf(as.office)).toEqual([1, [[clipping.json().id, 'coverage', 'uploaded']]]);
    expect(await historyOf(as.companies)).toEqual([1, [[members.id, 'companies', 'uploaded']]]);
    await runPhase(clipping.json().id, 'dry_run', { target: 'coverage', mapping });
    expect(await historyOf(as.office)).toEqual([1, [[clipping.json().id, 'coverage', 'checked']]]);
  });

  it('answers 404 for every operation on an import whose target the caller may not fill, as if it did not exist, and changes nothing', async () => {
    const clipping = await uploaded(as.office);
    const members = await uploaded(as.companies);
    const importsBefore = await context.db.select().from(companyImports).orderBy(asc(companyImports.id));
    const companiesBefore = await context.db.select().from(companies);
    const notFound = { status: 404, body: { detail: 'Not found.' } };
    for (const [who, other, target] of [
      ['companies', clipping, 'coverage'],
      ['office', members, 'companies'],
    ] as const) {
      const headers = as[who];
      const answer = async (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) => {
        const response = await context.app.inject({ method, url, headers, payload });
        return { status: response.statusCode, body: response.json() };
      };
      const body = { target, mapping: target === 'coverage' ? mapping : { business_name: 'Outlet' } };
      expect({
        who,
        detail: await answer('GET', apiPaths.import(other.id)),
        columns: await answer('GET', apiPaths.importColumns(other.id)),
        progress: await answer('GET', apiPaths.importProgress(other.id)),
        rows: await answer('GET', `${apiPaths.importRows(other.id)}?phase=dry_run`),
        dryRun: await answer('POST', apiPaths.importDryRun(other.id), body),
        run: await answer('POST', apiPaths.importRun(other.id), body),
        retargetedDryRun: await answer('POST', apiPaths.importDryRun(other.id), {
          mapping: target === 'coverage' ? { business_name: 'Outlet' } : mapping,
        }),
      }).toEqual({
        who,
        detail: notFound,
        columns: notFound,
        progress: notFound,
        rows: notFound,
        dryRun: notFound,
        run: notFound,
        retargetedDryRun: notFound,
      });
    }
    expect(await context.db.select().from(companyImports).orderBy(asc(companyImports.id))).toEqual(
      importsBefore,
    );
    expect(await context.db.select().from(companies)).toEqual(companiesBefore);
    expect(await piecesOf(fairId)).toEqual(before);
  });

  it('keeps the target fixed at upload: a dry run, a run or the columns naming another are refused, changing nothing', async () => {
    // The global administrator may fill every target, and still may not turn a coverage import into another.
    const response = await upload(context.app, as.global, 'clippings.csv', clippingFile, {
      target: 'coverage',
    });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json() as CompanyImport;
    const importBefore = await context.db.select().from(companyImports);
    const fixed = (language: string) =>
      language === 'it'
        ? "Un'importazione mantiene la destinazione scelta al caricamento del file. Carica di nuovo il file per un'altra destinazione."
        : 'An import keeps the target chosen when its file was uploaded. Upload the file again for another target.';
    for (const [url, method, payload, language] of [
      [
        apiPaths.importDryRun(id),
        'POST',
        { target: 'companies', mapping: { business_name: 'Outlet' } },
        'en',
      ],
      [apiPaths.importRun(id), 'POST', { target: 'exhibitors', edition: 1, mapping: {} }, 'it'],
      [`${apiPaths.importColumns(id)}?target=companies`, 'GET', undefined, 'en'],
    ] as const) {
      const refused = await context.app.inject({
        method,
        url,
        headers: { ...as.global, 'accept-language': language },
        payload,
      });
      expect({ url, status: refused.statusCode, body: refused.json() }).toEqual({
        url,
        status: 400,
        body: { target: [fixed(language)] },
      });
    }
    expect(await context.db.select().from(companyImports)).toEqual(importBefore);
    expect(await piecesOf(fairId)).toEqual(before);
    // Named again, or left out, the import's own target is the one run.
    const suggested = await context.app.inject({
      method: 'GET',
      url: apiPaths.importColumns(id),
      headers: as.global,
    });
    expect((suggested.json() as ImportColumns).suggested_mapping).toEqual(mapping);
    const checked = await context.app.inject({
      method: 'POST',
      url: apiPaths.importDryRun(id),
      headers: as.global,
      payload: { mapping },
    });
    expect(checked.statusCode, checked.body).toBe(202);
    expect(await waitForImport(context.app, as.global, id)).toMatchObject({
      status: 'checked',
      target: 'coverage',
      dry_run: expectedSummary,
    });
  });

  it('takes a file for a target only from who may fill it, keeping nothing otherwise', async () => {
    const before = await storedUploads();
    const byCompanies = await upload(context.app, as.companies, 'clippings.csv', clippingFile, {
      target: 'coverage',
    });
    expect(byCompanies.statusCode).toBe(403);
    const unknown = await upload(context.app, as.office, 'clippings.csv', clippingFile, {
      target: 'pictures',
    });
    expect({ status: unknown.statusCode, body: unknown.json() }).toEqual({
      status: 400,
      body: { target: ['Field not valid'] },
    });
    const history = await context.app.inject({ method: 'GET', url: apiPaths.imports, headers: as.office });
    expect(history.json().count).toBe(0);
    expect(await storedUploads()).toEqual(before);
  });

  it('reports each bad row in the reader’s language', async () => {
    const { id } = await uploaded();
    await runPhase(id, 'dry_run', { target: 'coverage', mapping });
    const rows = await reportOf(id, 'dry_run', 'it');
    expect(rows.slice(2, 3)).toEqual([
      [
        8,
        'invalid',
        'Valori non validi',
        'A day that does not exist',
        {
          published_on: ['Scrivi la data come 2026-09-14 o 14/09/2026.'],
        },
      ],
    ]);
  });

  it('refuses a mapping without the needed columns or an edition of another site, changing nothing', async () => {
    const { id } = await uploaded();
    const post = (body: Record<string, unknown>) =>
      context.app.inject({
        method: 'POST',
        url: apiPaths.importDryRun(id),
        headers: { ...as.office, 'accept-language': 'it' },
        payload: body,
      });
    const noDate = await post({ target: 'coverage', mapping: { ...mapping, published_on: undefined } });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json()).toEqual({
      mapping: ['Scegli le colonne con indirizzo, titolo, testata, data, lingua, paese e tipo di media.'],
    });
    const companyField = await post({ target: 'coverage', mapping: { ...mapping, email: 'Title' } });
    expect(companyField.json()).toEqual({
      mapping: ['Il campo "email" non si può importare in questa destinazione.'],
    });
    const otherEdition = (await insertEdition(context.db, { siteId: otherSiteId })).id;
    const elsewhere = await post({ target: 'coverage', edition: otherEdition, mapping });
    expect(elsewhere.statusCode).toBe(400);
    expect(Object.keys(elsewhere.json())).toEqual(['edition']);
    expect(await piecesOf(fairId)).toEqual(before);
  });

  it('is the press office’s: the associated companies may not turn their import into coverage, nor the office its own into companies', async () => {
    const byCompanies = await uploaded(as.companies);
    const coverageRun = await context.app.inject({
      method: 'POST',
      url: apiPaths.importDryRun(byCompanies.id),
      headers: as.companies,
      payload: { target: 'coverage', mapping },
    });
    expect([coverageRun.statusCode, Object.keys(coverageRun.json())]).toEqual([400, ['target']]);
    const { id } = await uploaded();
    const companiesRun = await context.app.inject({
      method: 'POST',
      url: apiPaths.importDryRun(id),
      headers: as.office,
      payload: { mapping: { business_name: 'Outlet' } },
    });
    expect([companiesRun.statusCode, companiesRun.json()]).toEqual([
      400,
      {
        mapping: [
          'The field "business_name" cannot be imported into this target.',
          'Choose the columns that hold the address, title, outlet, date, language, country and media type.',
        ],
      },
    ]);
    expect(await piecesOf(fairId)).toEqual(before);
  });
});
