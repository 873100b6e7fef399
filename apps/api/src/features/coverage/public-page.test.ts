import { publicPages, releaseSlug } from '@pressroom/contract';
import { coverage, coverageReleases } from '@pressroom/db';
import { asc, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClock } from '../../test-support/app.ts';
import { createUser } from '../../test-support/factories.ts';
import { readHead } from '../../test-support/html-head.ts';
import { insertCompany, insertEdition, insertExhibitor } from '../exhibitors/test-factories.ts';
import { insertRelease } from '../press-releases/test-factories.ts';

let context: Awaited<ReturnType<typeof createTestApp>>;
let address: string;
let fairId: number;
let associationId: number;

const clock = new TestClock(new Date('2026-10-05T09:00:00Z'));

const get = (url: string, headers: Record<string, string> = {}) =>
  context.app.inject({ method: 'GET', url, headers: { host: 'fair.localhost', ...headers } });

const page = async (url: string) => (await get(url)).body.replace(/[\u2068\u2069]/g, '');

/** The page's pieces as a reader sees them: title | outlet · date · country · language [· by name]. */
function piecesOf(html: string): string[] {
  const list = /<ul class="plain">(.*?)<\/ul>/s.exec(html)?.[1] ?? '';
  return [...list.matchAll(/<li>(.*?)<\/li>/gs)].map((item) =>
    item[1]
      .replace(/<br>/g, ' | ')
      .replace(/<[^>]+>/g, '')
      .replace(/&amp;/g, '&'),
  );
}

let sequence = 0;
/** A piece as the coverage service would have stored it: approved on the fair's site. */
async function insertPiece(values: Partial<typeof coverage.$inferInsert> & { title: string }) {
  sequence += 1;
  const url = values.url ?? `https://press.example/${sequence}`;
  await context.db.insert(coverage).values({
    pressGroupId: fairId,
    urlKey: url.replace(/^https?:\/\//, ''),
    outlet: 'Ceramica Oggi',
    publishedOn: '2026-09-30',
    language: 'it',
    country: 'IT',
    mediaType: 'magazines',
    status: 'approved',
    ...values,
    url,
  });
}

beforeAll(async () => {
  context = await createTestApp({ clock });
  const { db, app } = context;
  fairId = app.sites.byName.get('Tile Fair')?.id ?? 0;
  associationId = app.sites.byName.get('Ceramics Association')?.id ?? 0;
  address = app.sites.forHostname('fair.localhost').address;
  const edition = await insertEdition(db, { siteId: fairId });
  const company = await insertCompany(db, { name: 'Ceramiche Aurora' });
  await insertExhibitor(db, { editionId: edition.id, companyId: company.id });
  const consenting = await createUser(app, {
    roles: ['user_press_room'],
    firstName: 'Sophie',
    lastName: 'Laurent',
  });
  const private_ = await createUser(app, {
    roles: ['user_press_room'],
    firstName: 'Markus',
    lastName: 'Weber',
  });
  await insertPiece({
    title: 'Grès cérame : les grands formats à Bologne',
    outlet: 'Maison & Matériaux',
    publishedOn: '2026-10-02',
    language: 'fr',
    country: 'FR',
    reporterId: consenting.id,
    showName: true,
  });
  await insertPiece({
    title: 'Großformate prägen die Messe',
    outlet: 'Fliesen Report',
    publishedOn: '2026-10-01',
    language: 'de',
    country: 'DE',
    mediaType: 'website',
    reporterId: private_.id,
    showName: false,
  });
  await insertPiece({ title: 'Il salone chiude con numeri record', publishedOn: '2026-09-28' });
  await insertPiece({ title: 'Waiting for the office', status: 'pending', publishedOn: '2026-10-03' });
  await insertPiece({ title: 'Of the association', pressGroupId: associationId });
});

afterAll(async () => {
  await context.close();
});

describe('the "In the press" page', () => {
  it('lists the approved pieces of the site, newest first, with only their public fields, without JavaScript', async () => {
    const response = await get('/in-the-press/?lang=en');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).not.toContain('<script');
    expect(piecesOf(await page('/in-the-press/?lang=en'))).toEqual([
      'Grès cérame : les grands formats à Bologne | Maison & Matériaux · October 2, 2026 · France · French · by Sophie Laurent',
      'Großformate prägen die Messe | Fliesen Report · October 1, 2026 · Germany · German',
      'Il salone chiude con numeri record | Ceramica Oggi · September 28, 2026 · Italy · Italian',
    ]);
    expect(response.body).toContain('href="https://press.example/1" rel="nofollow noopener" lang="fr"');
  });

  it('speaks each of the seven languages, right to left in Hebrew and Arabic', async () => {
    const titles: Record<string, string> = {};
    for (const language of ['en', 'it', 'fr', 'es', 'de', 'he', 'ar']) {
      const html = await page(`/in-the-press/?lang=${language}`);
      titles[language] = readHead(html).title;
      expect(html).toContain(
        `<html lang="${language}" dir="${['he', 'ar'].includes(language) ? 'rtl' : 'ltr'}">`,
      );
    }
    expect(titles).toEqual({
      en: 'In the press | Tile Fair',
      it: 'Dicono di noi | Tile Fair',
      fr: 'Dans la presse | Tile Fair',
      es: 'En la prensa | Tile Fair',
      de: 'In der Presse | Tile Fair',
      he: 'בעיתונות | Tile Fair',
      ar: 'في الصحافة | Tile Fair',
    });
    expect(piecesOf(await page('/in-the-press/?lang=it'))[2]).toBe(
      'Il salone chiude con numeri record | Ceramica Oggi · 28 settembre 2026 · Italia · italiano',
    );
  });

  it('carries canonical and hreflang links in the seven languages', async () => {
    const head = readHead(await page('/in-the-press/?lang=en'));
    const pageUrl = `${address}/in-the-press/`;
    expect(head.links.filter((link) => link.rel === 'canonical').map((link) => link.href)).toEqual([
      `${pageUrl}?lang=en`,
    ]);
    expect(
      head.links
        .filter((link) => link.rel === 'alternate' && link.hreflang)
        .map((link) => [link.hreflang, link.href]),
    ).toEqual([
      ...['en', 'it', 'fr', 'es', 'de', 'he', 'ar'].map((language) => [
        language,
        `${pageUrl}?lang=${language}`,
      ]),
      ['x-default', pageUrl],
    ]);
    expect(head.meta.has('robots')).toBe(false);
  });

  it('filters by country, language and media type through a plain GET form, the answers never indexed', async () => {
    const html = await page('/in-the-press/?lang=en&country=de');
    expect(html).toContain('<form class="filters" method="get" action="/in-the-press/"');
    expect(
      [...html.matchAll(/<select id="filter-country" name="country">(.*?)<\/select>/gs)][0][1].match(
        /value="[^"]*"/g,
      ),
    ).toEqual(['value=""', 'value="FR"', 'value="DE"', 'value="IT"']);
    expect(piecesOf(html).map((line) => line.split(' | ')[0])).toEqual(['Großformate prägen die Messe']);
    expect(readHead(html).meta.get('robots')).toBe('noindex');
    const titles = async (query: string) =>
      piecesOf(await page(`/in-the-press/?lang=en&${query}`)).map((line) => line.split(' | ')[0]);
    expect(await titles('language=it')).toEqual(['Il salone chiude con numeri record']);
    expect(await titles('media_type=website')).toEqual(['Großformate prägen die Messe']);
    expect(await titles('country=nowhere&media_type=%3Cscript%3E&page=x')).toHaveLength(3);
    expect(await page('/in-the-press/?lang=en&country=JP')).toContain('No piece matches these filters.');
  });

  it('is named in the sitemap in the seven languages once the site has approved coverage', async () => {
    const sitemap = (await get('/sitemap.xml')).body;
    for (const language of ['en', 'it', 'fr', 'es', 'de', 'he', 'ar']) {
      expect(sitemap).toContain(`<loc>${address}/in-the-press/?lang=${language}</loc>`);
    }
    const association = await context.app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { host: 'association.localhost' },
    });
    expect(association.body).toContain('/in-the-press/?lang=en</loc>');
  });

  it("shows a release's approved coverage as a section of the release's page", async () => {
    const release = await insertRelease(context.db, {
      groups: [fairId],
      number: 9001,
      publicationDate: '2026-09-20',
      translations: [{ language: 'en', title: 'Tile Fair closes with record attendance' }],
    });
    const [first, waiting] = await context.db
      .select({ id: coverage.id, status: coverage.status })
      .from(coverage)
      .where(inArray(coverage.title, ['Il salone chiude con numeri record', 'Waiting for the office']))
      .orderBy(asc(coverage.id));
    expect(waiting.status).toBe('pending');
    await context.db.insert(coverageReleases).values([
      { coverageId: first.id, pressReleaseId: release.id },
      { coverageId: waiting.id, pressReleaseId: release.id },
    ]);
    const html = await page(
      `${publicPages.release(2026, 9001, releaseSlug('Tile Fair closes with record attendance'))}?lang=en`,
    );
    expect(html).toContain('<h2>In the press</h2>');
    expect(piecesOf(html.slice(html.indexOf('<h2>In the press</h2>')))).toEqual([
      'Il salone chiude con numeri record | Ceramica Oggi · September 28, 2026 · Italy · Italian',
    ]);
  });

  it('says so on a site without coverage, and the address without its slash leads to the page', async () => {
    const none = await context.app.inject({
      method: 'GET',
      url: '/in-the-press/?lang=en',
      headers: { host: 'association.localhost' },
    });
    expect(none.body).toContain('Of the association');
    await context.db.delete(coverage);
    expect(await page('/in-the-press/?lang=en')).toContain('No coverage has been published yet.');
    const redirect = await get('/in-the-press?lang=de');
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe('/in-the-press/?lang=de');
  });
});
