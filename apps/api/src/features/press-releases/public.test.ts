import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/app.ts';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import { insertRelease, insertReleaseFile } from './test-factories.ts';

const list = '/api/press_room/press_release/';
const years = '/api/press_room/press_release_years/';
const feed = '/api/press_room/press_release/feed.atom';

describe('public press releases', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let dataDir: string;
  let fair: number;
  let association: number;
  let pressToken: string;
  let nonPressToken: string;
  const ids: Record<string, number> = {};
  const files: Record<string, number> = {};

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'pressroom-releases-'));
    harness = await createTestApp({ config: { dataDir } });
    const { app, db } = harness;
    fair = app.sites.byName.get('Tile Fair')?.id ?? 0;
    association = app.sites.byName.get('Ceramics Association')?.id ?? 0;

    ids.opening = (
      await insertRelease(db, {
        publicationDate: '2024-03-10',
        groups: [fair],
        translations: [
          {
            language: 'en',
            title: 'Tile Fair opens its doors',
            body: '<p>Ceramic tiles from forty countries.</p>',
          },
          { language: 'it', title: 'La fiera apre le porte', body: '<p>Piastrelle da quaranta paesi.</p>' },
        ],
      })
    ).id;
    ids.bologna = (
      await insertRelease(db, {
        publicationDate: '2025-09-20',
        groups: [fair, association],
        translations: [{ language: 'it', title: 'Piastrelle ceramiche a Bologna', subtitle: 'Un successo' }],
      })
    ).id;
    ids.president = (
      await insertRelease(db, {
        publicationDate: '2026-05-01',
        groups: [association],
        companyId: 7,
        translations: [{ language: 'en', title: 'Association elects a new president' }],
      })
    ).id;
    ids.salon = (
      await insertRelease(db, {
        publicationDate: '2026-04-01',
        groups: [fair],
        translations: [{ language: 'fr', title: 'Salon de la céramique' }],
      })
    ).id;
    ids.embargoed = (
      await insertRelease(db, {
        publicationDate: '2026-05-20',
        groups: [fair],
        embargoUntil: new Date('2026-06-02T08:00:00Z'),
        translations: [
          { language: 'en', title: 'Secret glaze collection', body: '<p>Unveiled tomorrow.</p>' },
        ],
      })
    ).id;
    ids.draft = (
      await insertRelease(db, {
        publicationDate: '2026-05-25',
        status: 'draft',
        groups: [fair],
        translations: [{ language: 'en', title: 'Draft announcement' }],
      })
    ).id;
    ids.submitted = (
      await insertRelease(db, {
        publicationDate: '2026-05-26',
        status: 'submitted',
        groups: [fair],
        translations: [{ language: 'en', title: 'Submitted announcement' }],
      })
    ).id;

    files.openingPdf = (
      await insertReleaseFile(db, app.storage, {
        releaseId: ids.opening,
        kind: 'attachment',
        name: 'Opening programme.pdf',
        contentType: 'application/pdf',
        bytes: Buffer.from('%PDF-1.4 opening programme'),
      })
    ).id;
    files.embargoedImage = (
      await insertReleaseFile(db, app.storage, {
        releaseId: ids.embargoed,
        kind: 'image',
        name: 'glaze.jpg',
        contentType: 'image/jpeg',
        bytes: Buffer.from('0123456789abcdefghij'),
        thumbnail: Buffer.from('webp-thumbnail'),
      })
    ).id;
    files.embargoedPdf = (
      await insertReleaseFile(db, app.storage, {
        releaseId: ids.embargoed,
        kind: 'attachment',
        name: 'glaze.pdf',
        contentType: 'application/pdf',
        bytes: Buffer.from('%PDF-1.4 secret'),
      })
    ).id;
    files.draftPdf = (
      await insertReleaseFile(db, app.storage, {
        releaseId: ids.draft,
        kind: 'attachment',
        name: 'draft.pdf',
        contentType: 'application/pdf',
        bytes: Buffer.from('%PDF-1.4 draft'),
      })
    ).id;

    pressToken = await tokenFor(app, await createUser(app, { roles: ['user_press_room'] }));
    nonPressToken = await tokenFor(
      app,
      await createUser(app, { roles: ['administrator_associated_companies'] }),
    );
  });

  afterAll(async () => {
    await harness.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function get(url: string, headers: Record<string, string> = {}) {
    const response = await harness.app.inject({ method: 'GET', url, headers });
    const isJson = String(response.headers['content-type'] ?? '').includes('json');
    return {
      status: response.statusCode,
      body: isJson ? response.json() : response.body,
      headers: response.headers,
    };
  }
  const press = () => authHeader(pressToken);
  const titles = (rows: { title: string }[]) => rows.map((row) => row.title);

  describe('the list', () => {
    it('shows the public only published releases past their embargo, newest first', async () => {
      const { status, body } = await get(list);
      expect(status).toBe(200);
      expect(body.count).toBe(4);
      expect(titles(body.results)).toEqual([
        'Association elects a new president',
        'Salon de la céramique',
        'Piastrelle ceramiche a Bologna',
        'Tile Fair opens its doors',
      ]);
      expect(body.results[0]).toEqual({
        id: ids.president,
        number: expect.any(Number),
        year: 2026,
        publication_date: '2026-05-01',
        language: 'en',
        languages: ['en'],
        title: 'Association elects a new president',
        subtitle: '',
        excerpt: '',
        groups: [association],
        company_id: 7,
        // No such company (the column has no foreign key): nothing to show.
        company: null,
        embargo_until: null,
        embargoed: false,
        page_path: `/releases/2026-${body.results[0].number}-association-elects-a-new-president`,
        // No pictures.
        cover: null,
      });
    });

    it('shows a signed-in press user the embargoed release, marked with its embargo', async () => {
      const { body } = await get(list, press());
      expect(body.count).toBe(5);
      const embargoed = body.results.find((row: { id: number }) => row.id === ids.embargoed);
      expect(embargoed).toMatchObject({
        title: 'Secret glaze collection',
        embargoed: true,
        embargo_until: '2026-06-02T08:00:00.000Z',
      });
    });

    it('treats a signed-in user without press access, and a broken token, like the public', async () => {
      expect((await get(list, authHeader(nonPressToken))).body.count).toBe(4);
      expect((await get(list, authHeader('garbage'))).body.count).toBe(4);
    });

    it('never lists drafts or submitted releases, not even to press users', async () => {
      const { body } = await get(`${list}?page_size=100`, press());
      const listed = body.results.map((row: { id: number }) => row.id);
      expect(listed).not.toContain(ids.draft);
      expect(listed).not.toContain(ids.submitted);
    });

    it('filters by site, year, company and language', async () => {
      expect(titles((await get(`${list}?group=${association}`)).body.results)).toEqual([
        'Association elects a new president',
        'Piastrelle ceramiche a Bologna',
      ]);
      expect(titles((await get(`${list}?group=${fair}&year=2025`)).body.results)).toEqual([
        'Piastrelle ceramiche a Bologna',
      ]);
      expect(titles((await get(`${list}?company=7`)).body.results)).toEqual([
        'Association elects a new president',
      ]);
      // Filtering by language shows the text in that language.
      expect(titles((await get(`${list}?language=it`)).body.results)).toEqual([
        'Piastrelle ceramiche a Bologna',
        'La fiera apre le porte',
      ]);
      expect((await get(`${list}?language=de`)).body.count).toBe(0);
    });

    it('falls back from the reader language to English, then Italian, then any', async () => {
      const german = await get(`${list}?group=${fair}`, { 'accept-language': 'de' });
      expect(
        german.body.results.map((row: { title: string; language: string }) => [row.title, row.language]),
      ).toEqual([
        ['Salon de la céramique', 'fr'],
        ['Piastrelle ceramiche a Bologna', 'it'],
        ['Tile Fair opens its doors', 'en'],
      ]);
      const italian = await get(`${list}?group=${fair}`, { 'accept-language': 'it-IT,it;q=0.9' });
      expect(titles(italian.body.results)).toContain('La fiera apre le porte');
    });

    it('searches the full text with stemming in the language of each text', async () => {
      // English "tile" finds "tiles"; Italian "piastrella" finds "Piastrelle".
      expect(titles((await get(`${list}?search=tile`)).body.results)).toEqual(['Tile Fair opens its doors']);
      expect(titles((await get(`${list}?search=piastrella&language=it`)).body.results)).toEqual([
        'Piastrelle ceramiche a Bologna',
        'La fiera apre le porte',
      ]);
      expect((await get(`${list}?search=${encodeURIComponent('"forty countries"')}`)).body.count).toBe(1);
      expect((await get(`${list}?search=${encodeURIComponent('nothing-like-this')}`)).body.count).toBe(0);
    });

    it('stems every language with its own configuration, with or without the language filter', async () => {
      // French stems "céramiques" to the "céram" of "céramique"; English or no stemming would not match it.
      const french = encodeURIComponent('céramiques');
      expect(titles((await get(`${list}?search=${french}`)).body.results)).toEqual(['Salon de la céramique']);
      expect(titles((await get(`${list}?search=${french}&language=fr`)).body.results)).toEqual([
        'Salon de la céramique',
      ]);
      expect((await get(`${list}?search=${french}&language=en`)).body.count).toBe(0);
    });

    it('keeps an embargoed release out of the public search, and finds it for press users', async () => {
      expect((await get(`${list}?search=glaze`)).body.count).toBe(0);
      expect(titles((await get(`${list}?search=glaze`, press())).body.results)).toEqual([
        'Secret glaze collection',
      ]);
    });

    it('speaks DataTables, searching titles of any translation, without the embargoed release', async () => {
      const params = new URLSearchParams({
        format: 'datatables',
        draw: '3',
        start: '0',
        length: '10',
        'columns[0][data]': 'title',
        'columns[0][searchable]': 'true',
        'columns[0][orderable]': 'true',
        'columns[1][data]': 'publication_date',
        'columns[1][searchable]': 'true',
        'columns[1][orderable]': 'true',
        'order[0][column]': '0',
        'order[0][dir]': 'asc',
        'search[value]': 'e',
      });
      const anonymous = await get(`${list}?${params}`);
      expect(anonymous.status).toBe(200);
      expect(anonymous.body.draw).toBe(3);
      expect(anonymous.body.recordsTotal).toBe(4);
      expect(titles(anonymous.body.data)).toEqual([
        'Association elects a new president',
        'Piastrelle ceramiche a Bologna',
        'Salon de la céramique',
        'Tile Fair opens its doors',
      ]);
      params.set('search[value]', 'secret');
      expect((await get(`${list}?${params}`)).body.recordsFiltered).toBe(0);
      const forPress = await get(`${list}?${params}`, press());
      expect(forPress.body.recordsTotal).toBe(5);
      expect(titles(forPress.body.data)).toEqual(['Secret glaze collection']);
    });

    it('counts every match on any page of a search, and on a page past the last one', async () => {
      const page = (start: number, order: 'publication_date' | 'title') =>
        new URLSearchParams({
          format: 'datatables',
          draw: '1',
          start: String(start),
          length: '2',
          'columns[0][data]': order,
          'columns[0][orderable]': 'true',
          'order[0][column]': '0',
          'order[0][dir]': 'asc',
          search: 'tile or piastrella or céramique',
        });
      const summary = (body: {
        recordsTotal: number;
        recordsFiltered: number;
        data: { title: string }[];
      }) => [body.recordsTotal, body.recordsFiltered, titles(body.data)];
      // The public search finds three; the embargoed release is not among them.
      expect(summary((await get(`${list}?${page(0, 'publication_date')}`)).body)).toEqual([
        3,
        3,
        ['Tile Fair opens its doors', 'Piastrelle ceramiche a Bologna'],
      ]);
      expect(summary((await get(`${list}?${page(2, 'publication_date')}`)).body)).toEqual([
        3,
        3,
        ['Salon de la céramique'],
      ]);
      // Ordered by the shown title, as the tables can.
      expect(summary((await get(`${list}?${page(0, 'title')}`)).body)).toEqual([
        3,
        3,
        ['Piastrelle ceramiche a Bologna', 'Salon de la céramique'],
      ]);
      expect(summary((await get(`${list}?${page(4, 'title')}`)).body)).toEqual([3, 3, []]);
      // The page shape: a page past the last one is still 404, the last one is found by its count.
      const search = encodeURIComponent('tile or piastrella or céramique');
      expect((await get(`${list}?search=${search}&page_size=2&page=3`)).status).toBe(404);
      const last = await get(`${list}?search=${search}&page_size=2&page=last`);
      expect([last.body.count, titles(last.body.results)]).toEqual([3, ['Tile Fair opens its doors']]);
    });

    it('answers bad filters with a translated 400 and bad DataTables values without failing', async () => {
      const { status, body } = await get(`${list}?group=abc&year=20x`, { 'accept-language': 'it' });
      expect(status).toBe(400);
      expect(body).toEqual({ group: ['Campo non valido'], year: ['Campo non valido'] });
      const odd = await get(
        `${list}?format=datatables&length=x&start=-4&draw=y&order[0][column]=99&search[regex]=false&search[value]=(`,
      );
      expect(odd.status).toBe(200);
      // Nobody reading the public list needs a regular expression: it is refused, in words.
      const regex = await get(`${list}?format=datatables&search[regex]=true&search[value]=(`, {
        'accept-language': 'it',
      });
      expect([regex.status, regex.body]).toEqual([
        400,
        { detail: "Questo elenco non si può cercare con un'espressione regolare." },
      ]);
    });
  });

  describe('the years', () => {
    it('lists the years of a site with counts, in the DataTables shape, without embargoed releases', async () => {
      const { status, body } = await get(`${years}?group=${fair}&format=datatables`);
      expect(status).toBe(200);
      expect(body).toEqual({
        draw: 1,
        recordsTotal: 3,
        recordsFiltered: 3,
        data: [
          { year: 2026, count: 1 },
          { year: 2025, count: 1 },
          { year: 2024, count: 1 },
        ],
      });
    });

    it('counts the embargoed release for press users', async () => {
      const { body } = await get(`${years}?group=${fair}&format=datatables`, press());
      expect(body.data[0]).toEqual({ year: 2026, count: 2 });
    });

    it('answers the plain shape too', async () => {
      const { body } = await get(`${years}?group=${association}`);
      expect(body).toEqual({
        count: 2,
        next: null,
        previous: null,
        results: [
          { year: 2026, count: 1 },
          { year: 2025, count: 1 },
        ],
      });
    });
  });

  describe('the detail', () => {
    it('shows a public release in the reader language, with its files', async () => {
      const english = await get(`${list}${ids.opening}/`);
      expect(english.status).toBe(200);
      expect(english.body).toMatchObject({
        id: ids.opening,
        language: 'en',
        languages: ['en', 'it'],
        title: 'Tile Fair opens its doors',
        body: '<p>Ceramic tiles from forty countries.</p>',
        images: [],
        attachments: [
          {
            id: files.openingPdf,
            kind: 'attachment',
            file_name: 'Opening programme.pdf',
            content_type: 'application/pdf',
            size: 26,
            url: `/api/press_room/press_release_file/${files.openingPdf}/`,
            thumbnail_url: null,
          },
        ],
      });
      const italian = await get(`${list}${ids.opening}/`, { 'accept-language': 'it' });
      expect(italian.body.title).toBe('La fiera apre le porte');
      expect((await get(`${list}${ids.opening}/?language=it`)).body.language).toBe('it');
    });

    it('is 404 for the public while the embargo holds', async () => {
      const { status, body } = await get(`${list}${ids.embargoed}/`);
      expect(status).toBe(404);
      expect(body).toEqual({ detail: 'Not found.' });
      expect((await get(`${list}${ids.embargoed}/`, authHeader(nonPressToken))).status).toBe(404);
    });

    it('shows press users the embargoed release with signed file URLs', async () => {
      const { status, body } = await get(`${list}${ids.embargoed}/`, press());
      expect(status).toBe(200);
      expect(body.embargoed).toBe(true);
      expect(body.embargo_until).toBe('2026-06-02T08:00:00.000Z');
      expect(body.images[0].url).toMatch(
        new RegExp(
          `^/api/press_room/press_release_file/${files.embargoedImage}/\\?site=\\d+&expires=\\d+&signature=`,
        ),
      );
      expect(body.images[0].thumbnail_url).toMatch(/\/thumbnail\/\?site=\d+&expires=\d+&signature=/);
    });

    it('is 404 for drafts, submitted releases, unknown ids and ids that are not numbers, whoever asks', async () => {
      for (const id of [ids.draft, ids.submitted, 999999, 'abc', '0', '99999999999']) {
        expect((await get(`${list}${id}/`, press())).status).toBe(404);
      }
    });
  });

  describe('the files', () => {
    const fileUrl = (id: number) => `/api/press_room/press_release_file/${id}/`;

    it('serves a public release file to anyone, with ETag, caching and ranges', async () => {
      const whole = await get(fileUrl(files.openingPdf));
      expect(whole.status).toBe(200);
      expect(whole.body).toBe('%PDF-1.4 opening programme');
      expect(whole.headers['content-type']).toBe('application/pdf');
      expect(whole.headers['content-disposition']).toContain('attachment; filename="Opening programme.pdf"');
      const etag = String(whole.headers.etag);
      expect((await get(fileUrl(files.openingPdf), { 'if-none-match': etag })).status).toBe(304);
      const part = await get(fileUrl(files.openingPdf), { range: 'bytes=0-3' });
      expect(part.status).toBe(206);
      expect(part.body).toBe('%PDF');
      expect(part.headers['content-range']).toBe('bytes 0-3/26');
    });

    it('does not serve an embargoed file, or its thumbnail, to the public', async () => {
      expect((await get(fileUrl(files.embargoedImage))).status).toBe(404);
      expect((await get(`${fileUrl(files.embargoedImage)}thumbnail/`)).status).toBe(404);
      expect((await get(fileUrl(files.embargoedPdf), authHeader(nonPressToken))).status).toBe(404);
    });

    it('serves an embargoed file to a press user by token and through the signed URL of their view', async () => {
      expect((await get(fileUrl(files.embargoedPdf), press())).status).toBe(200);
      const detail = await get(`${list}${ids.embargoed}/`, press());
      const image = await get(detail.body.images[0].url);
      expect(image.status).toBe(200);
      expect(image.body).toBe('0123456789abcdefghij');
      const thumbnail = await get(detail.body.images[0].thumbnail_url);
      expect(thumbnail.status).toBe(200);
      expect(thumbnail.headers['content-type']).toBe('image/webp');
    });

    it('refuses a tampered signature or a signature of another file', async () => {
      const detail = await get(`${list}${ids.embargoed}/`, press());
      const url: string = detail.body.images[0].url;
      expect((await get(url.replace(/signature=./, 'signature=A'))).status).toBe(404);
      const stolen = url.replace(`/${files.embargoedImage}/`, `/${files.embargoedPdf}/`);
      expect((await get(stolen)).status).toBe(404);
    });

    it('never serves a draft file without a signature, not even to press users', async () => {
      expect((await get(fileUrl(files.draftPdf), press())).status).toBe(404);
      expect((await get(fileUrl(999999))).status).toBe(404);
    });
  });

  describe('the feed', () => {
    it("lists a site's public releases as Atom, never the embargoed one, whoever asks", async () => {
      for (const headers of [{}, press()]) {
        const {
          status,
          body,
          headers: responseHeaders,
        } = await get(`${feed}?group=${fair}&language=en`, headers);
        expect(status).toBe(200);
        expect(responseHeaders['content-type']).toBe('application/atom+xml; charset=utf-8');
        expect(body).toMatch(
          /^<\?xml version="1.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www.w3.org\/2005\/Atom"/,
        );
        expect(body).toContain('<title>Tile Fair opens its doors</title>');
        expect(body).toMatch(/href="http:\/\/[^"]+\/releases\/2024-\d+-tile-fair-opens-its-doors\?lang=en"/);
        expect(body).not.toContain('Secret glaze');
        expect(body).not.toContain('Draft announcement');
        expect(body).not.toContain('Association elects');
      }
    });

    it("links to the site's configured address, never to a Host header the client made up", async () => {
      const { publicUrl } = harness.app.config;
      const forged = await get(`${feed}?group=${fair}&language=en`, { host: 'evil.example' });
      expect(forged.body).not.toContain('evil.example');
      expect(forged.body).toContain(`<link rel="self" type="application/atom+xml" href="${publicUrl}/api/`);
      const association = await get(`${feed}?language=en`, { host: 'association.localhost' });
      const port = new URL(publicUrl).port;
      expect(association.body).toContain(
        `href="http://association.localhost${port ? `:${port}` : ''}/releases/`,
      );
      const page = await get(`${list}?group=${fair}&page_size=1`, { host: 'evil.example' });
      expect(page.body.next).toBe(`${publicUrl}${list}?group=${fair}&page_size=1&page=2`);
    });

    it('defaults to the site of the hostname and keeps to the language asked for', async () => {
      const { body } = await get(`${feed}?language=it`, { host: 'association.localhost' });
      expect(body).toContain('<title>Ceramics Association: comunicati stampa</title>');
      expect(body).toContain('<title>Piastrelle ceramiche a Bologna</title>');
      expect(body).not.toContain('Association elects');
    });
  });

  describe('when the embargo time passes', () => {
    it('the release becomes public everywhere, without the embargo mark', async () => {
      harness.clock.set(new Date('2026-06-02T08:00:00Z'));
      const detail = await get(`${list}${ids.embargoed}/`);
      expect(detail.status).toBe(200);
      expect(detail.body.embargoed).toBe(false);
      expect(detail.body.embargo_until).toBeNull();
      expect(detail.body.images[0].url).toBe(`/api/press_room/press_release_file/${files.embargoedImage}/`);
      expect((await get(detail.body.images[0].url)).status).toBe(200);
      expect((await get(list)).body.count).toBe(5);
      expect((await get(`${list}?search=glaze`)).body.count).toBe(1);
      expect((await get(`${years}?group=${fair}&format=datatables`)).body.data[0]).toEqual({
        year: 2026,
        count: 2,
      });
      expect((await get(`${feed}?group=${fair}&language=en`)).body).toContain('Secret glaze collection');
    });
  });
});
