import { brands, companies, companyBrands } from '@pressroom/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/app.ts';
import { insertRelease } from './test-factories.ts';

const list = '/api/press_room/press_release/';
const companyFilter = '/api/press_room/press_release_companies/';
const feed = '/api/press_room/press_release/feed.atom';
const related = (id: number) => `/api/press_room/press_release/${id}/related/`;

describe('the company of a release, its filters and related releases', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let fair: number;
  const company: Record<string, number> = {};
  const brand: Record<string, number> = {};
  const ids: Record<string, number> = {};

  async function insertCompany(businessName: string, publicName: string, brandNames: string[]) {
    const [row] = await harness.db
      .insert(companies)
      .values({
        businessName,
        pubBusinessName: publicName,
        website: 'https://example.com',
        matchKey: businessName,
      })
      .returning();
    for (const name of brandNames) {
      const [created] = await harness.db.insert(brands).values({ name }).returning();
      brand[name] = created.id;
      await harness.db.insert(companyBrands).values({ companyId: row.id, brandId: created.id });
    }
    return row.id;
  }

  const get = async (url: string) => {
    const response = await harness.app.inject({ method: 'GET', url, headers: { host: 'fair.localhost' } });
    expect(response.statusCode).toBe(200);
    return response;
  };
  const titles = async (url: string) =>
    ((await get(url)).json().results as { title: string }[]).map((release) => release.title);

  beforeAll(async () => {
    harness = await createTestApp();
    fair = harness.app.sites.byName.get('Tile Fair')?.id ?? 0;
    company.ceramica = await insertCompany('Ceramica Rossi S.p.A.', 'Ceramica Rossi', ['Terra', 'Aqua']);
    company.gres = await insertCompany('Gres Nord srl', '', ['Nordica']);
    const release = (title: string, options: { companyId?: number; date: string; embargoUntil?: Date }) =>
      insertRelease(harness.db, {
        publicationDate: options.date,
        groups: [fair],
        companyId: options.companyId ?? null,
        embargoUntil: options.embargoUntil ?? null,
        translations: [{ language: 'en', title }],
      }).then((row) => row.id);
    ids.launch = await release('Ceramica Rossi launches porcelain slabs', {
      companyId: company.ceramica,
      date: '2026-03-01',
    });
    ids.award = await release('Ceramica Rossi wins a design award', {
      companyId: company.ceramica,
      date: '2026-04-01',
    });
    ids.secret = await release('Ceramica Rossi opens a plant', {
      companyId: company.ceramica,
      date: '2026-05-01',
      embargoUntil: new Date(Date.now() + 86_400_000),
    });
    ids.gres = await release('Gres Nord shows porcelain stoneware', {
      companyId: company.gres,
      date: '2026-02-01',
    });
    ids.dates = await release('Tile Fair announces its dates', { date: '2026-01-10' });
    ids.slabs = await release('Large porcelain slabs in architecture', { date: '2026-01-05' });
  });
  afterAll(() => harness.close());

  it('a release names its company by its public name, with its site and brands; one without has none', async () => {
    const release = (await get(`/api/press_room/press_release/${ids.launch}/`)).json();
    expect(release.company).toEqual({
      id: company.ceramica,
      name: 'Ceramica Rossi',
      website: 'https://example.com',
      brands: [
        { id: brand.Aqua, name: 'Aqua' },
        { id: brand.Terra, name: 'Terra' },
      ],
    });
    const gres = (await get(`/api/press_room/press_release/${ids.gres}/`)).json();
    expect(gres.company.name).toBe('Gres Nord srl');
    expect((await get(`/api/press_room/press_release/${ids.dates}/`)).json().company).toBeNull();
  });

  it("Home's list filters by company and by brand; the public never sees an embargoed one", async () => {
    expect(await titles(`${list}?group=${fair}&company=${company.ceramica}`)).toEqual([
      'Ceramica Rossi wins a design award',
      'Ceramica Rossi launches porcelain slabs',
    ]);
    expect(await titles(`${list}?group=${fair}&brand=${brand.Nordica}`)).toEqual([
      'Gres Nord shows porcelain stoneware',
    ]);
  });

  it('the filter lists the companies with public releases, with their brands and counts', async () => {
    const options = (await get(`${companyFilter}?group=${fair}`)).json().results;
    expect(options.map((option: { name: string; count: number }) => [option.name, option.count])).toEqual([
      ['Ceramica Rossi', 2],
      ['Gres Nord srl', 1],
    ]);
    expect(options[1].brands).toEqual([{ id: brand.Nordica, name: 'Nordica' }]);
  });

  it('the feed takes ?company= and lists only that company', async () => {
    const xml = (await get(`${feed}?company=${company.gres}`)).body;
    expect(xml.match(/<title>[^<]*<\/title>/g)?.slice(1)).toEqual([
      '<title>Gres Nord shows porcelain stoneware</title>',
    ]);
  });

  it("related releases: the company's other public ones first, then those sharing words, never itself", async () => {
    expect(await titles(related(ids.launch))).toEqual([
      'Ceramica Rossi wins a design award',
      'Gres Nord shows porcelain stoneware',
      'Large porcelain slabs in architecture',
    ]);
    expect(await titles(related(ids.dates))).toEqual([]);
  });

  it('a renamed company shows its new name at once (kept answers follow the companies too)', async () => {
    await get(`/api/press_room/press_release/${ids.award}/`);
    await harness.db
      .update(companies)
      .set({ pubBusinessName: 'Rossi Ceramiche' })
      .where(eq(companies.id, company.ceramica));
    expect((await get(`/api/press_room/press_release/${ids.award}/`)).json().company.name).toBe(
      'Rossi Ceramiche',
    );
  });

  it('related releases of a release nobody may read answer 404', async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: related(ids.secret),
      headers: { host: 'fair.localhost' },
    });
    expect(response.statusCode).toBe(404);
  });
});
