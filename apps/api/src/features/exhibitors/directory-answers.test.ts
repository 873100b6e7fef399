import { apiPaths, type Directory, publicPages } from '@pressroom/contract';
import { companies, companyPressBoxes, exhibitorStands } from '@pressroom/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClock } from '../../test-support/app.ts';
import { insertRelease } from '../press-releases/test-factories.ts';
import { insertCompany, insertEdition, insertExhibitor } from './test-factories.ts';

// The directory (API and /exhibitors/ page) is kept in memory between requests (directory-answers.ts): these
// write straight into the database, as the command line, an import or another app server would, and prove the
// very next answer shows it; and that time alone (an embargo ending, the next day) changes what is kept.

const clock = new TestClock(new Date('2026-09-24T10:00:00Z'));
let context: Awaited<ReturnType<typeof createTestApp>>;
let fairId: number;
let editionId: number;
let auroraId: number;
let auroraExhibitor: number;

async function directory(query = '') {
  const response = await context.app.inject({
    method: 'GET',
    url: `${apiPaths.exhibitorDirectory}${query}`,
    headers: { host: 'fair.localhost' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Directory;
}

const names = (answer: Directory) => answer.results.map((entry) => entry.company.name);

async function page(query = '?lang=en') {
  const response = await context.app.inject({
    method: 'GET',
    url: `${publicPages.exhibitors}${query}`,
    headers: { host: 'fair.localhost' },
  });
  expect(response.statusCode).toBe(200);
  return response.body;
}

beforeAll(async () => {
  context = await createTestApp({ clock });
  fairId = context.app.sites.byName.get('Tile Fair')!.id;
  editionId = (await insertEdition(context.db, { siteId: fairId, name: 'Tile Fair 2026' })).id;
  await insertEdition(context.db, {
    siteId: fairId,
    name: 'Tile Fair Spring 2027',
    startsOn: '2027-03-02',
    endsOn: '2027-03-05',
  });
  const aurora = await insertCompany(context.db, { name: 'Ceramiche Aurora', country: 'IT' });
  auroraId = aurora.id;
  auroraExhibitor = (
    await insertExhibitor(context.db, {
      editionId,
      companyId: aurora.id,
      stands: [{ hall: '5', stand: 'A12' }],
    })
  ).id;
});

afterAll(async () => {
  await context.close();
});

describe('the kept directory', () => {
  it('shows an exhibitor written straight into the database in the very next answer, API and page', async () => {
    expect(names(await directory())).toEqual(['Ceramiche Aurora']);
    expect(await page()).not.toContain('Keramik Nordwerk');
    const nordwerk = await insertCompany(context.db, { name: 'Keramik Nordwerk', country: 'DE' });
    await insertExhibitor(context.db, {
      editionId,
      companyId: nordwerk.id,
      stands: [{ hall: '6', stand: 'C20' }],
    });
    expect(names(await directory())).toEqual(['Ceramiche Aurora', 'Keramik Nordwerk']);
    expect(await page()).toContain('Keramik Nordwerk');
  });

  it('follows a stand moved, a company renamed and a logo added, at once', async () => {
    expect((await directory()).halls).toEqual(['5', '6']);
    await context.db
      .update(exhibitorStands)
      .set({ hall: '8' })
      .where(eq(exhibitorStands.exhibitorId, auroraExhibitor));
    expect((await directory()).halls).toEqual(['6', '8']);

    await context.db
      .update(companies)
      .set({ pubBusinessName: 'Aurora Ceramiche' })
      .where(eq(companies.id, auroraId));
    expect(names(await directory())).toEqual(['Aurora Ceramiche', 'Keramik Nordwerk']);
    const renamed = await page('?lang=it');
    expect(renamed).toContain('Aurora Ceramiche');
    expect(renamed).not.toContain('Ceramiche Aurora');

    const logoless = (await directory()).results.find((entry) => entry.company.id === auroraId);
    expect(logoless?.logo_url).toBeNull();
    await context.db
      .insert(companyPressBoxes)
      .values({ companyId: auroraId, logoPath: 'press-boxes/logos/aurora.png', logoVersion: 3 });
    const withLogo = (await directory()).results.find((entry) => entry.company.id === auroraId);
    expect(withLogo?.logo_url).toBe(`/api/site/press_boxes/${auroraId}/logo/3/`);
  });

  it("marks news when a release of the fair's days comes out of its embargo, with no write meanwhile", async () => {
    await insertRelease(context.db, {
      groups: [fairId],
      companyId: auroraId,
      publicationDate: '2026-09-23',
      embargoUntil: new Date('2026-09-24T12:00:00Z'),
      translations: [{ language: 'en', title: 'Aurora unveils its recycled slabs' }],
    });
    expect((await directory('?news=true')).results).toEqual([]);
    clock.set(new Date('2026-09-24T12:00:01Z'));
    expect(names(await directory('?news=true'))).toEqual(['Aurora Ceramiche']);
  });

  it('moves to the next edition the day after the fair ends, with no write meanwhile', async () => {
    clock.set(new Date('2026-09-26T23:59:00Z'));
    expect((await directory()).edition?.name).toBe('Tile Fair 2026');
    expect(await page()).toContain('Tile Fair 2026');
    clock.set(new Date('2026-09-27T00:00:01Z'));
    expect((await directory()).edition?.name).toBe('Tile Fair Spring 2027');
    expect(await page()).toContain('Tile Fair Spring 2027');
  });
});
