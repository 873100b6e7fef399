import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  type FirstScreenData,
  type FirstScreenWords,
  firstScreenWordsFile,
  languages,
} from '@pressroom/contract';
import {
  brands,
  companies,
  companyBrands,
  pressReleaseFiles,
  pressReleaseGroups,
  pressReleaseTranslations,
} from '@pressroom/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { indexMarkers } from '../../plugins/web-app.ts';
import { createTestApp } from '../../test-support/app.ts';
import { insertRelease, insertReleaseFile } from './test-factories.ts';

// A built index.html as far as the server reads it: the markers the first screen goes into.
const template = `<!doctype html>
<html lang="en" dir="ltr"><head><meta charset="utf-8">${indexMarkers.siteMeta}<title>Press room</title></head>
<body><div id="root"><div class="app-shell">${indexMarkers.siteName}</div>${indexMarkers.firstScreen}</div>
${indexMarkers.firstScreenData}</body></html>
`;

const english = {
  'app.copyright': '© {{year}} {{site}}',
  'app.privacy': 'Privacy notice',
  'home.title': 'Press releases',
  'pressReleases.search': 'Search the press releases',
  'pressReleases.companyFilter': 'Company or brand',
  'pressReleases.allCompanies': 'All companies',
  'pressReleases.companyOption': '{{name}} ({{count}})',
  'pressReleases.brandOption': '   brand: {{name}}',
  'pressReleases.alerts': 'E-mail alerts',
  'pressReleases.feed': 'RSS/Atom feed',
  'pressReleases.featured': 'Featured',
  'pressReleases.year': 'Year',
  'pressReleases.allYears': 'All years',
  'pressReleases.count': 'Press releases: {{count}}',
  'pressReleases.empty': 'No press releases have been published yet.',
  'pressReleases.number': 'No. {{number}}/{{year}}',
  'pressReleases.pages': 'Pages of press releases',
};
const italian = {
  ...english,
  'home.title': 'Comunicati stampa',
  'pressReleases.count': 'Comunicati: {{count}}',
};
const words = Object.fromEntries(
  languages.map((language) => [language, language === 'it' ? italian : english]),
) as FirstScreenWords;

/** The app's Home list call, first page (as apps/web's publicReleasesQuery sends it). */
function homeListUrl(site: number) {
  const params = new URLSearchParams({ format: 'datatables', draw: '1', start: '0', length: '10' });
  ['publication_date', 'number', 'title'].forEach((column, index) => {
    params.set(`columns[${index}][data]`, column);
    params.set(`columns[${index}][name]`, column);
    params.set(`columns[${index}][searchable]`, 'true');
    params.set(`columns[${index}][orderable]`, 'true');
  });
  params.set('order[0][column]', '0');
  params.set('order[0][dir]', 'desc');
  params.set('group', String(site));
  return `/api/press_room/press_release/?${params}`;
}

describe("Home's first screen in index.html", () => {
  let distDir: string;
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let fair: number;
  let association: number;

  const index = (headers: Record<string, string> = {}) =>
    harness.app.inject({ method: 'GET', url: '/', headers: { host: 'fair.localhost', ...headers } });
  const answersIn = (body: string): FirstScreenData =>
    JSON.parse(
      /<script type="application\/json" id="first-screen-data">(.*?)<\/script>/s.exec(body)?.[1] ?? 'null',
    );
  const titlesIn = (body: string) =>
    [...body.matchAll(/<h2 class="fs-card-title" lang="\w+">(.*?)<\/h2>/g)].map((match) => match[1]);

  beforeAll(async () => {
    distDir = await mkdtemp(path.join(os.tmpdir(), 'pressroom-first-screen-'));
    await writeFile(path.join(distDir, 'index.html'), template);
    await writeFile(path.join(distDir, firstScreenWordsFile), JSON.stringify(words));
    harness = await createTestApp({ config: { webDistDir: distDir } });
    fair = harness.app.sites.byName.get('Tile Fair')?.id ?? 0;
    association = harness.app.sites.byName.get('Ceramics Association')?.id ?? 0;
  });
  afterAll(async () => {
    await harness.close();
    await rm(distDir, { recursive: true, force: true });
  });
  beforeEach(() => harness.clock.set(new Date('2026-06-01T09:00:00Z')));

  it("shows the site's public releases in the reader's language, and none in draft, under embargo or of another site", async () => {
    await insertRelease(harness.db, {
      publicationDate: '2026-05-20',
      groups: [fair],
      translations: [
        { language: 'en', title: 'Glazed tiles win the design prize', subtitle: 'Three collections' },
        { language: 'it', title: 'Le piastrelle smaltate vincono il premio', subtitle: 'Tre collezioni' },
      ],
    });
    await insertRelease(harness.db, {
      publicationDate: '2026-05-10',
      groups: [fair],
      translations: [{ language: 'en', title: 'The fair opens its doors' }],
    });
    await insertRelease(harness.db, {
      status: 'draft',
      groups: [fair],
      translations: [{ language: 'it', title: 'Bozza non pubblicata' }],
    });
    await insertRelease(harness.db, {
      embargoUntil: new Date('2026-06-10T00:00:00Z'),
      groups: [fair],
      translations: [{ language: 'it', title: 'Sotto embargo' }],
    });
    await insertRelease(harness.db, {
      groups: [association],
      translations: [{ language: 'it', title: "Notizie dell'associazione" }],
    });

    const response = await index({ 'accept-language': 'it-IT,it;q=0.9,en;q=0.8' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<html lang="it" dir="ltr">');
    expect(response.body).toContain('<h1 class="fs-title">Comunicati stampa</h1>');
    expect(titlesIn(response.body)).toEqual([
      'Le piastrelle smaltate vincono il premio',
      'The fair opens its doors',
    ]);
    expect(response.body).toContain('<a class="fs-card" href="#/press-release/');
    expect(response.body).toContain('Comunicati: 2');
    expect(response.body).not.toContain(indexMarkers.firstScreen);
    expect(response.headers.vary).toBe('Cookie, Accept-Language');
  });

  it("carries the answers the app's Home asks for, exactly as the list calls give them", async () => {
    for (const headers of [{ 'accept-language': 'it' }, { 'accept-language': 'en' }]) {
      const answers = answersIn((await index(headers)).body);
      const call = (url: string) =>
        harness.app.inject({ method: 'GET', url, headers: { host: 'fair.localhost', ...headers } });
      expect(answers.site).toBe(fair);
      expect(answers.language).toBe(headers['accept-language']);
      expect(answers.releases).toEqual((await call(homeListUrl(fair))).json());
      expect(answers.years).toEqual(
        (await call(`/api/press_room/press_release_years/?group=${fair}&format=datatables`)).json(),
      );
      expect(answers.featured).toEqual(
        (await call(`/api/press_room/press_release_featured/?group=${fair}`)).json(),
      );
      expect(answers.companies).toEqual(
        (await call(`/api/press_room/press_release_companies/?group=${fair}`)).json(),
      );
    }
  });

  it('takes the language the browser last painted (the shell cookie) over its Accept-Language', async () => {
    const response = await index({
      'accept-language': 'it',
      cookie: 'pressroom_shell=v1.ar.rtl.1f4e79.f5f6f8.ffffff.250',
    });
    expect(response.body).toContain('<html lang="ar" dir="rtl">');
    expect(answersIn(response.body).language).toBe('ar');
  });

  it('shows a release written straight into the database in the next page, under a new ETag', async () => {
    const before = await index();
    expect(titlesIn(before.body)).not.toContain('Terracotta returns');
    const { id } = await insertRelease(harness.db, {
      publicationDate: '2026-05-30',
      groups: [fair],
      translations: [{ language: 'en', title: 'Terracotta returns' }],
    });
    const after = await index({ 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(titlesIn(after.body)[0]).toBe('Terracotta returns');

    await harness.db
      .update(pressReleaseTranslations)
      .set({ title: 'Terracotta is back' })
      .where(eq(pressReleaseTranslations.pressReleaseId, id));
    const edited = await index({ 'if-none-match': after.headers.etag as string });
    expect(edited.statusCode).toBe(200);
    expect(titlesIn(edited.body)[0]).toBe('Terracotta is back');
    const unchanged = await index({ 'if-none-match': edited.headers.etag as string });
    expect(unchanged.statusCode).toBe(304);
  });

  it('takes in a release whose embargo ends, without any write', async () => {
    await insertRelease(harness.db, {
      publicationDate: '2026-05-31',
      embargoUntil: new Date('2026-06-01T12:00:00Z'),
      groups: [fair],
      translations: [{ language: 'en', title: 'Mosaic prize winners' }],
    });
    expect(titlesIn((await index()).body)).not.toContain('Mosaic prize winners');
    harness.clock.set(new Date('2026-06-01T12:00:01Z'));
    expect(titlesIn((await index()).body)[0]).toBe('Mosaic prize winners');
  });

  it('shows ten releases, how many there are, the years and a link to the next page', async () => {
    const response = await index({ 'accept-language': 'en' });
    const total = answersIn(response.body).releases.recordsFiltered;
    expect(total).toBeGreaterThan(0);
    for (let day = 1; day <= 11 - total; day++) {
      await insertRelease(harness.db, {
        publicationDate: `2025-03-${String(day).padStart(2, '0')}`,
        groups: [fair],
        translations: [{ language: 'en', title: `Older news ${day}` }],
      });
    }
    const full = await index({ 'accept-language': 'en' });
    expect(titlesIn(full.body)).toHaveLength(10);
    expect(full.body).toContain('<p class="fs-small fs-count" role="status">Press releases: 11</p>');
    expect(full.body).toContain('<a class="fs-toggle" href="#/home?year=2025">2025</a>');
    expect(full.body).toContain('<a class="fs-page" href="#/home?page=2" aria-label="Go to page 2">2</a>');
  });

  it("offers the site's companies and their brands to filter by", async () => {
    const [company] = await harness.db
      .insert(companies)
      .values({ businessName: 'Ceramica Rossi S.p.A.', pubBusinessName: 'Ceramica Rossi', matchKey: 'rossi' })
      .returning();
    const [brand] = await harness.db.insert(brands).values({ name: 'Terra' }).returning();
    await harness.db.insert(companyBrands).values({ companyId: company.id, brandId: brand.id });
    await insertRelease(harness.db, {
      publicationDate: '2026-05-29',
      companyId: company.id,
      groups: [fair],
      translations: [{ language: 'en', title: 'Ceramica Rossi opens a plant' }],
    });
    const body = (await index({ 'accept-language': 'en' })).body;
    expect(body).toContain(`<option value="company=${company.id}">Ceramica Rossi (1)</option>`);
    expect(body).toContain(`<option value="brand=${brand.id}">   brand: Terra</option>`);
    expect(body).toContain('<span>Ceramica Rossi</span>');
  });

  it("escapes a release's text: it can add no markup and cannot close the answers' script", async () => {
    await insertRelease(harness.db, {
      publicationDate: '2026-05-31',
      groups: [fair],
      translations: [{ language: 'en', title: '</script><img src=x onerror=alert(1)> & "tiles"' }],
    });
    const body = (await index({ 'accept-language': 'en' })).body;
    expect(body).toContain('&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; &amp; &quot;tiles&quot;');
    expect(body).not.toContain('<img src=x');
    expect(body.match(/<\/script>/g)).toHaveLength(1);
    expect(answersIn(body).releases.data[0].title).toBe('</script><img src=x onerror=alert(1)> & "tiles"');
  });

  it('puts the featured releases first with a large cover, and a cover in a fixed box on each card', async () => {
    const coverOf = async (id: number, name: string) => {
      const file = await insertReleaseFile(harness.db, harness.app.storage, {
        releaseId: id,
        kind: 'image',
        name: `${name}.jpg`,
        contentType: 'image/jpeg',
        bytes: Buffer.from(name),
        thumbnail: Buffer.from(`${name} thumbnail`),
      });
      await harness.db
        .update(pressReleaseFiles)
        .set({ width: 2400, height: 1600 })
        .where(eq(pressReleaseFiles.id, file.id));
      return file.id;
    };
    const kiln = await insertRelease(harness.db, {
      publicationDate: '2026-04-02',
      groups: [fair],
      translations: [{ language: 'en', title: 'A kiln for the museum' }],
    });
    const kilnCover = await coverOf(kiln.id, 'kiln');
    const newest = await insertRelease(harness.db, {
      publicationDate: '2026-06-01',
      groups: [fair],
      translations: [{ language: 'en', title: 'Newest with a picture' }],
    });
    const newestCover = await coverOf(newest.id, 'newest');
    const bare = await insertRelease(harness.db, {
      publicationDate: '2026-05-31',
      groups: [fair],
      translations: [{ language: 'en', title: 'A release without pictures' }],
    });
    await harness.db
      .update(pressReleaseGroups)
      .set({ featuredSlot: 1 })
      .where(and(eq(pressReleaseGroups.pressReleaseId, kiln.id), eq(pressReleaseGroups.pressGroupId, fair)));

    const body = (await index({ 'accept-language': 'en' })).body;
    expect(answersIn(body).featured.results.map((release) => release.title)).toEqual([
      'A kiln for the museum',
    ]);
    const featured = body.indexOf('<section class="fs-featured" aria-labelledby="first-screen-featured">');
    expect(featured).toBeGreaterThan(body.indexOf('<h1 class="fs-title">'));
    expect(featured).toBeLessThan(body.indexOf('<div class="fs-bar">'));
    expect(body).toContain('<h2 class="fs-featured-heading" id="first-screen-featured">Featured</h2>');
    expect(body).toContain('<h3 class="fs-feature-title" lang="en">A kiln for the museum</h3>');
    // Each cover in WebP for browsers that read it, in JPEG for the others, at 480, 960 and 1440 px wide.
    const set = (id: number, format: string) =>
      [480, 960, 1440]
        .map((width) => `/api/press_room/press_release_file/${id}/cover/${width}/${format}/ ${width}w`)
        .join(', ');
    const picture = (id: number, sizes: string, image: string) =>
      `<picture class="fs-picture"><source type="image/webp" srcset="${set(id, 'webp')}" sizes="${sizes}">` +
      `<img ${image.replace('SOURCES', `src="/api/press_room/press_release_file/${id}/cover/480/jpeg/" srcset="${set(id, 'jpeg')}" sizes="${sizes}"`)}></picture>`;
    const featuredSizes = '(min-width: 1200px) 560px, (min-width: 600px) 50vw, 100vw';
    const listSizes = '(min-width: 600px) 160px, 96px';
    expect(body).toContain(
      picture(
        kilnCover,
        featuredSizes,
        'class="fs-feature-cover" SOURCES width="2400" height="1600" alt="" decoding="async" fetchpriority="high"',
      ),
    );
    // Under featured releases the list's covers are below the first screen: they wait to be scrolled near.
    expect(body).toContain(
      picture(
        newestCover,
        listSizes,
        'class="fs-cover" SOURCES width="2400" height="1600" alt="" decoding="async" loading="lazy"',
      ),
    );
    expect(body).toContain('<a class="fs-card fs-with-cover" href="#/press-release/');

    await harness.db
      .update(pressReleaseGroups)
      .set({ featuredSlot: null })
      .where(eq(pressReleaseGroups.pressReleaseId, kiln.id));
    const plain = (await index({ 'accept-language': 'en' })).body;
    expect(plain).not.toContain('fs-featured');
    expect(plain).toContain(
      picture(
        newestCover,
        listSizes,
        'class="fs-cover" SOURCES width="2400" height="1600" alt="" decoding="async"',
      ),
    );
    // A release without pictures keeps its card without a cover, its text the card's whole width.
    expect(plain).toContain(
      `<li><a class="fs-card" href="#/press-release/${bare.id}" lang="en" dir="ltr"><div class="fs-card-text">`,
    );
  });
});
