import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiPaths, type CompanyImport, type ImportRow } from '@pressroom/contract';
import { companies } from '@pressroom/db';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/app.ts';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import { valuesDigest } from './repository.ts';
import { defaultBatchSize } from './service.ts';
import { csv, italianVat, upload, waitForImport } from './test-helpers.ts';

// A file longer than one batch: what a batch decides must hold across batches, as if the file were one.

let context: Awaited<ReturnType<typeof createTestApp>>;
let auth: Record<string, string>;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'pressroom-import-batches-'));
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

const header = ['Ragione sociale', 'Città', 'P.IVA', 'Telefono'];
const mapping = { business_name: 'Ragione sociale', city: 'Città', vat: 'P.IVA', telephone: 'Telefono' };
/** The line of the first row of the second batch (the header is line 1). */
const secondBatchLine = defaultBatchSize + 2;

/** `count` companies with neither VAT nor telephone, named after their line in the file. */
function filler(count: number, firstLine: number): string[][] {
  return Array.from({ length: count }, (_, index) => [`Filler ${firstLine + index}`, 'Sassuolo', '', '']);
}

async function uploaded(rows: string[][]) {
  const response = await upload(context.app, auth, 'members.csv', csv([header, ...rows], ';'));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as CompanyImport;
}

async function runPhase(id: number, phase: 'dry_run' | 'run') {
  const response = await context.app.inject({
    method: 'POST',
    url: phase === 'dry_run' ? apiPaths.importDryRun(id) : apiPaths.importRun(id),
    headers: auth,
    payload: { mapping },
  });
  expect(response.statusCode, response.body).toBe(202);
  return waitForImport(context.app, auth, id);
}

async function reportRows(id: number, phase: 'dry_run' | 'import', outcome?: string) {
  const response = await context.app.inject({
    method: 'GET',
    url: `${apiPaths.importRows(id)}?phase=${phase}&page_size=100${outcome ? `&outcome=${outcome}` : ''}`,
    headers: auth,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { results: ImportRow[] }).results;
}

async function allCompanies() {
  return context.db.select().from(companies).orderBy(asc(companies.id));
}

describe('imports longer than one batch', () => {
  it('leaves nothing behind, not even the first batch, when a row of the second batch fails in the database', async () => {
    // A trigger stands in for any failure the checks cannot foresee (a constraint, a lost connection).
    await context.db.execute(sql`
      create or replace function refuse_second_batch() returns trigger language plpgsql as $$
      begin
        if new.business_name = 'Explosive Tiles' then raise exception 'refused by the database'; end if;
        return new;
      end $$`);
    await context.db.execute(sql`
      create trigger refuse_second_batch before insert on companies for each row
      execute function refuse_second_batch()`);
    try {
      const rows = filler(defaultBatchSize + 20, 2);
      rows[defaultBatchSize + 10] = ['Explosive Tiles', 'Sassuolo', '', ''];
      const file = await uploaded(rows);
      const checked = await runPhase(file.id, 'dry_run');
      expect(checked.dry_run).toMatchObject({ rows: defaultBatchSize + 20, created: defaultBatchSize + 20 });
      const failed = await runPhase(file.id, 'run');
      expect(failed.status).toBe('failed');
      expect(failed.error).toBe('The import failed; nothing was changed.');
      expect(failed.report).toBeNull();
      expect(await allCompanies()).toEqual([]);
      expect(await reportRows(file.id, 'import')).toEqual([]);
    } finally {
      await context.db.execute(sql`drop trigger if exists refuse_second_batch on companies`);
    }
  });

  it('reports a company listed again in a later batch as a duplicate, by VAT and by name, in the dry run and the import alike', async () => {
    const vat = italianVat(555_000_111);
    const rows = [
      ['Smalti Emiliani', 'Modena', vat, ''],
      ['Gres di Fiorano', 'Fiorano Modenese', '', ''],
      ...filler(defaultBatchSize, 4),
      // Another name with the same VAT number, and the same name and city written otherwise.
      ['Smalti Emiliani Renamed', 'Carpi', vat, ''],
      ['  GRES DI   fiorano', 'fiorano modenese', '', '0536 111'],
    ];
    const file = await uploaded(rows);
    const duplicates = [
      [secondBatchLine + 2, 'duplicate', 'Same company as row 2', null],
      [secondBatchLine + 3, 'duplicate', 'Same company as row 3', null],
    ];
    const checked = await runPhase(file.id, 'dry_run');
    expect(checked.dry_run).toEqual({
      rows: defaultBatchSize + 4,
      created: defaultBatchSize + 2,
      updated: 0,
      skipped: 2,
      unchanged: 0,
      invalid: 0,
      duplicate: 2,
      empty: 0,
    });
    expect(
      (await reportRows(file.id, 'dry_run')).map((row) => [row.row, row.outcome, row.reason, row.company_id]),
    ).toEqual(duplicates);
    const imported = await runPhase(file.id, 'run');
    expect(imported.report).toEqual(checked.dry_run);
    expect(
      (await reportRows(file.id, 'import', 'duplicate')).map((row) => [
        row.row,
        row.outcome,
        row.reason,
        row.company_id,
      ]),
    ).toEqual(duplicates);
    const created = await allCompanies();
    expect(created).toHaveLength(defaultBatchSize + 2);
    expect(created.slice(0, 2).map((row) => [row.businessName, row.city, row.vat, row.telephone])).toEqual([
      ['Smalti Emiliani', 'Modena', vat, ''],
      ['Gres di Fiorano', 'Fiorano Modenese', '', ''],
    ]);
  });

  it('reports a company that an earlier batch matched as a duplicate when a later batch matches it again', async () => {
    const vat = italianVat(555_000_222);
    const first = await uploaded([['Ceramica Vecchia', 'Sassuolo', vat, '']]);
    await runPhase(first.id, 'dry_run');
    await runPhase(first.id, 'run');
    const [existing] = await allCompanies();
    const file = await uploaded([
      // Matched by VAT and given a telephone in the first batch, matched by its VAT again in the second.
      ['Ceramica Vecchia', 'Sassuolo', vat, '0536 222'],
      ...filler(defaultBatchSize, 3),
      ['Ceramica Vecchia', 'Sassuolo', vat, '0536 333'],
    ]);
    const expected = [
      [2, 'updated', 'Matched by VAT number: telephone', existing.id],
      [secondBatchLine + 1, 'duplicate', 'Same company as row 2', existing.id],
    ];
    await runPhase(file.id, 'dry_run');
    expect(
      (await reportRows(file.id, 'dry_run')).map((row) => [row.row, row.outcome, row.reason, row.company_id]),
    ).toEqual(expected.slice(1));
    const imported = await runPhase(file.id, 'run');
    expect(imported.report).toMatchObject({ created: defaultBatchSize, updated: 1, duplicate: 1 });
    const reported = await reportRows(file.id, 'import');
    expect(reported.slice(0, 1).map((row) => [row.row, row.outcome, row.reason, row.company_id])).toEqual(
      expected.slice(0, 1),
    );
    expect(
      (await reportRows(file.id, 'import', 'duplicate')).map((row) => [
        row.row,
        row.outcome,
        row.reason,
        row.company_id,
      ]),
    ).toEqual(expected.slice(1));
    const [updated] = await allCompanies();
    expect([updated.id, updated.telephone]).toEqual([existing.id, '0536 222']);
  });

  it('changes nothing when a file of several batches is imported again, and reports every row unchanged', async () => {
    const rows = Array.from({ length: defaultBatchSize * 2 + 5 }, (_, index) => [
      `Ceramiche ${index}`,
      index % 2 === 0 ? 'Sassuolo' : 'Faenza',
      index % 3 === 0 ? italianVat(700_000_000 + index) : '',
      `0536 ${index}`,
    ]);
    const first = await uploaded(rows);
    await runPhase(first.id, 'dry_run');
    const created = await runPhase(first.id, 'run');
    expect(created.report).toMatchObject({ rows: rows.length, created: rows.length });
    const before = await allCompanies();
    const again = await uploaded(rows);
    const checked = await runPhase(again.id, 'dry_run');
    expect(checked.dry_run).toMatchObject({
      rows: rows.length,
      unchanged: rows.length,
      skipped: rows.length,
    });
    expect(await reportRows(again.id, 'dry_run')).toEqual([]);
    const imported = await runPhase(again.id, 'run');
    expect(imported.report).toEqual(checked.dry_run);
    expect(await allCompanies()).toEqual(before);
    const unchanged = await reportRows(again.id, 'import', 'unchanged');
    expect(unchanged.map((row) => [row.row, row.company_id])).toEqual(
      before.slice(0, 100).map((company, index) => [index + 2, company.id]),
    );
  });

  it('numbers each row by the line it ends on, past empty lines and line breaks inside quotes', async () => {
    const text = [
      'Ragione sociale;Città;P.IVA;Telefono',
      'First Tiles;Modena;;',
      '',
      '"Second\nTiles";Modena;;',
      '',
      '',
      'Third Tiles;Modena;12345678901;',
      'Fourth Tiles;Modena;;not a phone',
      '',
    ].join('\r\n');
    const response = await upload(context.app, auth, 'members.csv', text);
    expect(response.statusCode, response.body).toBe(201);
    const file = response.json() as CompanyImport;
    const checked = await runPhase(file.id, 'dry_run');
    expect(checked.dry_run).toMatchObject({ rows: 4, created: 2, invalid: 2 });
    expect((await reportRows(file.id, 'dry_run')).map((row) => [row.row, row.errors])).toEqual([
      [8, { vat: ['Field not valid'] }],
      [9, { telephone: ['Field not valid'] }],
    ]);
  });

  it('reports a row that differs from its company only by case, spacing or an empty cell as unchanged', async () => {
    const first = await uploaded([['Smalti del Po', 'Ferrara', '', '0532 111']]);
    await runPhase(first.id, 'dry_run');
    await runPhase(first.id, 'run');
    const before = await allCompanies();
    const again = await uploaded([['  SMALTI   del po ', 'FERRARA', '', '']]);
    await runPhase(again.id, 'dry_run');
    const imported = await runPhase(again.id, 'run');
    expect(imported.report).toMatchObject({ rows: 1, unchanged: 1, updated: 0, created: 0 });
    expect(await allCompanies()).toEqual(before);
  });

  it('digests values as the database does, so a row equal to its company is known without reading it', async () => {
    const values = [
      'Città di Castello',
      'quote " and \\ backslash',
      'line\nbreak\ttab',
      '\u0001',
      'Ceramica 🙂',
      '',
    ];
    const result = await context.db.execute(
      sql`select md5(json_build_array(${sql.join(
        values.map((value) => sql`${value}::text`),
        sql`, `,
      )})::text) as digest`,
    );
    const [row] = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      digest: string;
    }[];
    const fields = ['business_name', 'city', 'address', 'note', 'typology', 'state'] as const;
    expect(
      valuesDigest([...fields], Object.fromEntries(fields.map((field, index) => [field, values[index]]))),
    ).toBe(row.digest);
  });

  it('writes the association status from its words, the default where the cell is empty, and changes it on a later import', async () => {
    const statusHeader = ['Ragione sociale', 'Città', 'Associato'];
    const statusMapping = { business_name: 'Ragione sociale', city: 'Città', associationStatus: 'Associato' };
    const importStatuses = async (rows: string[][]) => {
      const response = await upload(context.app, auth, 'members.csv', csv([statusHeader, ...rows], ';'));
      expect(response.statusCode, response.body).toBe(201);
      const { id } = response.json() as CompanyImport;
      for (const url of [apiPaths.importDryRun(id), apiPaths.importRun(id)]) {
        const started = await context.app.inject({
          method: 'POST',
          url,
          headers: auth,
          payload: { mapping: statusMapping },
        });
        expect(started.statusCode, started.body).toBe(202);
        await waitForImport(context.app, auth, id);
      }
      return waitForImport(context.app, auth, id);
    };
    await importStatuses([
      ['Socia Tiles', 'Modena', 'sì'],
      ['Other Tiles', 'Modena', ''],
    ]);
    expect((await allCompanies()).map((row) => [row.businessName, row.associationStatus])).toEqual([
      ['Socia Tiles', 'member'],
      ['Other Tiles', 'non_member'],
    ]);
    const again = await importStatuses([
      ['Socia Tiles', 'Modena', 'ex socio'],
      ['Other Tiles', 'Modena', ''],
    ]);
    expect(again.report).toMatchObject({ updated: 1, unchanged: 1 });
    expect((await allCompanies()).map((row) => [row.businessName, row.associationStatus])).toEqual([
      ['Socia Tiles', 'former_member'],
      ['Other Tiles', 'non_member'],
    ]);
  });
});
