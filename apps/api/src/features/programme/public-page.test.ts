import { type Database, programmeEvents } from '@pressroom/db';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClock } from '../../test-support/app.ts';
import { readHead } from '../../test-support/html-head.ts';
import { insertCompany, insertEdition, insertExhibitor } from '../exhibitors/test-factories.ts';

let context: Awaited<ReturnType<typeof createTestApp>>;
let address: string;
const ids: Record<string, number> = {};

// During the fair (22 to 26 September, Rome, summer time: UTC+2).
const clock = new TestClock(new Date('2026-09-24T10:00:00Z'));

const get = (url: string, headers: Record<string, string> = {}) =>
  context.app.inject({ method: 'GET', url, headers: { host: 'fair.localhost', ...headers } });

/**
 * Intl's thin and narrow no-break spaces (around a range's dash, before AM) as the plain spaces typed here, and
 * without the invisible marks that isolate names inside sentences.
 */
const plain = (text: string) => text.replace(/[\u2009\u202f]/g, ' ').replace(/[\u2068\u2069]/g, '');

/** A page's HTML with plain spaces. */
const page = async (url: string, headers: Record<string, string> = {}) =>
  plain((await get(url, headers)).body);

/** An event row as the programme's service would have stored it: approved, in hall 5, spoken in English. */
async function insertEvent(
  db: Database,
  options: Partial<typeof programmeEvents.$inferInsert> & {
    editionId: number;
    title: Record<string, string>;
    startsAt: Date;
  },
) {
  const [event] = await db
    .insert(programmeEvents)
    .values({
      type: 'talk',
      status: 'approved',
      endsAt: new Date(options.startsAt.getTime() + 3_600_000),
      hall: '5',
      languages: ['en'],
      ...options,
    })
    .returning();
  return event;
}

/** The programme page as a reader sees it: each day's heading with its events' lines under it. */
function daysOf(html: string): Record<string, string[]> {
  const text = (markup: string) =>
    markup
      .replace(/<br>/g, ' | ')
      .replace(/<[^>]+>/g, '')
      .replace(/&amp;/g, '&');
  const days: Record<string, string[]> = {};
  for (const section of html.matchAll(/<section[^>]*><h2[^>]*>(.*?)<\/h2>(.*?)<\/section>/gs)) {
    days[text(section[1])] = [...section[2].matchAll(/<li[^>]*>(.*?)<\/li>/g)].map((item) => text(item[1]));
  }
  return days;
}

beforeAll(async () => {
  context = await createTestApp({ clock });
  const { db, app } = context;
  const fairId = app.sites.byName.get('Tile Fair')?.id ?? 0;
  const associationId = app.sites.byName.get('Ceramics Association')?.id ?? 0;
  address = app.sites.forHostname('fair.localhost').address;
  const edition = await insertEdition(db, { siteId: fairId, name: 'Tile Fair 2026' });
  const lastYear = await insertEdition(db, {
    siteId: fairId,
    name: 'Tile Fair 2025',
    startsOn: '2025-09-23',
    endsOn: '2025-09-27',
  });
  const otherSite = await insertEdition(db, { siteId: associationId, name: 'Association Days 2026' });
  const company = await insertCompany(db, { name: 'Céramiques de Provence' });
  const provence = await insertExhibitor(db, {
    editionId: edition.id,
    companyId: company.id,
    stands: [{ hall: '7', stand: 'D08' }],
  });
  ids.provence = provence.id;

  ids.opening = (
    await insertEvent(db, {
      editionId: edition.id,
      type: 'press_conference',
      title: { en: 'Opening press conference', it: 'Conferenza stampa di apertura' },
      description: {
        en: 'The president opens the fair.\n\nQuestions follow.',
        it: 'Il presidente apre la fiera.',
      },
      startsAt: new Date('2026-09-22T08:00:00Z'),
      endsAt: new Date('2026-09-22T09:00:00Z'),
      room: 'Sala Bianca',
      languages: ['it', 'en'],
      updatedAt: new Date('2026-09-01T08:00:00Z'),
    })
  ).id;
  ids.tasting = (
    await insertEvent(db, {
      editionId: edition.id,
      exhibitorId: provence.id,
      type: 'exhibitor_event',
      title: { en: 'Provence glazes: a tasting', fr: 'Les émaux de Provence : une dégustation' },
      startsAt: new Date('2026-09-23T13:30:00Z'),
      endsAt: new Date('2026-09-23T14:30:00Z'),
      hall: '7',
      stand: 'D08',
      languages: ['fr'],
      signupRequired: true,
      capacity: 30,
    })
  ).id;
  ids.water = (
    await insertEvent(db, {
      editionId: edition.id,
      status: 'cancelled',
      title: { en: 'Ceramics and water' },
      startsAt: new Date('2026-09-23T07:00:00Z'),
      hall: '10',
      sequence: 1,
      cancelReason: 'The speaker is ill.',
    })
  ).id;
  ids.tour = (
    await insertEvent(db, {
      editionId: edition.id,
      type: 'tour',
      title: { en: 'A tour of hall 5' },
      startsAt: new Date('2026-09-24T07:30:00Z'),
      sequence: 2,
    })
  ).id;
  ids.proposed = (
    await insertEvent(db, {
      editionId: edition.id,
      exhibitorId: provence.id,
      status: 'proposed',
      title: { en: 'A proposal waiting' },
      startsAt: new Date('2026-09-22T12:00:00Z'),
    })
  ).id;
  ids.declined = (
    await insertEvent(db, {
      editionId: edition.id,
      status: 'declined',
      title: { en: 'A declined idea' },
      startsAt: new Date('2026-09-22T13:00:00Z'),
      declineReason: 'Off topic.',
    })
  ).id;
  ids.lastYear = (
    await insertEvent(db, {
      editionId: lastYear.id,
      title: { en: 'Last year talk' },
      startsAt: new Date('2025-09-24T08:00:00Z'),
    })
  ).id;
  ids.otherSite = (
    await insertEvent(db, {
      editionId: otherSite.id,
      title: { en: 'Association assembly' },
      startsAt: new Date('2026-09-22T08:00:00Z'),
    })
  ).id;
});

afterAll(() => context.close());

const openingPath = () => `/programme/${ids.opening}-opening-press-conference`;
const tastingPath = () => `/programme/${ids.tasting}-provence-glazes-a-tasting`;
const waterPath = () => `/programme/${ids.water}-ceramics-and-water`;
const tourPath = () => `/programme/${ids.tour}-a-tour-of-hall-5`;
const provencePage = () => `/exhibitors/${ids.provence}-ceramiques-de-provence`;

describe('the programme page', () => {
  it("lists the current edition's approved and cancelled events by day, in the fair's time, never a proposal", async () => {
    const response = await get('/programme/?lang=en');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = plain(response.body);
    expect(html).toContain('<h1>Press programme: Tile Fair 2026</h1>');
    expect(html).toContain(
      '<p class="meta">September 22 – 26, 2026<br>Times are local to the fair: Central European Time.</p>',
    );
    expect(daysOf(html)).toEqual({
      'Tuesday, September 22, 2026': [
        '10:00 – 11:00 AM | Opening press conference | Press conference · Hall 5, room Sala Bianca · Tile Fair · Italian and English',
      ],
      'Wednesday, September 23, 2026': [
        '9:00 – 10:00 AM Cancelled | Ceramics and water | Talk · Hall 10 · Tile Fair · English',
        '3:30 – 4:30 PM | Provence glazes: a tasting | Exhibitor press event · Hall 7, stand D08 · Céramiques de Provence · French',
      ],
      'Thursday, September 24, 2026': [
        '9:30 – 10:30 AM | A tour of hall 5 | Tour · Hall 5 · Tile Fair · English',
      ],
    });
    expect(html).toContain('<time datetime="2026-09-22T10:00:00+02:00">10:00 – 11:00 AM</time>');
    expect(html).toContain(
      `<a href="${openingPath()}?lang=en" lang="en" dir="auto">Opening press conference</a>`,
    );
    expect(html).toContain(`<a href="${provencePage()}?lang=en" dir="auto">Céramiques de Provence</a>`);
    expect(html).toContain('<a href="#day-2026-09-23">Wed, Sep 23</a>');
    expect(html).toContain('Events shown: 4');
    for (const absent of [
      'A proposal waiting',
      'A declined idea',
      'Last year talk',
      'Association assembly',
    ]) {
      expect(html).not.toContain(absent);
    }
    expect(html).not.toContain('<script');
  });

  it('shows the same instants on the Italian page as Rome reads them, with the titles in Italian where written', async () => {
    const days = daysOf(await page('/programme/?lang=it'));
    expect(days['martedì 22 settembre 2026']).toEqual([
      '10:00–11:00 | Conferenza stampa di apertura | Conferenza stampa · Padiglione 5, sala Sala Bianca · Tile Fair · italiano e inglese',
    ]);
    expect(Object.keys(days)).toEqual([
      'martedì 22 settembre 2026',
      'mercoledì 23 settembre 2026',
      'giovedì 24 settembre 2026',
    ]);
  });

  it('carries title, description, canonical, hreflang in the seven languages and OpenGraph', async () => {
    const head = readHead(await page('/programme/?lang=en'));
    const pageUrl = `${address}/programme/`;
    expect(head.title).toBe('Press programme: Tile Fair 2026 | Tile Fair');
    expect(head.meta.get('description')).toBe(
      'The press programme of Tile Fair 2026, September 22 – 26, 2026: press conferences, talks, tours and ceremonies, day by day.',
    );
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
    expect(head.meta.get('og:title')).toBe('Press programme: Tile Fair 2026');
    expect(head.meta.get('og:url')).toBe(`${pageUrl}?lang=en`);
    expect(head.meta.has('robots')).toBe(false);
  });

  it('filters by type, hall, organiser and language through a plain GET form, the answers never indexed', async () => {
    const form = await page('/programme/?lang=en&hall=5');
    expect(form).toContain('<form class="filters" method="get" action="/programme/"');
    expect(form).toContain('<input type="hidden" name="lang" value="en">');
    expect(
      [...form.matchAll(/<select id="filter-hall" name="hall">(.*?)<\/select>/gs)][0][1].match(
        /value="[^"]*"/g,
      ),
    ).toEqual(['value=""', 'value="5"', 'value="7"', 'value="10"']);
    expect(form).toContain('<option value="5" selected>5</option>');
    expect(form).toContain('<a href="/programme/?lang=en">Clear the filters</a>');
    expect(readHead(form).meta.get('robots')).toBe('noindex');

    const titles = async (query: string) =>
      Object.values(daysOf(await page(`/programme/?lang=en&${query}`)))
        .flat()
        .map((line) => line.split(' | ')[1]);
    expect(await titles('hall=5')).toEqual(['Opening press conference', 'A tour of hall 5']);
    expect(await titles('type=talk')).toEqual(['Ceramics and water']);
    expect(await titles('organiser=exhibitor')).toEqual(['Provence glazes: a tasting']);
    expect(await titles('organiser=fair')).toEqual([
      'Opening press conference',
      'Ceramics and water',
      'A tour of hall 5',
    ]);
    expect(await titles('language=fr')).toEqual(['Provence glazes: a tasting']);
    expect(await titles('language=it&type=press_conference&hall=5')).toEqual(['Opening press conference']);
    // What the programme cannot use is left out: the whole programme, not an error.
    expect(await titles('type=party&organiser=nobody&language=xx')).toHaveLength(4);
    const none = (await get('/programme/?lang=en&type=award_ceremony')).body;
    expect(daysOf(none)).toEqual({});
    expect(none).toContain('<p>No event matches these filters.</p>');
  });

  it('answers 301 from /programme to the programme, keeping the query', async () => {
    const response = await get('/programme?lang=fr&hall=5');
    expect([response.statusCode, response.headers.location]).toEqual([301, '/programme/?lang=fr&hall=5']);
  });
});

describe("an event's page", () => {
  it('shows title, time and place in the fair’s zone, organiser, languages, description and the ways on', async () => {
    const response = await get(`${openingPath()}?lang=en`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const html = plain(response.body);
    expect(html).toContain('<h1 lang="en" dir="auto">Opening press conference</h1>');
    expect(html).toContain(
      '<dt>When</dt><dd><time datetime="2026-09-22T10:00:00+02:00">Tuesday, September 22, 2026, 10:00 – 11:00 AM</time><br><span class="meta">Central European Time</span></dd>',
    );
    expect(html).toContain('<dt>Where</dt><dd>Hall 5, room Sala Bianca</dd>');
    expect(html).toContain('<dt>Organiser</dt><dd>Tile Fair</dd>');
    expect(html).toContain('<dt>Languages</dt><dd>Italian and English</dd>');
    expect(html).toContain('<p lang="en" dir="auto">The president opens the fair.</p>');
    expect(html).toContain('<p lang="en" dir="auto">Questions follow.</p>');
    expect(html).toContain(
      '<a href="/programme/?lang=en">The whole programme</a> · Press conference at Tile Fair 2026',
    );
    // Sign-up and the calendar are the web app's and the API's.
    expect(html).toContain(
      `Journalists: sign up for this event in the press room. <a class="button" href="/#/programme/${ids.opening}">Sign up in the press room</a>`,
    );
    expect(html).toContain(
      `<a class="button" href="/api/site/programme/${ids.opening}/event.ics" type="text/calendar">Add to my calendar (.ics)</a>`,
    );
    expect(html).not.toContain('cancelled');
    const again = await get(`${openingPath()}?lang=en`, { 'if-none-match': String(response.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('carries title, description, canonical, hreflang, OpenGraph and a scheduled Event in JSON-LD with the offsets', async () => {
    const head = readHead(await page(`${openingPath()}?lang=en`));
    const pageUrl = `${address}${openingPath()}`;
    expect(head.title).toBe('Opening press conference | Tile Fair');
    expect(head.meta.get('description')).toBe('The president opens the fair. Questions follow.');
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
    expect(Object.fromEntries([...head.meta].filter(([key]) => key.startsWith('og:')))).toEqual({
      'og:type': 'website',
      'og:site_name': 'Tile Fair',
      'og:title': 'Opening press conference',
      'og:description': 'The president opens the fair. Questions follow.',
      'og:url': `${pageUrl}?lang=en`,
      'og:locale': 'en',
    });
    expect(head.jsonLd).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'Event',
        name: 'Opening press conference',
        description: 'The president opens the fair.\n\nQuestions follow.',
        url: `${pageUrl}?lang=en`,
        startDate: '2026-09-22T10:00:00+02:00',
        endDate: '2026-09-22T11:00:00+02:00',
        eventStatus: 'https://schema.org/EventScheduled',
        eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
        location: {
          '@type': 'Place',
          name: 'Hall 5, room Sala Bianca',
          containedInPlace: { '@type': 'Place', name: 'Tile Fair 2026' },
        },
        organizer: { '@type': 'Organization', name: 'Tile Fair', url: address },
        inLanguage: ['it', 'en'],
        superEvent: {
          '@type': 'Event',
          name: 'Tile Fair 2026',
          startDate: '2026-09-22',
          endDate: '2026-09-26',
        },
      },
    ]);
  });

  it("names an exhibitor's event's organiser with its press box, and offers sign-up", async () => {
    const html = await page(`${tastingPath()}?lang=fr`);
    expect(html).toContain('<h1 lang="fr" dir="auto">Les émaux de Provence : une dégustation</h1>');
    expect(html).toContain(
      `<dt>Organisateur</dt><dd><a href="${provencePage()}?lang=fr" dir="auto">Céramiques de Provence</a></dd>`,
    );
    const [event] = readHead(html).jsonLd as { organizer: unknown; eventStatus: string }[];
    expect(event.organizer).toEqual({
      '@type': 'Organization',
      name: 'Céramiques de Provence',
      url: `${address}${provencePage()}?lang=fr`,
    });
    // No description: the page says what and when in its own words.
    expect(readHead(html).meta.get('description')).toBe(
      "Événement presse d'un exposant à Tile Fair 2026 : mercredi 23 septembre 2026, 15:30 – 16:30, Hall 7, stand D08.",
    );
  });

  it('says a cancelled event is cancelled, with the reason, in the page and in its JSON-LD', async () => {
    const html = await page(`${waterPath()}?lang=en`);
    expect(html).toContain(
      '<p class="note alert"><strong>This event is cancelled.</strong><br>Reason: The speaker is ill.</p>',
    );
    expect(html).not.toContain('Sign up in the press room');
    expect(html).toContain(`<a class="button" href="/#/programme/${ids.water}">Open in the press room</a>`);
    expect(readHead(html).jsonLd).toEqual([
      expect.objectContaining({ eventStatus: 'https://schema.org/EventCancelled' }),
    ]);
  });

  it('marks an approved event moved since as rescheduled', async () => {
    const [event] = readHead((await get(`${tourPath()}?lang=en`)).body).jsonLd;
    expect(event).toMatchObject({
      eventStatus: 'https://schema.org/EventRescheduled',
      startDate: '2026-09-24T09:30:00+02:00',
      endDate: '2026-09-24T10:30:00+02:00',
    });
  });

  it('reads right to left in Arabic and Hebrew, the untranslated title marked as English', async () => {
    const arabic = (await get(`${openingPath()}?lang=ar`)).body;
    expect(readHead(arabic).htmlAttributes).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(arabic).toContain('<h1 lang="en" dir="auto">Opening press conference</h1>');
    expect(arabic).toContain('<dt>أين</dt>');
    const hebrew = (await get('/programme/?lang=he')).body;
    expect(readHead(hebrew).htmlAttributes).toEqual({ lang: 'he', dir: 'rtl' });
    expect(hebrew).toContain('<h1>תוכנית העיתונות: Tile Fair 2026</h1>');
  });

  it('answers 301 from an address with another title to the current one, keeping the language', async () => {
    const response = await get(`/programme/${ids.opening}-old-title?lang=it`);
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(`${openingPath()}?lang=it`);
    expect((await get(`/programme/${ids.opening}`)).headers.location).toBe(openingPath());
  });

  it('has no page for a proposal, a declined event, another site’s, an unknown one or a malformed address: a 404 never indexed', async () => {
    for (const url of [
      `/programme/${ids.proposed}-a-proposal-waiting?lang=en`,
      `/programme/${ids.declined}-a-declined-idea?lang=en`,
      `/programme/${ids.otherSite}-association-assembly?lang=en`,
      '/programme/999999-nothing?lang=en',
      '/programme/not-an-event?lang=en',
    ]) {
      const response = await get(url);
      expect([url, response.statusCode]).toEqual([url, 404]);
      expect(response.headers['x-robots-tag']).toBe('noindex');
      expect(response.body).toContain('<h1>This event is not available</h1>');
      expect(response.body).toContain('<a class="button" href="/programme/?lang=en">The whole programme</a>');
    }
    const onItsSite = await get(`/programme/${ids.otherSite}-association-assembly?lang=en`, {
      host: 'association.localhost',
    });
    expect(onItsSite.statusCode).toBe(200);
  });
});

describe('the sitemap', () => {
  it('lists the programme and every public event of the current edition in the seven languages', async () => {
    const response = await get('/sitemap.xml');
    expect(XMLValidator.validate(response.body)).toBe(true);
    const urls = [
      new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' }).parse(response.body).urlset.url,
    ].flat() as { loc: string; lastmod: string; 'xhtml:link': { '@hreflang': string; '@href': string }[] }[];
    const locations = urls.map((url) => url.loc);
    const languages = ['en', 'it', 'fr', 'es', 'de', 'he', 'ar'];
    const eventPages = locations.filter((location) => /\/programme\/\d+/.test(location));
    expect(eventPages).toEqual(
      [openingPath(), waterPath(), tastingPath(), tourPath()].flatMap((path) =>
        languages.map((language) => `${address}${path}?lang=${language}`),
      ),
    );
    for (const language of languages) expect(locations).toContain(`${address}/programme/?lang=${language}`);
    const pageUrl = `${address}${openingPath()}`;
    const entry = urls.find((url) => url.loc === `${pageUrl}?lang=he`);
    expect(entry?.lastmod).toBe('2026-09-01T08:00:00.000Z');
    expect(entry?.['xhtml:link'].map((link) => [link['@hreflang'], link['@href']])).toEqual([
      ...languages.map((language) => [language, `${pageUrl}?lang=${language}`]),
      ['x-default', pageUrl],
    ]);
  });
});
