import { companies } from '@pressroom/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/app.ts';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import { insertRelease } from './test-factories.ts';

const list = '/api/press_room/press_release/';
const companyPicker = '/api/press_room/admin/press_release_companies/';

describe('searching press releases whatever the accents and the case', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let pressOffice: Record<string, string>;

  beforeAll(async () => {
    harness = await createTestApp();
    const { app, db } = harness;
    const fair = app.sites.byName.get('Tile Fair')?.id ?? 0;
    await insertRelease(db, {
      publicationDate: '2026-03-02',
      groups: [fair],
      translations: [{ language: 'it', title: 'Àrgilla e smalti a Faenza' }],
    });
    await insertRelease(db, {
      publicationDate: '2026-03-01',
      groups: [fair],
      translations: [{ language: 'fr', title: 'Les céramistes de Limoges' }],
    });
    await insertRelease(db, {
      publicationDate: '2026-02-27',
      groups: [fair],
      translations: [{ language: 'he', title: 'Café Ñandú opens a showroom' }],
    });
    await insertRelease(db, {
      publicationDate: '2026-02-25',
      groups: [fair],
      translations: [{ language: 'en', title: 'Porcelain slabs for kitchens' }],
    });
    await db.insert(companies).values([
      { businessName: 'Cerámica Ñandú S.A.', shortName: 'Ñandú', matchKey: 'ceramica nandu sa' },
      { businessName: 'Alpha Tiles', matchKey: 'alpha tiles' },
    ]);
    pressOffice = authHeader(
      await tokenFor(app, await createUser(app, { roles: ['administrator_press_room'] })),
    );
  });
  afterAll(() => harness.close());

  const titles = async (url: string) => {
    const response = await harness.app.inject({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    return (body.results ?? body.data).map((row: { title: string }) => row.title);
  };

  it('finds "Àrgilla" by "argilla" in the public full-text search, in every stemmed language and the others', async () => {
    expect(await titles(`${list}?search=argilla`)).toEqual(['Àrgilla e smalti a Faenza']);
    expect(await titles(`${list}?search=ARGILLA&language=it`)).toEqual(['Àrgilla e smalti a Faenza']);
    // The other way round too: accents typed in the search find the text written without them.
    expect(await titles(`${list}?search=${encodeURIComponent('pòrcelàin')}`)).toEqual([
      'Porcelain slabs for kitchens',
    ]);
    // Stemmed in French after the accents go: "ceramiste" finds "céramistes".
    expect(await titles(`${list}?search=ceramiste&language=fr`)).toEqual(['Les céramistes de Limoges']);
    // A language without a stemmer (Hebrew) keeps to its words as written, accents aside.
    expect(await titles(`${list}?search=${encodeURIComponent('cafe nandu')}`)).toEqual([
      'Café Ñandú opens a showroom',
    ]);
  });

  it('finds "Àrgilla" by "argilla" in a DataTables search, global or of the column', async () => {
    const params = new URLSearchParams({
      format: 'datatables',
      'columns[0][data]': 'title',
      'columns[0][searchable]': 'true',
      'search[value]': 'argilla',
    });
    expect(await titles(`${list}?${params}`)).toEqual(['Àrgilla e smalti a Faenza']);
    params.delete('search[value]');
    params.set('columns[0][search][value]', 'NANDU');
    expect(await titles(`${list}?${params}`)).toEqual(['Café Ñandú opens a showroom']);
  });

  it("offers the editor's company picker companies whatever the accents and the case", async () => {
    const names = async (search: string) => {
      const response = await harness.app.inject({
        method: 'GET',
        url: `${companyPicker}?search=${encodeURIComponent(search)}`,
        headers: pressOffice,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().results.map((company: { name: string }) => company.name);
    };
    expect(await names('ceramica')).toEqual(['Cerámica Ñandú S.A.']);
    expect(await names('NANDU')).toEqual(['Cerámica Ñandú S.A.']);
    expect(await names('álpha')).toEqual(['Alpha Tiles']);
  });
});
