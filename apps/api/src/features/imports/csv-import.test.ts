import { apiPaths } from '@pressroom/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  allCompanies,
  auth,
  columnsOf,
  context,
  header,
  importRows,
  importWhole,
  members,
  runPhase,
  storedUploads,
  uploadCsv,
  useImportsTestApp,
  vatA,
  vatB,
} from './imports-test-setup.ts';
import { csv } from './test-helpers.ts';

useImportsTestApp();

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
