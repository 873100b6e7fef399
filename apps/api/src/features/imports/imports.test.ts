import { mkdtemp, readdir, readFile, readlink, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiPaths, type CompanyImport, type ImportColumns, type ImportRow } from '@pressroom/contract';
import { companies } from '@pressroom/db';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { temporaryDirectory } from '../../lib/storage/index.ts';
import { createTestApp } from '../../test-support/app.ts';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import { storedKeys } from '../../test-support/storage.ts';
import { csv, italianVat, upload, waitForImport } from './test-helpers.ts';

const fixtures = path.join(import.meta.dirname, 'fixtures');

let context: Awaited<ReturnType<typeof createTestApp>>;
let auth: Record<string, string>;
let dataDir: string;

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

const header = [
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
const vatA = italianVat(123456789);
const vatB = italianVat(987654321);
const members = [
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

async function uploadCsv(content: string | Buffer, name = 'members.csv') {
  const response = await upload(context.app, auth, name, content);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as CompanyImport;
}

async function columnsOf(id: number, table?: string) {
  const response = await context.app.inject({
    method: 'GET',
    url: `${apiPaths.importColumns(id)}${table ? `?table=${encodeURIComponent(table)}` : ''}`,
    headers: auth,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ImportColumns;
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

async function importRows(id: number, phase: 'dry_run' | 'import', language = 'en') {
  const response = await context.app.inject({
    method: 'GET',
    url: `${apiPaths.importRows(id)}?phase=${phase}&page_size=100`,
    headers: { ...auth, 'accept-language': language },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { results: ImportRow[] }).results;
}

/** Uploads kept in the file store, then any left in the server's temporary directory. */
async function storedUploads() {
  const waiting = await readdir(temporaryDirectory(dataDir, 'imports')).catch(() => [] as string[]);
  return [...(await storedKeys(context.app.storage, 'imports/')), ...waiting.sort()];
}

/** The files this process holds open under a directory (Linux: /proc/self/fd). */
async function filesOpenUnder(directory: string) {
  const links = await Promise.all(
    (await readdir('/proc/self/fd')).map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')),
  );
  return links.filter((link) => link.startsWith(directory));
}

async function allCompanies() {
  return context.db.select().from(companies).orderBy(asc(companies.id));
}

async function importWhole(content: string | Buffer, name = 'members.csv') {
  const uploaded = await uploadCsv(content, name);
  const { suggested_mapping } = await columnsOf(uploaded.id);
  await runPhase(uploaded.id, 'dry_run', { mapping: suggested_mapping });
  return runPhase(uploaded.id, 'run', { mapping: suggested_mapping });
}

describe('CSV import', () => {
  it('reads a UTF-8 CSV with BOM and ";" and suggests the company field of each Italian column name', async () => {
    const uploaded = await uploadCsv(`\uFEFF${csv(members, ';')}`);
    expect(uploaded).toMatchObject({
      format: 'csv',
      status: 'uploaded',
      tables: [],
      file_name: 'members.csv',
    });
    const columns = await columnsOf(uploaded.id);
    expect(columns.columns.map((column) => [column.name, column.suggestion])).toEqual([
      ['Ragione sociale', 'business_name'],
      ['Indirizzo', 'address'],
      ['CAP', 'postalCode'],
      ['Città', 'city'],
      ['Provincia', 'state'],
      ['Nazione', 'country'],
      ['Telefono', 'telephone'],
      ['P.IVA', 'vat'],
      ['Email', 'email'],
      ['Sito', 'website'],
    ]);
    expect(columns.columns[0].samples).toEqual([
      'Ceramiche Città Nuova S.p.A.',
      'Façade Tiles Ltd',
      'Gres Porcellanato Fiorano',
    ]);
  });

  it('imports every row in one go and keeps accented names intact, with a report row per source row', async () => {
    const before = await storedUploads();
    const result = await importWhole(`\uFEFF${csv(members, ';')}`);
    expect(result.status).toBe('done');
    expect(result.report).toEqual({
      rows: 3,
      created: 3,
      updated: 0,
      skipped: 0,
      unchanged: 0,
      invalid: 0,
      duplicate: 0,
      empty: 0,
    });
    const rows = await allCompanies();
    expect(rows.map((row) => [row.businessName, row.city, row.vat, row.website])).toEqual([
      ['Ceramiche Città Nuova S.p.A.', 'Sassuolo', vatA, 'http://www.cittanuova.example'],
      ['Façade Tiles Ltd', 'Stoke-on-Trent', 'GB123456789', 'https://facade.example'],
      ['Gres Porcellanato Fiorano', 'Fiorano Modenese', '', ''],
    ]);
    const report = await importRows(result.id, 'import');
    expect(report.map((row) => [row.row, row.outcome, row.reason, row.company_id])).toEqual([
      [2, 'created', 'New company', rows[0].id],
      [3, 'created', 'New company', rows[1].id],
      [4, 'created', 'New company', rows[2].id],
    ]);
    // The upload is not kept once imported.
    expect(await storedUploads()).toEqual(before);
  });

  it('changes nothing when the same file is imported again', async () => {
    const content = `\uFEFF${csv(members, ';')}`;
    await importWhole(content);
    const before = await allCompanies();
    const again = await importWhole(content);
    expect(again.report).toMatchObject({ rows: 3, created: 0, updated: 0, unchanged: 3, skipped: 3 });
    expect(await allCompanies()).toEqual(before);
    const report = await importRows(again.id, 'import', 'it');
    expect(report.map((row) => row.reason)).toEqual(['Già aggiornata', 'Già aggiornata', 'Già aggiornata']);
  });

  it('matches by VAT first, and else by business name and city ignoring case and spacing', async () => {
    await importWhole(csv(members, ';'));
    const changed = csv(
      [
        header,
        // Same VAT, new name: the same company, renamed.
        [
          'Città Nuova Ceramiche',
          'Via Radici in Piano 12',
          '41049',
          'Sassuolo',
          'MO',
          'Italia',
          '',
          vatA,
          '',
          '',
        ],
        // No VAT: found by name and city written differently, and given a telephone.
        ['  gres porcellanato   FIORANO ', '', '', 'fiorano modenese', '', '', '0536 999', '', '', ''],
        // Same name and city as the first company but another VAT: another company.
        ['Città Nuova Ceramiche', '', '', 'Sassuolo', '', '', '', vatB, '', ''],
      ],
      ',',
    );
    const result = await importWhole(changed, 'changes.csv');
    expect(result.report).toMatchObject({ rows: 3, created: 1, updated: 2 });
    const report = await importRows(result.id, 'import');
    expect(report.map((row) => [row.outcome, row.reason])).toEqual([
      ['updated', 'Matched by VAT number: business_name'],
      ['updated', 'Matched by business name and city: telephone'],
      ['created', 'New company'],
    ]);
    const rows = await allCompanies();
    expect(rows.map((row) => [row.businessName, row.telephone, row.vat])).toEqual([
      ['Città Nuova Ceramiche', '0536 123456', vatA],
      ['Façade Tiles Ltd', '+44 1782 000000', 'GB123456789'],
      ['Gres Porcellanato Fiorano', '0536 999', ''],
      ['Città Nuova Ceramiche', '', vatB],
    ]);
  });

  it('reads a comma-separated Windows-1252 file (Excel on Italian Windows) with its accents', async () => {
    const text = csv(
      [
        ['CompanyName', 'City', 'PostalCode', 'Country', 'VAT'],
        ['Ceramica Sant’Agostino', 'Terre del Reno', '44047', 'Italia', ''],
        ['Cerámica Peñíscola', 'Castellón', '12001', 'España', ''],
      ],
      ',',
    );
    // Every character of the text has a one-byte Windows-1252 code; ’ is 0x92 there.
    const cp1252 = Buffer.from(
      [...text].map((character) => (character === '’' ? 0x92 : character.charCodeAt(0))),
    );
    const result = await importWhole(cp1252, 'export.csv');
    expect(result.report).toMatchObject({ created: 2 });
    expect((await allCompanies()).map((row) => [row.businessName, row.city, row.country])).toEqual([
      ['Ceramica Sant’Agostino', 'Terre del Reno', 'IT'],
      ['Cerámica Peñíscola', 'Castellón', 'ES'],
    ]);
  });

  it('reads countries as codes or names in any of the seven languages and reports a value that names none', async () => {
    const content = csv(
      [
        ['Ragione sociale', 'Città', 'Nazione'],
        ['Uno', 'Modena', 'ITALIA '],
        ['Due', 'Lyon', 'france'],
        ['Drei', 'Köln', 'Deutschland'],
        ['Cuatro', 'Sevilla', 'España'],
        ['Five', 'Stoke', 'gb'],
        ['Shesh', 'Haifa', 'ישראל'],
        ['Sab', 'Cairo', 'مصر'],
        ['Atlantis Tiles', 'Poseidonia', 'Atlantide'],
        ['Blank', 'Nowhere', ''],
      ],
      ';',
    );
    const uploaded = await uploadCsv(content);
    const { suggested_mapping } = await columnsOf(uploaded.id);
    const checked = await runPhase(uploaded.id, 'dry_run', { mapping: suggested_mapping });
    expect(checked.dry_run).toMatchObject({ rows: 9, created: 8, invalid: 1 });
    const report = await importRows(uploaded.id, 'dry_run', 'es');
    expect(report.map((row) => [row.row, row.outcome, row.errors])).toEqual([
      [9, 'invalid', { country: ['País desconocido (indique su código ISO 3166-1, p. ej. IT)'] }],
    ]);
    await runPhase(uploaded.id, 'run', { mapping: suggested_mapping });
    expect((await allCompanies()).map((row) => [row.businessName, row.country])).toEqual([
      ['Uno', 'IT'],
      ['Due', 'FR'],
      ['Drei', 'DE'],
      ['Cuatro', 'ES'],
      ['Five', 'GB'],
      ['Shesh', 'IL'],
      ['Sab', 'EG'],
      ['Blank', ''],
    ]);
  });

  it('reports each invalid, duplicate and empty row in the dry run and changes nothing', async () => {
    const content = csv(
      [
        ['Ragione sociale', 'Città', 'P.IVA', 'Email', 'Sito', 'Associato'],
        ['Valid Tiles', 'Modena', '', '', '', 'sì'],
        ['Bad Vat Tiles', 'Modena', '12345678901', '', '', ''],
        ['Bad Mail Tiles', 'Modena', '', 'not-an-email', 'ftp://x', 'perhaps'],
        ['', 'Modena', '', '', '', ''],
        ['valid   tiles', 'MODENA', '', '', '', ''],
        ['', '', '', '', '', ''],
        ['Short', 'Row'],
      ],
      ';',
    );
    const uploaded = await uploadCsv(content);
    const { suggested_mapping } = await columnsOf(uploaded.id);
    expect(suggested_mapping).toEqual({
      business_name: 'Ragione sociale',
      city: 'Città',
      vat: 'P.IVA',
      email: 'Email',
      website: 'Sito',
      associationStatus: 'Associato',
    });
    const checked = await runPhase(uploaded.id, 'dry_run', { mapping: suggested_mapping });
    expect(checked.status).toBe('checked');
    expect(checked.dry_run).toEqual({
      rows: 7,
      created: 1,
      updated: 0,
      skipped: 6,
      unchanged: 0,
      invalid: 4,
      duplicate: 1,
      empty: 1,
    });
    const rows = await importRows(uploaded.id, 'dry_run');
    expect(rows.map((row) => [row.row, row.outcome, row.reason, row.errors])).toEqual([
      [3, 'invalid', 'Invalid values', { vat: ['Field not valid'] }],
      [
        4,
        'invalid',
        'Invalid values',
        { email: ['E-mail not valid'], website: ['Url not valid'], associationStatus: ['Field not valid'] },
      ],
      [5, 'invalid', 'Invalid values', { business_name: ['Field required'] }],
      [6, 'duplicate', 'Same company as row 2', {}],
      [7, 'empty', 'Empty row', {}],
      [8, 'invalid', 'The row has 2 columns instead of 6', {}],
    ]);
    const italian = await importRows(uploaded.id, 'dry_run', 'it');
    expect(italian[0].errors).toEqual({ vat: ['Campo non valido'] });
    expect(await allCompanies()).toEqual([]);
  });

  it('leaves nothing behind when a row fails in the database half-way through', async () => {
    // A trigger stands in for any failure the checks cannot foresee (a constraint, a lost connection).
    await context.db.execute(sql`
      create or replace function refuse_explosive() returns trigger language plpgsql as $$
      begin
        if new.business_name = 'Explosive Tiles' then raise exception 'refused by the database'; end if;
        return new;
      end $$`);
    await context.db.execute(sql`
      create trigger refuse_explosive before insert on companies for each row execute function refuse_explosive()`);
    try {
      await importWhole(csv(members.slice(0, 2), ';'));
      const before = await allCompanies();
      const rows = [['Ragione sociale', 'Città']];
      for (let index = 1; index <= 1200; index++) rows.push([`Company ${index}`, 'Sassuolo']);
      rows[900] = ['Explosive Tiles', 'Sassuolo'];
      const uploaded = await uploadCsv(csv(rows, ';'), 'big.csv');
      const mapping = { business_name: 'Ragione sociale', city: 'Città' };
      const checked = await runPhase(uploaded.id, 'dry_run', { mapping });
      expect(checked.dry_run).toMatchObject({ rows: 1200, created: 1200, invalid: 0 });
      const failed = await runPhase(uploaded.id, 'run', { mapping });
      expect(failed.status).toBe('failed');
      expect(failed.error).toBe('The import failed; nothing was changed.');
      expect(failed.report).toBeNull();
      expect(await allCompanies()).toEqual(before);
      expect(await importRows(uploaded.id, 'import')).toEqual([]);
    } finally {
      await context.db.execute(sql`drop trigger if exists refuse_explosive on companies`);
    }
  });

  it('streams the progress of an import as server-sent events, ending with the report', async () => {
    const rows = [['CompanyName', 'City']];
    for (let index = 1; index <= 1100; index++) rows.push([`Stream Company ${index}`, 'Modena']);
    const uploaded = await uploadCsv(csv(rows, ','), 'stream.csv');
    const mapping = { business_name: 'CompanyName', city: 'City' };
    await runPhase(uploaded.id, 'dry_run', { mapping });
    const response = await context.app.inject({
      method: 'POST',
      url: apiPaths.importRun(uploaded.id),
      headers: { ...auth, accept: 'text/event-stream' },
      payload: { mapping },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/event-stream');
    const events = response.body
      .split('\n\n')
      .filter(Boolean)
      .map((block) => JSON.parse(block.replace(/^data: /, '')));
    const processed = events.filter((event) => event.progress).map((event) => event.progress.processed);
    expect(processed).toEqual([...processed].sort((a, b) => a - b));
    expect(processed).toContain(1000);
    const last = events.at(-1);
    expect(last).toMatchObject({ status: 'done', error: null, summary: { rows: 1100, created: 1100 } });
  });
});

describe('limits and malformed files', () => {
  it('refuses a file over the size limit with the limit in the message, keeping nothing', async () => {
    const before = await storedUploads();
    const response = await upload(context.app, auth, 'huge.csv', `Name\n${'x'.repeat(310_000)}\n`);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: 'The file is too large: the limit is 0.3 MB.' });
    expect(await storedUploads()).toEqual(before);
    const history = await context.app.inject({ method: 'GET', url: apiPaths.imports, headers: auth });
    expect(history.json().count).toBe(0);
  });

  it('refuses files it cannot read, with a translated message', async () => {
    const before = await storedUploads();
    const pdf = await upload(context.app, { ...auth, 'accept-language': 'it' }, 'notes.pdf', '%PDF-1.4');
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json()).toEqual({
      file: ['Questo tipo di file non può essere importato. Carica un file Access (.mdb, .accdb) o CSV.'],
    });
    const damaged = await upload(context.app, auth, 'members.mdb', Buffer.alloc(4096, 7));
    expect(damaged.json()).toEqual({
      non_field_errors: ['The file could not be read: it is damaged or not in the expected format.'],
    });
    const empty = await upload(context.app, auth, 'empty.csv', '');
    expect(empty.json()).toEqual({ non_field_errors: ['The file contains no rows to import.'] });
    const brokenHeader = await upload(context.app, auth, 'broken.csv', '"Name;City\nA;B\n');
    expect(brokenHeader.json()).toEqual({ non_field_errors: ['The CSV file could not be read at line 2.'] });
    const noFile = await context.app.inject({
      method: 'POST',
      url: apiPaths.imports,
      headers: auth,
      payload: {},
    });
    expect(noFile.json()).toEqual({ file: ['Choose a file to upload.'] });
    expect(await storedUploads()).toEqual(before);
  });

  it('fails a dry run on a quote left open further down the file, naming the line', async () => {
    // Past the first 64 KB, which the upload reads to check the file.
    const rows = [['Name', 'City']];
    for (let index = 2; index <= 1500; index++) rows.push([`Ceramiche ${'e'.repeat(40)} ${index}`, 'Modena']);
    const uploaded = await uploadCsv(`${csv(rows, ';')}Bad "quote;Modena\n`);
    const result = await runPhase(uploaded.id, 'dry_run', { mapping: { business_name: 'Name' } });
    expect(result.status).toBe('failed');
    expect(result.error).toBe('The CSV file could not be read at line 1501.');
    expect(await importRows(uploaded.id, 'dry_run')).toEqual([]);
  });

  it('refuses a file with more rows than allowed and changes nothing', async () => {
    const rows = [['Name']];
    for (let index = 0; index < 2001; index++) rows.push([`Row ${index}`]);
    const uploaded = await uploadCsv(csv(rows, ';'));
    const result = await runPhase(uploaded.id, 'run', { mapping: { business_name: 'Name' } });
    expect(result.status).toBe('failed');
    expect(result.error).toBe('The file has more than 2000 rows.');
    expect(await allCompanies()).toEqual([]);
  });

  it('asks for the business name column and refuses columns that do not exist', async () => {
    const uploaded = await uploadCsv(csv(members, ';'));
    const response = await context.app.inject({
      method: 'POST',
      url: apiPaths.importDryRun(uploaded.id),
      headers: auth,
      payload: { mapping: { city: 'Città', vat: 'Partita IVA' } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      mapping: [
        'Choose the column that holds the business name.',
        'The column "Partita IVA" is not in the file.',
      ],
    });
  });

  it('keeps no file open after an upload, its columns, a refused mapping and a dry run', async () => {
    // Larger than one read of the file, so a reading left unfinished would hold it open.
    const rows = [
      header,
      ...Array.from({ length: 1500 }, (_, index) => [
        `Ceramiche ${index + 1} S.r.l. ${'x'.repeat(60)}`,
        ...members[1].slice(1, 7),
        '',
        '',
        '',
      ]),
    ];
    const uploaded = await uploadCsv(csv(rows, ';'));
    const { suggested_mapping } = await columnsOf(uploaded.id);
    const refused = await context.app.inject({
      method: 'POST',
      url: apiPaths.importDryRun(uploaded.id),
      headers: auth,
      payload: { mapping: { city: 'Città' } },
    });
    expect(refused.statusCode).toBe(400);
    const checked = await runPhase(uploaded.id, 'dry_run', { mapping: suggested_mapping });
    expect(checked.status).toBe('checked');
    // A stream closes its file on the next turns of the event loop: wait for that (a second at most).
    await vi.waitFor(async () => expect(await filesOpenUnder(dataDir)).toEqual([]), {
      timeout: 1000,
      interval: 20,
    });
  });

  it('refuses to import the same upload twice', async () => {
    const result = await importWhole(csv(members, ';'));
    const again = await context.app.inject({
      method: 'POST',
      url: apiPaths.importRun(result.id),
      headers: auth,
      payload: { mapping: { business_name: 'Ragione sociale' } },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(
      'This file has already been imported. Upload it again to import it once more.',
    );
  });
});

describe('Access import', () => {
  it('lists the tables of an Access 97 file and the columns of one with their types', async () => {
    const content = await readFile(path.join(fixtures, 'access97-types.mdb'));
    const uploaded = await uploadCsv(content, 'members.mdb');
    expect(uploaded).toMatchObject({ format: 'access', tables: ['Table1', 'Table2', 'Table3', 'Table4'] });
    const columns = await columnsOf(uploaded.id, 'Table1');
    expect(columns.rows).toBe(2);
    expect(columns.columns.map((column) => [column.name, column.type])).toEqual([
      ['A', 'text'],
      ['B', 'text'],
      ['C', 'byte'],
      ['D', 'integer'],
      ['E', 'long'],
      ['F', 'double'],
      ['G', 'datetime'],
      ['H', 'currency'],
      ['I', 'boolean'],
    ]);
    expect(columns.columns[1].samples).toEqual(['b', 'hijklmnop']);
    expect(columns.columns[6].samples).toEqual(['1981-12-12', '1974-09-21']);
    const missing = await context.app.inject({
      method: 'GET',
      url: `${apiPaths.importColumns(uploaded.id)}?table=Nope`,
      headers: auth,
    });
    expect(missing.json()).toEqual({ table: ['Choose a table of the file.'] });
  });

  it('decodes Jet 3 text as Windows-1252, so accented names arrive intact', async () => {
    const content = Buffer.from(await readFile(path.join(fixtures, 'access97-types.mdb')));
    const at = content.indexOf('hijklmnop');
    // "hijklmnop" becomes "Hìjklmnòp" in the file's own code page.
    content[at] = 0x48;
    content[at + 1] = 0xec;
    content[at + 7] = 0xf2;
    const uploaded = await uploadCsv(content, 'members.mdb');
    const mapping = { business_name: 'B', city: 'A' };
    await runPhase(uploaded.id, 'dry_run', { table: 'Table1', mapping });
    const result = await runPhase(uploaded.id, 'run', { table: 'Table1', mapping });
    expect(result.report).toMatchObject({ rows: 2, created: 2 });
    expect((await allCompanies()).map((row) => [row.businessName, row.city])).toEqual([
      ['b', 'a'],
      ['Hìjklmnòp', 'abcdefg'],
    ]);
  });

  it('says an Access file without tables has nothing to import', async () => {
    const content = await readFile(path.join(fixtures, 'access2000-empty.mdb'));
    const response = await upload(context.app, auth, 'empty.mdb', content);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ non_field_errors: ['The file contains no rows to import.'] });
  });

  it('reports an empty table of an Access file without changing anything', async () => {
    const content = await readFile(path.join(fixtures, 'access97-types.mdb'));
    const uploaded = await uploadCsv(content, 'members.mdb');
    const result = await runPhase(uploaded.id, 'run', { table: 'Table3', mapping: { business_name: 'b' } });
    expect(result.status).toBe('failed');
    expect(result.error).toBe('The file contains no rows to import.');
  });
});
