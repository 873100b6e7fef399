import { pressGroups } from '@pressroom/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/app.ts';

const path = '/api/press_room/press_group/';

/** What the client sends to find its site: columns id and name, a column search on name. */
function lookupUrl(siteName: string) {
  const params = new URLSearchParams({
    format: 'datatables',
    draw: '1',
    'columns[0][data]': 'id',
    'columns[0][name]': '',
    'columns[0][searchable]': 'true',
    'columns[0][orderable]': 'true',
    'columns[0][search][value]': '',
    'columns[0][search][regex]': 'false',
    'columns[1][data]': 'name',
    'columns[1][name]': '',
    'columns[1][searchable]': 'true',
    'columns[1][orderable]': 'true',
    'columns[1][search][value]': siteName,
    'columns[1][search][regex]': 'false',
    'order[0][column]': '0',
    'order[0][dir]': 'asc',
    start: '0',
    length: '10',
    'search[value]': '',
    'search[regex]': 'false',
  });
  return `${path}?${params.toString()}`;
}

describe('press groups', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    harness = await createTestApp();
    await harness.db.insert(pressGroups).values([{ name: 'Tile Fair Archive' }]);
  });
  afterAll(() => harness.close());

  const get = async (url: string) => {
    const response = await harness.app.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.json() };
  };

  it('finds the site by its name through a DataTables column search, without signing in', async () => {
    const { status, body } = await get(lookupUrl('Ceramics Association'));
    expect(status).toBe(200);
    expect(body).toEqual({
      draw: 1,
      recordsTotal: 3,
      recordsFiltered: 1,
      data: [{ id: expect.any(Number), name: 'Ceramics Association' }],
    });
    expect(body.data[0].id).toBe(harness.app.sites.byName.get('Ceramics Association')?.id);
  });

  it('matches a column search as a case-insensitive contains, so the exact site comes first by id', async () => {
    const { body } = await get(lookupUrl('tile fair'));
    expect(body.data.map((group: { name: string }) => group.name)).toEqual([
      'Tile Fair',
      'Tile Fair Archive',
    ]);
  });

  it('searches id and name globally', async () => {
    const fairId = harness.app.sites.byName.get('Tile Fair')?.id;
    const byId = await get(
      `${path}?format=datatables&columns[0][data]=id&columns[0][searchable]=true&search[value]=${fairId}`,
    );
    expect(byId.body.data.map((group: { id: number }) => group.id)).toContain(fairId);
    const byName = await get(
      `${path}?format=datatables&columns[0][data]=id&columns[0][searchable]=true&columns[1][data]=name&columns[1][searchable]=true&search[value]=ASSOC`,
    );
    expect(byName.body.data).toEqual([{ id: expect.any(Number), name: 'Ceramics Association' }]);
  });

  it('orders by name descending on request', async () => {
    const { body } = await get(
      `${path}?format=datatables&columns[0][data]=name&columns[0][orderable]=true&order[0][column]=0&order[0][dir]=desc`,
    );
    expect(body.data.map((group: { name: string }) => group.name)).toEqual([
      'Tile Fair Archive',
      'Tile Fair',
      'Ceramics Association',
    ]);
  });

  it('answers the plain page shape, with an exact name filter', async () => {
    const all = await get(path);
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(3);
    expect(all.body.next).toBeNull();
    expect(all.body.previous).toBeNull();
    const one = await get(`${path}?name=tile%20FAIR`);
    expect(one.body).toEqual({
      count: 1,
      next: null,
      previous: null,
      results: [{ id: harness.app.sites.byName.get('Tile Fair')?.id, name: 'Tile Fair' }],
    });
  });

  it('never fails on bad parameters', async () => {
    const { status } = await get(
      `${path}?format=datatables&length=x&start=y&draw=z&order[0][column]=7&search[regex]=false&search[value]=(`,
    );
    expect(status).toBe(200);
    const regex = await get(`${path}?format=datatables&search[regex]=true&search[value]=(`);
    expect(regex.status).toBe(400);
  });
});
