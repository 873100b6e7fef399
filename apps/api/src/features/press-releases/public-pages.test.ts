import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  brands,
  companies,
  companyBrands,
  pressContacts,
  pressReleaseFiles,
  siteBoilerplates,
} from '@pressroom/db';
import { and, eq } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { Parser } from 'htmlparser2';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/app.ts';
import { readHead } from '../../test-support/html-head.ts';
import { storedBytes } from '../../test-support/storage.ts';
import { insertRelease, insertReleaseFile } from './test-factories.ts';

describe('public release pages, sitemap and robots', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let dataDir: string;
  let fair: number;
  let association: number;
  let address: string;
  let hallImage: number;
  const releases: Record<string, { id: number; number: number }> = {};

  const get = (url: string, headers: Record<string, string> = {}) =>
    harness.app.inject({ method: 'GET', url, headers: { host: 'fair.localhost', ...headers } });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'pressroom-pages-'));
    harness = await createTestApp({ config: { dataDir } });
    const { app, db } = harness;
    fair = app.sites.byName.get('Tile Fair')?.id ?? 0;
    association = app.sites.byName.get('Ceramics Association')?.id ?? 0;
    address = app.sites.forHostname('fair.localhost').address;

    const dates = await insertRelease(db, {
      publicationDate: '2026-03-02',
      number: 3,
      groups: [fair],
      translations: [
        {
          language: 'en',
          title: 'Tile Fair 2026 announces its dates',
          subtitle: 'Five days of ceramics in Bologna',
          body: '<p>The fair opens on <strong>22 September</strong>.</p>',
        },
        { language: 'it', title: 'La Fiera 2026 annuncia le date', body: '<p>Si apre il 22 settembre.</p>' },
        {
          language: 'he',
          title: 'יריד האריחים 2026 מכריז על מועדיו',
          body: '<p>היריד נפתח ב-22 בספטמבר.</p>',
        },
      ],
    });
    releases.dates = { id: dates.id, number: 3 };
    const photo = await sharp({
      create: { width: 1600, height: 1000, channels: 3, background: '#b5651d' },
    })
      .jpeg()
      .toBuffer();
    ({ id: hallImage } = await insertReleaseFile(db, app.storage, {
      releaseId: dates.id,
      kind: 'image',
      name: 'hall.jpg',
      contentType: 'image/jpeg',
      bytes: photo,
      credit: 'Anna Rossi / Ceramics Association',
    }));
    await insertReleaseFile(db, app.storage, {
      releaseId: dates.id,
      kind: 'attachment',
      name: 'programme.pdf',
      contentType: 'application/pdf',
      bytes: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });

    const embargoed = await insertRelease(db, {
      publicationDate: '2026-06-01',
      number: 9,
      embargoUntil: new Date('2026-06-01T12:00:00Z'),
      groups: [fair],
      translations: [{ language: 'en', title: 'Award winners revealed', body: '<p>Secret until noon.</p>' }],
    });
    releases.embargoed = { id: embargoed.id, number: 9 };
    await insertReleaseFile(db, app.storage, {
      releaseId: embargoed.id,
      kind: 'image',
      name: 'award.jpg',
      contentType: 'image/jpeg',
      bytes: await sharp({ create: { width: 800, height: 600, channels: 3, background: '#123456' } })
        .jpeg()
        .toBuffer(),
    });
    const draft = await insertRelease(db, {
      publicationDate: '2026-04-01',
      status: 'draft',
      number: null,
      groups: [fair],
      translations: [{ language: 'en', title: 'Unfinished draft' }],
    });
    releases.draft = { id: draft.id, number: 0 };
    const otherSite = await insertRelease(db, {
      publicationDate: '2026-04-02',
      number: 4,
      groups: [association],
      translations: [{ language: 'en', title: 'Association assembly' }],
    });
    releases.otherSite = { id: otherSite.id, number: 4 };
  });

  beforeEach(() => harness.clock.set(new Date('2026-06-01T09:00:00Z')));

  afterAll(async () => {
    await harness.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const datesPath = '/releases/2026-3-tile-fair-2026-announces-its-dates';

  it('serves a public release as a page with its text, images, attachments and a way into the press room', async () => {
    const response = await get(`${datesPath}?lang=en`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const html = response.body;
    expect(html).toContain('<h1>Tile Fair 2026 announces its dates</h1>');
    expect(html).toContain('<p class="subtitle">Five days of ceramics in Bologna</p>');
    expect(html).toContain('<p>The fair opens on <strong>22 September</strong>.</p>');
    expect(html).toContain('Press release no. 3/2026');
    expect(html).toContain('Published on March 2, 2026');
    // The picture in the smallest rendition that fills the page's column: WebP, else JPEG.
    const picture =
      /<figure><picture><source type="image\/webp" srcset="([^"]+)" sizes="([^"]+)"><img src="([^"]+)" srcset="([^"]+)" sizes="[^"]+" alt="Tile Fair 2026 announces its dates \(1\)" loading="lazy"><\/picture>/.exec(
        html,
      );
    const cover = (format: string) =>
      [480, 960, 1440]
        .map(
          (width) =>
            `/api/press_room/press_release_file/${/file\/(\d+)\//.exec(picture?.[1] ?? '')?.[1]}/cover/${width}/${format}/ ${width}w`,
        )
        .join(', ');
    expect(picture?.slice(1)).toEqual([
      cover('webp'),
      '(min-width: 46rem) 704px, calc(100vw - 2rem)',
      cover('jpeg').split(' ')[0],
      cover('jpeg'),
    ]);
    expect(html).toContain('download="programme.pdf">programme.pdf</a>');
    expect(html).toContain(`href="/#/press-release/${releases.dates.id}"`);
    expect(html).not.toContain('<script src');
    const again = await get(`${datesPath}?lang=en`, { 'if-none-match': String(response.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('carries title, description, canonical and hreflang alternates, OpenGraph, a Twitter card and NewsArticle JSON-LD', async () => {
    const head = readHead((await get(`${datesPath}?lang=en`)).body);
    expect(head.title).toBe('Tile Fair 2026 announces its dates | Tile Fair');
    expect(head.meta.get('description')).toBe('Five days of ceramics in Bologna');
    const pageUrl = `${address}${datesPath}`;
    expect(head.links.filter((link) => link.rel === 'canonical')).toEqual([
      { rel: 'canonical', href: `${pageUrl}?lang=en`, hreflang: undefined, type: undefined },
    ]);
    expect(
      head.links
        .filter((link) => link.rel === 'alternate' && link.hreflang)
        .map((link) => [link.hreflang, link.href]),
    ).toEqual([
      ['en', `${pageUrl}?lang=en`],
      ['he', `${pageUrl}?lang=he`],
      ['it', `${pageUrl}?lang=it`],
      ['x-default', pageUrl],
    ]);
    expect(head.links).toContainEqual({
      rel: 'alternate',
      type: 'application/atom+xml',
      href: `${address}/api/press_room/press_release/feed.atom`,
      hreflang: undefined,
    });
    const socialImage = `${address}/releases/2026-3/social-image.jpg`;
    expect(Object.fromEntries([...head.meta].filter(([key]) => /^(og|article|twitter):/.test(key)))).toEqual({
      'og:type': 'article',
      'og:site_name': 'Tile Fair',
      'og:title': 'Tile Fair 2026 announces its dates',
      'og:description': 'Five days of ceramics in Bologna',
      'og:url': `${pageUrl}?lang=en`,
      'og:locale': 'en',
      'article:published_time': '2026-03-02T00:00:00.000Z',
      'article:modified_time': expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      'og:image': socialImage,
      'og:image:type': 'image/jpeg',
      'og:image:width': '1200',
      'og:image:height': '630',
      'og:image:alt': 'Tile Fair 2026 announces its dates',
      'twitter:card': 'summary_large_image',
      'twitter:title': 'Tile Fair 2026 announces its dates',
      'twitter:description': 'Five days of ceramics in Bologna',
      'twitter:image': socialImage,
    });
    expect(head.jsonLd).toHaveLength(1);
    const article = head.jsonLd[0] as Record<string, unknown>;
    expect(article).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: 'Tile Fair 2026 announces its dates',
      inLanguage: 'en',
      datePublished: '2026-03-02T00:00:00.000Z',
      mainEntityOfPage: { '@type': 'WebPage', '@id': `${pageUrl}?lang=en` },
      image: [
        { '@type': 'ImageObject', url: socialImage, creditText: 'Anna Rossi / Ceramics Association' },
        {
          '@type': 'ImageObject',
          url: `${address}/api/press_room/press_release_file/${hallImage}/`,
          creditText: 'Anna Rossi / Ceramics Association',
        },
      ],
      publisher: {
        '@type': 'Organization',
        name: 'Tile Fair',
        logo: { '@type': 'ImageObject', url: `${address}/favicon.svg` },
      },
    });
    expect(Number.isNaN(Date.parse(String(article.dateModified)))).toBe(false);
  });

  it("credits each picture under it as the reader's language says it, and leaves an uncredited one without", async () => {
    /** The credit line of each picture's caption. */
    const credits = async (url: string) => {
      const found: string[] = [];
      let depth = 0;
      let inCredit = false;
      const parser = new Parser({
        onopentag(name, attributes) {
          if (name === 'figcaption') depth += 1;
          if (depth > 0 && name === 'span' && attributes.class === 'credit') {
            inCredit = true;
            found.push('');
          }
        },
        ontext(text) {
          if (inCredit) found[found.length - 1] += text;
        },
        onclosetag(name) {
          if (name === 'span') inCredit = false;
          if (name === 'figcaption') depth -= 1;
        },
      });
      parser.write((await get(url)).body);
      parser.end();
      return found;
    };
    // The credit is isolated (U+2068 ... U+2069), so a Latin name keeps its order in a right-to-left line.
    expect(await credits(`${datesPath}?lang=en`)).toEqual([
      'Photo: \u2068Anna Rossi / Ceramics Association\u2069',
    ]);
    expect(await credits(`${datesPath}?lang=it`)).toEqual([
      'Foto: \u2068Anna Rossi / Ceramics Association\u2069',
    ]);
    expect(await credits(`${datesPath}?lang=he`)).toEqual([
      'צילום: \u2068Anna Rossi / Ceramics Association\u2069',
    ]);
    await harness.db
      .update(pressReleaseFiles)
      .set({ credit: null })
      .where(eq(pressReleaseFiles.id, hallImage));
    try {
      const page = await get(`${datesPath}?lang=en`);
      expect(page.body).not.toContain('Photo:');
      expect((readHead(page.body).jsonLd[0] as { image: unknown[] }).image).toEqual([
        { '@type': 'ImageObject', url: `${address}/releases/2026-3/social-image.jpg` },
        { '@type': 'ImageObject', url: `${address}/api/press_room/press_release_file/${hallImage}/` },
      ]);
    } finally {
      await harness.db
        .update(pressReleaseFiles)
        .set({ credit: 'Anna Rossi / Ceramics Association' })
        .where(eq(pressReleaseFiles.id, hallImage));
    }
  });

  it('shows each translation at its own address, Hebrew right to left, and the reader language without one', async () => {
    const hebrew = await get(`${datesPath}?lang=he`);
    expect(readHead(hebrew.body).htmlAttributes).toEqual({ lang: 'he', dir: 'rtl' });
    expect(hebrew.body).toContain('<h1>יריד האריחים 2026 מכריז על מועדיו</h1>');
    const negotiated = await get(datesPath, { 'accept-language': 'it-IT,it;q=0.9' });
    expect(negotiated.statusCode).toBe(200);
    expect(negotiated.headers.vary).toContain('Accept-Language');
    expect(readHead(negotiated.body).htmlAttributes).toEqual({ lang: 'it', dir: 'ltr' });
    expect(negotiated.body).toContain('<h1>La Fiera 2026 annuncia le date</h1>');
  });

  it('answers 301 to the current address from an old title, no title, or a language the release is not in', async () => {
    const redirects = {
      '/releases/2026-3-an-older-title?lang=it': `${datesPath}?lang=it`,
      '/releases/2026-3': datesPath,
      [`${datesPath}?lang=de`]: datesPath,
      '/releases?lang=en': '/releases/?lang=en',
    };
    for (const [from, to] of Object.entries(redirects)) {
      const response = await get(from);
      expect([from, response.statusCode, response.headers.location]).toEqual([from, 301, to]);
    }
  });

  it('gives the social card image at 1200 x 630 as a JPEG', async () => {
    const response = await get('/releases/2026-3/social-image.jpg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    const metadata = await sharp(response.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 1200, 630]);
  });

  it('makes the social card image once and keeps it in the file store, so later requests need no original', async () => {
    const first = await get('/releases/2026-3/social-image.jpg');
    const [picture] = await harness.db
      .select()
      .from(pressReleaseFiles)
      .where(
        and(eq(pressReleaseFiles.pressReleaseId, releases.dates.id), eq(pressReleaseFiles.kind, 'image')),
      );
    const storage = harness.app.storage;
    expect(await storage.stat(`press-releases/social/${picture.sha256}-1200x630.jpg`)).toEqual({
      size: first.rawPayload.length,
    });
    const original = await storedBytes(storage, picture.storagePath);
    await storage.delete(picture.storagePath);
    try {
      const again = await get('/releases/2026-3/social-image.jpg');
      expect(again.statusCode).toBe(200);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      const unchanged = await get('/releases/2026-3/social-image.jpg', {
        'if-none-match': String(first.headers.etag),
      });
      expect(unchanged.statusCode).toBe(304);
    } finally {
      await storage.putBytes(picture.storagePath, original);
    }
  });

  it('has no page for a draft, another site, an unknown number or a malformed address: a 404 page never indexed', async () => {
    for (const url of [
      `/releases/2026-${releases.otherSite.number}-association-assembly`,
      '/releases/2026-999-nothing',
      '/releases/not-a-release',
      '/releases/2026-2147483648999',
    ]) {
      const response = await get(url);
      expect([url, response.statusCode]).toEqual([url, 404]);
      expect(response.headers['x-robots-tag']).toBe('noindex');
      expect(response.body).toContain('<meta name="robots" content="noindex">');
      expect(response.body).toContain('This release is not available');
    }
    const sitemap = (await get('/sitemap.xml')).body;
    expect(sitemap).not.toContain('unfinished-draft');
    expect(sitemap).not.toContain('association-assembly');
    // The other site has its own page for it.
    const onItsSite = await get('/releases/2026-4-association-assembly', { host: 'association.localhost' });
    expect(onItsSite.statusCode).toBe(200);
  });

  it('keeps an embargoed release out of the page, sitemap, feed, list and social image until its time, then shows it everywhere', async () => {
    const page = '/releases/2026-9-award-winners-revealed?lang=en';
    const seen = async () => ({
      page: (await get(page)).statusCode,
      image: (await get('/releases/2026-9/social-image.jpg')).statusCode,
      sitemap: (await get('/sitemap.xml')).body.includes('2026-9-award-winners-revealed'),
      feed: (await get('/api/press_room/press_release/feed.atom?language=en')).body.includes(
        'Award winners revealed',
      ),
      list: (await get('/releases/?lang=en')).body.includes('Award winners revealed'),
    });
    harness.clock.set(new Date('2026-06-01T11:59:59Z'));
    expect(await seen()).toEqual({ page: 404, image: 404, sitemap: false, feed: false, list: false });
    harness.clock.set(new Date('2026-06-01T12:00:00Z'));
    expect(await seen()).toEqual({ page: 200, image: 200, sitemap: true, feed: true, list: true });
    const head = readHead((await get(page)).body);
    expect(head.meta.get('article:published_time')).toBe('2026-06-01T12:00:00.000Z');
  });

  it('lists every public release and language in a sitemap of the sitemaps.org shape, with alternates', async () => {
    const response = await get('/sitemap.xml');
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(XMLValidator.validate(response.body)).toBe(true);
    const document = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' }).parse(
      response.body,
    );
    const urlset = document.urlset;
    expect(urlset['@xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect(urlset['@xmlns:xhtml']).toBe('http://www.w3.org/1999/xhtml');
    const urls = [urlset.url].flat() as { loc: string; lastmod: string; 'xhtml:link'?: unknown }[];
    for (const url of urls) {
      expect(Object.keys(url).every((key) => ['loc', 'lastmod', 'xhtml:link'].includes(key))).toBe(true);
      expect(url.loc.startsWith(`${address}/releases/`)).toBe(true);
      expect(url.loc.length).toBeLessThanOrEqual(2048);
      expect(url.lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    }
    const pageUrl = `${address}${datesPath}`;
    expect(urls.map((url) => url.loc)).toEqual([
      `${address}/releases/`,
      `${pageUrl}?lang=en`,
      `${pageUrl}?lang=he`,
      `${pageUrl}?lang=it`,
    ]);
    expect(urls[1]['xhtml:link']).toEqual([
      { '@rel': 'alternate', '@hreflang': 'en', '@href': `${pageUrl}?lang=en` },
      { '@rel': 'alternate', '@hreflang': 'he', '@href': `${pageUrl}?lang=he` },
      { '@rel': 'alternate', '@hreflang': 'it', '@href': `${pageUrl}?lang=it` },
      { '@rel': 'alternate', '@hreflang': 'x-default', '@href': pageUrl },
    ]);
  });

  it('opens the pages and the feed to crawlers in robots.txt, closes the API, and names the sitemap', async () => {
    const response = await get('/robots.txt', { host: 'association.localhost' });
    const associationAddress = harness.app.sites.forHostname('association.localhost').address;
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe(
      [
        'User-agent: *',
        'Allow: /api/press_room/press_release/feed.atom',
        'Disallow: /api/',
        'Allow: /',
        '',
        `Sitemap: ${associationAddress}/sitemap.xml`,
        '',
      ].join('\n'),
    );
  });

  it("names each release's page in the API's answers and links feed entries to it", async () => {
    const { results } = (await get(`/api/press_room/press_release/?language=en&group=${fair}`)).json();
    expect(results.map((release: { page_path: string | null }) => release.page_path)).toEqual([datesPath]);
    const detail = (await get(`/api/press_room/press_release/${releases.dates.id}/`)).json();
    expect(detail.page_path).toBe(datesPath);
    const feed = (await get('/api/press_room/press_release/feed.atom?language=it')).body;
    expect(feed).toContain(`<link rel="alternate" type="text/html" href="${address}${datesPath}?lang=it"/>`);
  });
  it('shows what the press room shows under a release: contacts with photo and languages, the boilerplate, the brands and related releases', async () => {
    // On the association's site, so the fair's sitemap and lists above stay as they are.
    const { db } = harness;
    const [company] = await db
      .insert(companies)
      .values({ businessName: 'Ceramica Rossi S.p.A.', pubBusinessName: 'Ceramica Rossi', matchKey: 'rossi' })
      .returning();
    for (const name of ['Terra', 'Aqua']) {
      const [brand] = await db.insert(brands).values({ name }).returning();
      await db.insert(companyBrands).values({ companyId: company.id, brandId: brand.id });
    }
    const [anna] = await db
      .insert(pressContacts)
      .values({
        pressGroupId: association,
        name: 'Anna Bianchi',
        roles: { en: 'Head of press', it: 'Capo ufficio stampa' },
        languages: ['it', 'en'],
        position: 1,
        photo: Buffer.from('not shown here'),
        photoVersion: 3,
      })
      .returning();
    await db.insert(pressContacts).values({ pressGroupId: association, name: 'Luca Neri', position: 2 });
    await db.insert(siteBoilerplates).values({
      pressGroupId: association,
      language: 'en',
      text: 'The Ceramics Association gathers 150 makers.\n\nFounded in 1950.',
    });
    const release = (title: string, options: Partial<Parameters<typeof insertRelease>[1]>) =>
      insertRelease(db, { groups: [association], translations: [{ language: 'en', title }], ...options });
    await release('Ceramica Rossi launches porcelain slabs', {
      publicationDate: '2026-05-20',
      number: 40,
      companyId: company.id,
    });
    await release('Ceramica Rossi wins a design award', {
      publicationDate: '2026-05-10',
      number: 41,
      companyId: company.id,
    });
    await release('Ceramica Rossi opens a plant', {
      publicationDate: '2026-05-25',
      number: 42,
      companyId: company.id,
      embargoUntil: new Date('2026-06-01T12:00:00Z'),
    });
    await release('Ceramica Rossi draft about slabs', {
      publicationDate: '2026-05-26',
      status: 'draft',
      number: null,
      companyId: company.id,
    });
    await release('Porcelain slabs in architecture', { publicationDate: '2026-05-01', number: 43 });
    await release('Slabs of porcelain under embargo', {
      publicationDate: '2026-05-02',
      number: 44,
      embargoUntil: new Date('2026-06-01T12:00:00Z'),
    });

    const response = await get('/releases/2026-40-ceramica-rossi-launches-porcelain-slabs?lang=en', {
      host: 'association.localhost',
    });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    const contacts = html.match(/<div class="contacts">.*?<\/div><\/div><\/div>/)?.[0] ?? '';
    expect(contacts).toBe(
      [
        '<div class="contacts">',
        `<div class="contact"><img src="/api/site/press_contacts/${anna.id}/photo/3/" alt="" width="56" height="56" loading="lazy">`,
        '<div><strong>Anna Bianchi</strong><span class="meta">Head of press</span><br>',
        '<span class="meta">Speaks Italian and English</span></div></div>',
        '<div class="contact"><div><strong>Luca Neri</strong></div></div>',
        '</div>',
      ].join(''),
    );
    expect(html).toContain(
      '<h2>About Ceramics Association</h2>\n<p>The Ceramics Association gathers 150 makers.</p>\n<p>Founded in 1950.</p>',
    );
    const brandIds = await db.select().from(brands);
    const brandId = (name: string) => brandIds.find((brand) => brand.name === name)?.id;
    expect(html).toContain(
      `<p class="meta">Brands: <a href="/#/home?brand=${brandId('Aqua')}">Aqua</a>, <a href="/#/home?brand=${brandId('Terra')}">Terra</a></p>`,
    );
    const related = html.match(/<nav aria-labelledby="related-releases">.*?<\/nav>/s)?.[0] ?? '';
    const associationAddress = harness.app.sites.forHostname('association.localhost').address;
    expect(
      [...related.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((link) => [link[2], link[1]]),
    ).toEqual([
      [
        'Ceramica Rossi wins a design award',
        `${associationAddress}/releases/2026-41-ceramica-rossi-wins-a-design-award?lang=en`,
      ],
      [
        'Porcelain slabs in architecture',
        `${associationAddress}/releases/2026-43-porcelain-slabs-in-architecture?lang=en`,
      ],
    ]);
    expect(html).toContain('<h2 id="related-releases">Read next</h2>');
    expect(html).not.toContain('opens a plant');
    expect(html).not.toContain('draft about slabs');
    expect(html).not.toContain('under embargo</a>');
  });
});
