import { coverage, coverageExhibitors } from '@pressroom/db';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClock } from '../../test-support/app.ts';
import { readHead } from '../../test-support/html-head.ts';
import { insertRelease } from '../press-releases/test-factories.ts';
import {
  insertCompany,
  insertEdition,
  insertExhibitor,
  insertPressBox,
  insertPressBoxContact,
  insertProgrammeEvent,
} from './test-factories.ts';

let context: Awaited<ReturnType<typeof createTestApp>>;
let address: string;
const ids: Record<string, number> = {};

// During the fair: the edition under way is the site's current one.
const clock = new TestClock(new Date('2026-09-24T10:00:00Z'));

const get = (url: string, headers: Record<string, string> = {}) =>
  context.app.inject({ method: 'GET', url, headers: { host: 'fair.localhost', ...headers } });

/** The directory page as a reader sees it: each hall's heading with the exhibitors and stands under it. */
function hallsOf(html: string): Record<string, string[]> {
  const text = (markup: string) => markup.replace(/<br>/g, ': ').replace(/<[^>]+>/g, '');
  const halls: Record<string, string[]> = {};
  for (const section of html.matchAll(/<section[^>]*><h2[^>]*>([^<]+)<\/h2>(.*?)<\/section>/gs)) {
    halls[section[1]] = [...section[2].matchAll(/<li>(.*?)<\/li>/g)].map((item) => text(item[1]));
  }
  return halls;
}

/** The demo's six exhibitors, as the demo seeds them: halls 5 to 8, one of them on two halls. */
const demoLike = [
  {
    key: 'aurora',
    name: 'Ceramiche Aurora S.p.A.',
    brands: ['Lumière'],
    stands: [
      ['5', 'A12'],
      ['5', 'A14'],
    ],
  },
  { key: 'sol', name: 'Azulejos del Sol S.L.', brands: [], stands: [['6', 'B03']] },
  { key: 'nordwerk', name: 'Keramik Nordwerk GmbH', brands: [], stands: [['6', 'C20']] },
  { key: 'provence', name: 'Céramiques de Provence', brands: [], stands: [['7', 'D08']] },
  {
    key: 'fiorano',
    name: 'Gres Fiorano Industrie',
    brands: [],
    stands: [
      ['7', 'E01'],
      ['8', 'E02'],
    ],
  },
  { key: 'levant', name: 'Atelier Mosaïque Levant', brands: [], stands: [['8', 'F11']] },
] as const;

beforeAll(async () => {
  context = await createTestApp({ clock });
  const { db, app } = context;
  const fairId = app.sites.byName.get('Tile Fair')?.id ?? 0;
  const associationId = app.sites.byName.get('Ceramics Association')?.id ?? 0;
  address = app.sites.forHostname('fair.localhost').address;
  const edition = await insertEdition(db, { siteId: fairId, name: 'Tile Fair 2026' });
  ids.edition = edition.id;
  const otherSite = await insertEdition(db, { siteId: associationId, name: 'Association Days 2026' });

  for (const exhibitor of demoLike) {
    const company = await insertCompany(db, { name: exhibitor.name, brands: [...exhibitor.brands] });
    ids[exhibitor.key] = (
      await insertExhibitor(db, {
        editionId: edition.id,
        companyId: company.id,
        stands: exhibitor.stands.map(([hall, stand]) => ({ hall, stand })),
      })
    ).id;
    ids[`${exhibitor.key}Company`] = company.id;
  }
  const provence = ids.provenceCompany;
  await insertPressBox(db, {
    companyId: provence,
    descriptions: {
      en: 'Hand-glazed terracotta tiles from Aubagne.',
      fr: 'Carreaux de terre cuite émaillés à la main, à Aubagne.',
      ar: 'بلاط من الطين المشوي مزجج يدويًا من أوباني.',
    },
    website: 'https://ceramiques-provence.example',
    logoPath: 'press-boxes/logos/provence.png',
  });
  await insertPressBoxContact(db, {
    companyId: provence,
    name: 'Élodie Martin',
    roles: { en: 'Press officer', fr: 'Attachée de presse' },
    email: 'presse@ceramiques-provence.example',
    phone: '+33 4 42 00 00 00',
    languages: ['fr', 'en'],
  });
  await insertRelease(db, {
    companyId: provence,
    publicationDate: '2026-09-22',
    number: 41,
    groups: [fairId],
    translations: [
      { language: 'en', title: 'Provence glazes at the fair' },
      { language: 'fr', title: 'Les émaux de Provence au salon' },
    ],
  });

  const elsewhere = await insertCompany(db, { name: 'Association Member Tiles' });
  ids.otherSite = (
    await insertExhibitor(db, {
      editionId: otherSite.id,
      companyId: elsewhere.id,
      stands: [{ hall: '1', stand: 'A1' }],
    })
  ).id;
});

afterAll(() => context.close());

const provencePath = () => `/exhibitors/${ids.provence}-ceramiques-de-provence`;

describe('the exhibitors directory page', () => {
  it("lists the current edition's exhibitors by hall, each with its stands, with an A-Z index", async () => {
    const response = await get('/exhibitors/?lang=en');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html).toContain('<h1>Exhibitors: Tile Fair 2026</h1>');
    expect(hallsOf(html)).toEqual({
      'Hall 5': ['Ceramiche Aurora S.p.A.: Hall 5, stand A12 · Hall 5, stand A14 · Brands: Lumière'],
      'Hall 6': ['Azulejos del Sol S.L.: Hall 6, stand B03', 'Keramik Nordwerk GmbH: Hall 6, stand C20'],
      'Hall 7': [
        'Céramiques de Provence: Hall 7, stand D08',
        'Gres Fiorano Industrie: Hall 7, stand E01 · Hall 8, stand E02',
      ],
      'Hall 8': [
        'Atelier Mosaïque Levant: Hall 8, stand F11',
        'Gres Fiorano Industrie: Hall 7, stand E01 · Hall 8, stand E02',
      ],
    });
    expect(html).toContain(`<a href="${provencePath()}?lang=en" dir="auto">Céramiques de Provence</a>`);
    const index = [...html.matchAll(/<ul class="index" dir="ltr">(.*?)<\/ul>/gs)][0][1];
    expect(
      [...index.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((link) => [link[2], link[1]]),
    ).toEqual([
      ['All', '/exhibitors/?lang=en'],
      ['A', '/exhibitors/?lang=en&amp;letter=A'],
      ['C', '/exhibitors/?lang=en&amp;letter=C'],
      ['G', '/exhibitors/?lang=en&amp;letter=G'],
      ['K', '/exhibitors/?lang=en&amp;letter=K'],
    ]);
    expect(html).toContain('Exhibitors shown: 6');
    expect(html).not.toContain('Association Member Tiles');
    expect(html).not.toContain('<script src');
    const head = readHead(html);
    expect(head.links.filter((link) => link.rel === 'canonical').map((link) => link.href)).toEqual([
      `${address}/exhibitors/?lang=en`,
    ]);
    expect(head.meta.has('robots')).toBe(false);
  });

  it("says what it is to a link preview: OpenGraph title, description and address, in the reader's language", async () => {
    const english = readHead((await get('/exhibitors/?lang=en')).body);
    expect(Object.fromEntries([...english.meta].filter(([key]) => key.startsWith('og:')))).toEqual({
      'og:type': 'website',
      'og:site_name': 'Tile Fair',
      'og:title': 'Exhibitors: Tile Fair 2026',
      'og:description':
        'The exhibitors of Tile Fair 2026 (September 22\u2009–\u200926, 2026) by hall: stands, brands and press boxes.',
      'og:url': `${address}/exhibitors/?lang=en`,
      'og:locale': 'en',
    });
    expect(english.meta.get('description')).toBe(english.meta.get('og:description'));

    const german = readHead((await get('/exhibitors/?lang=de')).body);
    expect(german.meta.get('og:title')).toBe('Aussteller: Tile Fair 2026');
    expect(german.meta.get('og:description')).toBe(
      'Die Aussteller der Tile Fair 2026 (22.–26. September 2026) nach Halle: Stände, Marken und Pressefächer.',
    );
    expect(german.meta.get('og:url')).toBe(`${address}/exhibitors/?lang=de`);
  });

  it('finds an accented name typed without accents or capitals, and a brand, through a plain GET form', async () => {
    const form = (await get('/exhibitors/?lang=fr')).body;
    expect(form).toContain(
      '<form class="search" method="get" action="/exhibitors/" role="search"><input type="hidden" name="lang" value="fr"><label for="exhibitor-search">Rechercher par entreprise ou marque</label><input id="exhibitor-search" type="search" name="search" value="" maxlength="100" autocomplete="off"><button type="submit">Rechercher</button></form>',
    );
    const found = (await get('/exhibitors/?lang=fr&search=CERAMIQUES')).body;
    expect(hallsOf(found)).toEqual({ 'Hall 7': ['Céramiques de Provence: Hall 7, stand D08'] });
    expect(found).toContain('value="CERAMIQUES"');
    // A search's answer is not indexed: the whole directory is.
    expect(readHead(found).meta.get('robots')).toBe('noindex');
    expect(hallsOf((await get('/exhibitors/?lang=en&search=lumiere')).body)).toEqual({
      'Hall 5': ['Ceramiche Aurora S.p.A.: Hall 5, stand A12 · Hall 5, stand A14 · Brands: Lumière'],
    });
    const none = (await get('/exhibitors/?lang=en&search=porcelain')).body;
    expect(hallsOf(none)).toEqual({});
    expect(none).toContain('<p>No exhibitor matches your search.</p>');
  });

  it('shows one letter of the index', async () => {
    const html = (await get('/exhibitors/?lang=en&letter=g')).body;
    expect(hallsOf(html)).toEqual({
      'Hall 7': ['Gres Fiorano Industrie: Hall 7, stand E01 · Hall 8, stand E02'],
      'Hall 8': ['Gres Fiorano Industrie: Hall 7, stand E01 · Hall 8, stand E02'],
    });
    expect(html).toContain('<a href="/exhibitors/?lang=en&amp;letter=G" aria-current="page">G</a>');
  });
});

describe("an exhibitor's public page", () => {
  it('shows the press box: stands, description, web site, press contacts and the releases at their pages', async () => {
    const response = await get(`${provencePath()}?lang=en`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const html = response.body;
    expect(html).toContain('<h1>Céramiques de Provence</h1>');
    expect(html).toContain(
      `<img class="logo" src="/api/site/press_boxes/${ids.provenceCompany}/logo/1/" alt="Logo of Céramiques de Provence">`,
    );
    expect(html).toContain('<li>Hall 7, stand D08</li>');
    expect(html).toContain('<p lang="en" dir="auto">Hand-glazed terracotta tiles from Aubagne.</p>');
    expect(html).toContain(
      'Web site: <a href="https://ceramiques-provence.example" rel="noopener" dir="ltr">ceramiques-provence.example</a>',
    );
    expect(html).toContain('<strong>Élodie Martin</strong><span class="meta">Press officer</span>');
    expect(html).toContain('<a href="mailto:presse@ceramiques-provence.example">');
    expect(html).toContain('Speaks French and English');
    expect(html).toContain(
      '<a href="/releases/2026-41-provence-glazes-at-the-fair?lang=en" lang="en" dir="auto">Provence glazes at the fair</a>',
    );
    expect(html).toContain('<a href="/exhibitors/?lang=en">All exhibitors</a> · Exhibitor at Tile Fair 2026');
    // Journalists go on in the web app, on the same exhibitor (to follow it, ask for an interview).
    expect(html).toContain(
      `<a class="button" href="/#/exhibitors/${ids.provence}">Open in the press room</a>`,
    );
    const again = await get(`${provencePath()}?lang=en`, { 'if-none-match': String(response.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('lists the approved coverage naming it under "In the press", never a piece still waiting', async () => {
    const { db, app } = context;
    const fairId = app.sites.byName.get('Tile Fair')?.id ?? 0;
    const piece = (title: string, status: string, day: string) => ({
      pressGroupId: fairId,
      editionId: ids.edition,
      url: `https://www.maison-materiaux.example/${day}`,
      urlKey: `www.maison-materiaux.example/${day}`,
      title,
      outlet: 'Maison & Matériaux',
      publishedOn: day,
      language: 'fr',
      country: 'FR',
      mediaType: 'magazines',
      status,
    });
    const rows = await db
      .insert(coverage)
      .values([
        piece('La terre cuite de Provence au salon', 'approved', '2026-09-23'),
        piece('Pas encore approuvé', 'pending', '2026-09-24'),
      ])
      .returning();
    await db
      .insert(coverageExhibitors)
      .values(rows.map((row) => ({ coverageId: row.id, exhibitorId: ids.provence })));
    const html = (await get(`${provencePath()}?lang=en`)).body;
    expect(html).toContain(
      '<h2>In the press</h2>\n<ul class="plain"><li><a href="https://www.maison-materiaux.example/2026-09-23" rel="nofollow noopener" lang="fr" dir="auto">La terre cuite de Provence au salon</a><br><span class="meta"><span lang="fr" dir="auto">Maison &amp; Matériaux</span> · <time datetime="2026-09-23">September 23, 2026</time> · France · French</span></li></ul>',
    );
    expect(html).not.toContain('Pas encore approuvé');
    const other = await get(`/exhibitors/${ids.levant}-atelier-mosaique-levant?lang=en`);
    expect(other.statusCode).toBe(200);
    expect(other.body).toContain('<h1>Atelier Mosaïque Levant</h1>');
    expect(other.body).not.toContain('In the press');
    await db.delete(coverage);
  });

  it('lists its events on the press programme at the fair’s hour, linked to their pages, a cancelled one flagged', async () => {
    const { db } = context;
    const common = { editionId: ids.edition, exhibitorId: ids.provence };
    const tasting = await insertProgrammeEvent(db, {
      ...common,
      title: { en: 'Provence glazes: a tasting', fr: 'Les émaux de Provence : une dégustation' },
      // 10:00 in Bologna.
      startsAt: new Date('2026-09-23T08:00:00Z'),
      hall: '7',
      room: 'Sala Bianca',
      stand: 'D08',
    });
    const talk = await insertProgrammeEvent(db, {
      ...common,
      title: { fr: 'Terre et feu' },
      startsAt: new Date('2026-09-24T12:30:00Z'),
      hall: '7',
      status: 'cancelled',
    });
    await insertProgrammeEvent(db, {
      ...common,
      title: { en: 'Not approved yet' },
      startsAt: new Date('2026-09-25T08:00:00Z'),
      status: 'proposed',
    });
    await insertProgrammeEvent(db, {
      editionId: ids.edition,
      exhibitorId: ids.aurora,
      title: { en: 'Another company’s launch' },
      startsAt: new Date('2026-09-23T07:00:00Z'),
    });

    const html = (await get(`${provencePath()}?lang=en`)).body;
    const section = /<h2 id="exhibitor-programme">(.*?)<\/ul>/s.exec(html)?.[0] ?? '';
    expect(section.split('\n')).toEqual([
      '<h2 id="exhibitor-programme">Press programme</h2>',
      '<p class="meta">Times are local to the fair: Central European Time.</p>',
      [
        '<ul class="plain events" aria-labelledby="exhibitor-programme">',
        `<li><a href="/programme/${tasting.id}-provence-glazes-a-tasting?lang=en" lang="en" dir="auto">Provence glazes: a tasting</a><br>`,
        '<span class="meta">Wednesday, September 23, 2026, 10:00\u2009–\u200911:00\u202fAM · Hall \u20687\u2069, room \u2068Sala Bianca\u2069, stand \u2068D08\u2069</span></li>',
        `<li><a href="/programme/${talk.id}-terre-et-feu?lang=en" lang="fr" dir="auto">Terre et feu</a> <strong class="flag">Cancelled</strong><br>`,
        '<span class="meta">Thursday, September 24, 2026, 2:30\u2009–\u20093:30\u202fPM · Hall \u20687\u2069</span></li></ul>',
      ].join(''),
    ]);
    // Between the press contacts and the releases.
    expect(html.indexOf('Élodie Martin')).toBeLessThan(html.indexOf('exhibitor-programme'));
    expect(html.indexOf('exhibitor-programme')).toBeLessThan(html.indexOf('Provence glazes at the fair'));
    const italian = (await get(`${provencePath()}?lang=it`)).body;
    expect(italian).toContain(
      '<p class="meta">Gli orari sono quelli della fiera: Ora dell’Europa centrale.</p>',
    );
    expect(italian).toContain('mercoledì 23 settembre 2026, 10:00–11:00');
  });

  it('carries title, description, canonical, hreflang in the seven languages, OpenGraph with the logo and an Organization in JSON-LD', async () => {
    const head = readHead((await get(`${provencePath()}?lang=en`)).body);
    const pageUrl = `${address}${provencePath()}`;
    expect(head.title).toBe('Céramiques de Provence | Tile Fair');
    expect(head.meta.get('description')).toBe('Hand-glazed terracotta tiles from Aubagne.');
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
    const logo = `${address}/api/site/press_boxes/${ids.provenceCompany}/logo/1/`;
    expect(Object.fromEntries([...head.meta].filter(([key]) => key.startsWith('og:')))).toEqual({
      'og:type': 'website',
      'og:site_name': 'Tile Fair',
      'og:title': 'Céramiques de Provence',
      'og:description': 'Hand-glazed terracotta tiles from Aubagne.',
      'og:url': `${pageUrl}?lang=en`,
      'og:locale': 'en',
      'og:image': logo,
      'og:image:type': 'image/png',
      'og:image:alt': 'Logo of Céramiques de Provence',
    });
    expect(head.jsonLd).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: 'Céramiques de Provence',
        url: 'https://ceramiques-provence.example',
        mainEntityOfPage: { '@type': 'WebPage', '@id': `${pageUrl}?lang=en` },
        logo: { '@type': 'ImageObject', url: logo },
        description: 'Hand-glazed terracotta tiles from Aubagne.',
        contactPoint: [
          {
            '@type': 'ContactPoint',
            contactType: 'press',
            name: 'Élodie Martin',
            email: 'presse@ceramiques-provence.example',
            telephone: '+33 4 42 00 00 00',
            availableLanguage: ['fr', 'en'],
          },
        ],
      },
    ]);
  });

  it('reads right to left in Arabic and Hebrew, in their words, with the description in its own language', async () => {
    const arabic = (await get(`${provencePath()}?lang=ar`)).body;
    expect(readHead(arabic).htmlAttributes).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(arabic).toContain('<li>القاعة 7، الجناح D08</li>');
    expect(arabic).toContain('<p lang="ar" dir="auto">بلاط من الطين المشوي مزجج يدويًا من أوباني.</p>');
    const hebrew = (await get(`${provencePath()}?lang=he`)).body;
    expect(readHead(hebrew).htmlAttributes).toEqual({ lang: 'he', dir: 'rtl' });
    // No Hebrew description: the English one, marked as English.
    expect(hebrew).toContain('<p lang="en" dir="auto">Hand-glazed terracotta tiles from Aubagne.</p>');
    expect(readHead((await get(`${provencePath()}?lang=de`)).body).htmlAttributes).toEqual({
      lang: 'de',
      dir: 'ltr',
    });
  });

  it("describes a box with no description in the page's words, with no logo in its preview", async () => {
    const head = readHead((await get(`/exhibitors/${ids.nordwerk}-keramik-nordwerk-gmbh?lang=it`)).body);
    expect(head.meta.get('description')).toBe(
      'Keramik Nordwerk GmbH a Tile Fair 2026: stand, contatti stampa e comunicati stampa.',
    );
    expect(head.meta.has('og:image')).toBe(false);
    expect(head.jsonLd).toEqual([
      expect.objectContaining({ '@type': 'Organization', name: 'Keramik Nordwerk GmbH' }),
    ]);
  });

  it('answers 301 from an address with another name to the current one, keeping the language', async () => {
    const response = await get(`/exhibitors/${ids.provence}-old-name?lang=fr`);
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(`${provencePath()}?lang=fr`);
    expect((await get(`/exhibitors/${ids.provence}`)).headers.location).toBe(provencePath());
  });

  it("has no page for another site's exhibitor, an unknown one or a malformed address: a 404 never indexed", async () => {
    for (const url of [
      `/exhibitors/${ids.otherSite}-association-member-tiles?lang=en`,
      '/exhibitors/999999-nobody?lang=en',
      '/exhibitors/not-an-exhibitor?lang=en',
    ]) {
      const response = await get(url);
      expect([url, response.statusCode]).toEqual([url, 404]);
      expect(response.headers['x-robots-tag']).toBe('noindex');
      expect(response.body).toContain('<h1>This exhibitor is not available</h1>');
      expect(response.body).toContain('<a class="button" href="/exhibitors/?lang=en">All exhibitors</a>');
    }
    const onItsSite = await get(`/exhibitors/${ids.otherSite}-association-member-tiles?lang=en`, {
      host: 'association.localhost',
    });
    expect(onItsSite.statusCode).toBe(200);
  });
});

describe('the sitemap', () => {
  it("lists the directory and every exhibitor's page in the seven languages with their alternates", async () => {
    const response = await get('/sitemap.xml');
    expect(XMLValidator.validate(response.body)).toBe(true);
    const urls = [
      new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' }).parse(response.body).urlset.url,
    ].flat() as { loc: string; 'xhtml:link': { '@hreflang': string; '@href': string }[] }[];
    const locations = urls.map((url) => url.loc);
    const languages = ['en', 'it', 'fr', 'es', 'de', 'he', 'ar'];
    const pageUrl = `${address}${provencePath()}`;
    for (const language of languages) {
      expect(locations).toContain(`${address}/exhibitors/?lang=${language}`);
      expect(locations).toContain(`${pageUrl}?lang=${language}`);
    }
    const exhibitorPages = locations.filter((location) => /\/exhibitors\/\d+/.test(location));
    expect(exhibitorPages).toHaveLength(demoLike.length * languages.length);
    expect(locations.some((location) => location.includes('association-member-tiles'))).toBe(false);
    const entry = urls.find((url) => url.loc === `${pageUrl}?lang=ar`);
    expect(entry?.['xhtml:link'].map((link) => [link['@hreflang'], link['@href']])).toEqual([
      ...languages.map((language) => [language, `${pageUrl}?lang=${language}`]),
      ['x-default', pageUrl],
    ]);
    // The releases are there as before.
    expect(locations).toContain(`${address}/releases/2026-41-provence-glazes-at-the-fair?lang=fr`);
  });
});
