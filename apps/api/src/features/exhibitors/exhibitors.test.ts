import { apiPaths, type Exhibitor, type Role } from '@pressroom/contract';
import { exhibitorStands } from '@pressroom/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/app.ts';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import { insertCompany, insertEdition } from './test-factories.ts';

let context: Awaited<ReturnType<typeof createTestApp>>;
let staff: Record<string, string>;
let siteId: number;

beforeAll(async () => {
  context = await createTestApp();
  staff = await headersOf(['administrator_associated_companies']);
  siteId = context.app.sites.byName.get('Tile Fair')!.id;
});

afterAll(async () => {
  await context.close();
});

beforeEach(async () => {
  await context.db.execute(sql`truncate companies, fair_editions restart identity cascade`);
});

async function headersOf(roles: Role[]) {
  return authHeader(await tokenFor(context.app, await createUser(context.app, { roles })));
}

function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers = staff) {
  return context.app.inject({ method, url, headers, payload: payload as Record<string, unknown> });
}

async function created(payload: Record<string, unknown>) {
  const response = await call('POST', apiPaths.exhibitors, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Exhibitor;
}

describe('exhibitors of an edition', () => {
  it('adds a company with its stands and category, and lists the edition’s exhibitors', async () => {
    const edition = await insertEdition(context.db, { siteId });
    const other = await insertEdition(context.db, { siteId });
    const emilia = await insertCompany(context.db, { name: 'Ceramiche Emilia', country: 'IT' });
    const lastra = await insertCompany(context.db, { name: 'Lastra Tiles', country: 'ES' });
    const exhibitor = await created({
      edition: edition.id,
      company: emilia.id,
      category: 'design',
      stands: [
        { hall: ' 5 ', stand: 'A12' },
        { hall: '6', stand: 'B03' },
      ],
    });
    expect(exhibitor).toMatchObject({
      edition: edition.id,
      company: { id: emilia.id, name: 'Ceramiche Emilia', country: 'IT' },
      category: 'design',
      stands: [
        { hall: '5', stand: 'A12' },
        { hall: '6', stand: 'B03' },
      ],
    });
    await created({ edition: other.id, company: lastra.id, stands: [{ hall: '1', stand: 'C1' }] });

    const list = await call('GET', `${apiPaths.exhibitors}?edition=${edition.id}`);
    expect(list.statusCode, list.body).toBe(200);
    const page = list.json() as { count: number; results: Exhibitor[] };
    expect(page.count).toBe(1);
    expect(page.results.map((row) => row.company.name)).toEqual(['Ceramiche Emilia']);
  });

  it('answers the DataTables protocol, searching the company and the stands', async () => {
    const edition = await insertEdition(context.db, { siteId });
    for (const [name, hall] of [
      ['Ceramiche Emilia', '5'],
      ['Lastra Tiles', '6'],
      ['Gres Àrgilla', '6'],
    ]) {
      const company = await insertCompany(context.db, { name });
      await created({ edition: edition.id, company: company.id, stands: [{ hall, stand: 'A1' }] });
    }
    const response = await call(
      'GET',
      `${apiPaths.exhibitors}?edition=${edition.id}&format=datatables&draw=3&start=0&length=10&search[value]=argilla` +
        '&columns[0][data]=company&columns[0][searchable]=true&columns[1][data]=stands&columns[1][searchable]=true' +
        '&order[0][column]=0&order[0][dir]=asc',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ draw: 3, recordsTotal: 3, recordsFiltered: 1 });
    expect((response.json() as { data: Exhibitor[] }).data.map((row) => row.company.name)).toEqual([
      'Gres Àrgilla',
    ]);

    const hall6 = await call('GET', `${apiPaths.exhibitors}?edition=${edition.id}&hall=6`);
    expect((hall6.json() as { results: Exhibitor[] }).results.map((row) => row.company.name)).toEqual([
      'Gres Àrgilla',
      'Lastra Tiles',
    ]);
  });

  it('changes only the fields a PATCH names', async () => {
    const edition = await insertEdition(context.db, { siteId });
    const company = await insertCompany(context.db, { name: 'Ceramiche Emilia' });
    const exhibitor = await created({
      edition: edition.id,
      company: company.id,
      category: 'trade',
      stands: [{ hall: '5', stand: 'A12' }],
    });

    const stands = await call('PATCH', apiPaths.exhibitor(exhibitor.id), {
      stands: [{ hall: '7', stand: 'D4' }],
    });
    expect(stands.statusCode, stands.body).toBe(200);
    expect(stands.json()).toMatchObject({ category: 'trade', stands: [{ hall: '7', stand: 'D4' }] });

    const category = await call('PATCH', apiPaths.exhibitor(exhibitor.id), { category: 'design' });
    expect(category.json()).toMatchObject({ category: 'design', stands: [{ hall: '7', stand: 'D4' }] });

    const nothing = await call('PATCH', apiPaths.exhibitor(exhibitor.id), {});
    expect(nothing.json()).toMatchObject({ category: 'design', stands: [{ hall: '7', stand: 'D4' }] });
  });

  it('refuses bad input with translated messages and changes nothing', async () => {
    const edition = await insertEdition(context.db, { siteId });
    const company = await insertCompany(context.db, { name: 'Ceramiche Emilia' });
    const exhibitor = await created({
      edition: edition.id,
      company: company.id,
      stands: [{ hall: '5', stand: 'A' }],
    });

    const twice = await call('POST', apiPaths.exhibitors, {
      edition: edition.id,
      company: company.id,
      stands: [{ hall: '6', stand: 'B' }],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ company: ['This company already exhibits at this edition.'] });

    const italian = await context.app.inject({
      method: 'PATCH',
      url: apiPaths.exhibitor(exhibitor.id),
      headers: { ...staff, 'accept-language': 'it' },
      payload: { stands: [], category: 'pottery' },
    });
    expect(italian.statusCode).toBe(400);
    expect(italian.json()).toEqual({
      stands: ['Indica almeno un padiglione e uno stand.'],
      category: ['Campo non valido'],
    });

    const repeated = await call('PATCH', apiPaths.exhibitor(exhibitor.id), {
      stands: [
        { hall: '5', stand: 'a' },
        { hall: '5', stand: 'A' },
      ],
    });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json()).toEqual({ stands: ['The same hall and stand is given twice.'] });

    const unknown = await call('POST', apiPaths.exhibitors, {
      edition: 999,
      company: 999,
      stands: [{ hall: '1', stand: '1' }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ edition: ['Field not valid'], company: ['Field not valid'] });

    const noEdition = await call('GET', `${apiPaths.exhibitors}?edition=999`);
    expect(noEdition.statusCode).toBe(400);

    const after = await call('GET', apiPaths.exhibitor(exhibitor.id));
    expect(after.json()).toMatchObject({ category: null, stands: [{ hall: '5', stand: 'A' }] });
  });

  it('removes an exhibitor with its stands', async () => {
    const edition = await insertEdition(context.db, { siteId });
    const company = await insertCompany(context.db, { name: 'Ceramiche Emilia' });
    const exhibitor = await created({
      edition: edition.id,
      company: company.id,
      stands: [{ hall: '5', stand: 'A' }],
    });
    expect((await call('DELETE', apiPaths.exhibitor(exhibitor.id))).statusCode).toBe(204);
    expect((await call('GET', apiPaths.exhibitor(exhibitor.id))).statusCode).toBe(404);
    expect((await call('DELETE', apiPaths.exhibitor(exhibitor.id))).statusCode).toBe(404);
    expect(await context.db.select().from(exhibitorStands)).toEqual([]);
  });

  it('is kept by the association’s staff only', async () => {
    const edition = await insertEdition(context.db, { siteId });
    const company = await insertCompany(context.db, { name: 'Ceramiche Emilia' });
    const body = { edition: edition.id, company: company.id, stands: [{ hall: '5', stand: 'A' }] };
    const global = await headersOf(['administrator_global']);
    expect((await call('POST', apiPaths.exhibitors, body, global)).statusCode).toBe(201);
    for (const role of [
      'administrator_press_room',
      'user_press_room',
      'agent_press_room_external_company',
    ] as Role[]) {
      const response = await call(
        'GET',
        `${apiPaths.exhibitors}?edition=${edition.id}`,
        undefined,
        await headersOf([role]),
      );
      expect(response.statusCode, role).toBe(403);
    }
    expect(
      (await call('GET', `${apiPaths.exhibitors}?edition=${edition.id}`, undefined, {})).statusCode,
    ).toBe(401);
  });
});

describe('the editions the staff choose from', () => {
  it('lists the editions to the association’s staff, who may not change them, and not to a journalist', async () => {
    const edition = await insertEdition(context.db, { siteId, name: 'Tile Fair 2026' });
    const list = await call('GET', apiPaths.editions);
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json() as { results: { id: number; name: string }[] }).results).toEqual([
      expect.objectContaining({ id: edition.id, name: 'Tile Fair 2026' }),
    ]);
    const renamed = await call('PATCH', apiPaths.edition(edition.id), { name: 'Renamed' });
    expect(renamed.statusCode).toBe(403);
    const journalist = await headersOf(['user_press_room']);
    expect((await call('GET', apiPaths.editions, undefined, journalist)).statusCode).toBe(403);
  });
});
