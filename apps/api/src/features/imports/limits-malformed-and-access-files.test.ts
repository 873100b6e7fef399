import { readdir, readFile, readlink } from 'node:fs/promises';
import path from 'node:path';
import { apiPaths } from '@pressroom/contract';
import { describe, expect, it, vi } from 'vitest';
import {
  allCompanies,
  auth,
  columnsOf,
  context,
  dataDir,
  header,
  importRows,
  importWhole,
  members,
  runPhase,
  storedUploads,
  uploadCsv,
  useImportsTestApp,
} from './imports-test-setup.ts';
import { csv, upload } from './test-helpers.ts';

const fixtures = path.join(import.meta.dirname, 'fixtures');

/** The files this process holds open under a directory (Linux: /proc/self/fd). */
async function filesOpenUnder(directory: string) {
  const links = await Promise.all(
    (await readdir('/proc/self/fd')).map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')),
  );
  return links.filter((link) => link.startsWith(directory));
}

useImportsTestApp();

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
