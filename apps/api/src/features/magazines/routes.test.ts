import { createHash } from 'node:crypto';
import { apiPaths } from '@pressroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Caller,
  callers,
  expectedStatus,
  fair,
  multipart,
  type PressContentApp,
  pngDeclaring,
  pressAreaCallers,
  pressOfficeCallers,
  sampleJpeg,
  samplePdf,
  startPressContentApp,
} from '../../test-support/press-content.ts';

let harness: PressContentApp['harness'];
let as: PressContentApp['as'];
let stop: PressContentApp['stop'];

async function create(
  caller: Caller,
  fields: Record<string, string | string[]>,
  files: { field: string; name: string; content: Buffer; type: string }[] = [],
  extraHeaders: Record<string, string> = {},
) {
  const form = multipart(
    fields,
    files.map((file) => ({
      field: file.field,
      fileName: file.name,
      contentType: file.type,
      content: file.content,
    })),
  );
  return harness.app.inject({
    method: 'POST',
    url: apiPaths.magazines,
    headers: { ...fair, ...as[caller], ...form.headers, ...extraHeaders },
    payload: form.payload,
  });
}
const get = (url: string, caller: Caller, extra: Record<string, string> = {}) =>
  harness.app.inject({ method: 'GET', url, headers: { ...fair, ...as[caller], ...extra } });

let withFiles: { id: number; cover_url: string; pdf_url: string };
const pdf = samplePdf('Ceramic World');

beforeAll(async () => {
  ({ harness, as, stop } = await startPressContentApp());
  const created = await create(
    'administrator_press_room',
    {
      kind: 'italian',
      publisher: 'Edizioni Ceramica',
      title: 'Ceramica Oggi',
      month: '9',
      year: '2025',
      territory: 'Ignored',
    },
    [
      { field: 'cover', name: 'cover.jpg', content: await sampleJpeg(1200, 1600), type: 'image/jpeg' },
      { field: 'pdf', name: 'ceramica-oggi.pdf', content: pdf, type: 'application/pdf' },
    ],
  );
  expect(created.statusCode).toBe(201);
  withFiles = created.json();
  for (const [title, month, year, territory] of [
    ['Tile International', '9', '2025', 'Germany'],
    ['Surface Design', '10', '2025', 'United States'],
    ['Bau Keramik', '3', '2024', 'Germany'],
  ]) {
    const response = await create('administrator_global', {
      kind: 'international',
      title,
      month,
      year,
      territory,
      link: 'https://example.com/issue',
    });
    expect(response.statusCode).toBe(201);
  }
});

afterAll(() => stop());

describe('magazine list', () => {
  it.each(callers)('answers %s according to the press-area rule', async (caller) => {
    expect((await get(`${apiPaths.magazines}?kind=italian`, caller)).statusCode).toBe(
      expectedStatus(caller, pressAreaCallers, 200),
    );
  });

  it('lists Italian magazines with cover, PDF and no territory', async () => {
    const body = (await get(`${apiPaths.magazines}?kind=italian`, 'user_press_room')).json();
    expect(body.count).toBe(1);
    expect(body.results[0]).toMatchObject({
      kind: 'italian',
      title: 'Ceramica Oggi',
      publisher: 'Edizioni Ceramica',
      month: 9,
      year: 2025,
      territory: null,
      pdf_size: pdf.length,
      link: null,
    });
    expect(body.results[0].cover_url).toMatch(
      /^\/api\/press_room\/magazine\/\d+\/cover\/[0-9a-f]{64}\.webp\?site=\d+&expires=\d+&signature=/,
    );
  });

  it('filters international magazines by period and territory, newest first', async () => {
    const all = (await get(`${apiPaths.magazines}?kind=international`, 'user_press_room')).json();
    expect(all.results.map((row: { title: string }) => row.title)).toEqual([
      'Surface Design',
      'Tile International',
      'Bau Keramik',
    ]);
    const germany = (
      await get(`${apiPaths.magazines}?kind=international&territory=germany&year=2025`, 'user_press_room')
    ).json();
    expect(germany.results.map((row: { title: string }) => row.title)).toEqual(['Tile International']);
    const september = (
      await get(`${apiPaths.magazines}?kind=international&month=9&year=2025`, 'user_press_room')
    ).json();
    expect(september.count).toBe(1);
  });

  it('answers an empty result (the screen shows its message) rather than an error', async () => {
    const body = (
      await get(`${apiPaths.magazines}?kind=international&month=1&year=2020`, 'user_press_room')
    ).json();
    expect(body).toEqual({ count: 0, next: null, previous: null, results: [] });
    const tables = (
      await get(
        `${apiPaths.magazines}?kind=international&month=1&year=2020&format=datatables&draw=2`,
        'user_press_room',
      )
    ).json();
    expect(tables).toEqual({ draw: 2, recordsTotal: 0, recordsFiltered: 0, data: [] });
  });

  it('refuses a month that is not one, with a translated message', async () => {
    const response = await get(`${apiPaths.magazines}?kind=italian&month=13`, 'user_press_room', {
      'accept-language': 'it',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ month: ['Campo non valido'] });
  });

  it('offers the years and territories for the filters', async () => {
    const body = (await get(`${apiPaths.magazineFacets}?kind=international`, 'user_press_room')).json();
    expect(body).toEqual({ years: [2025, 2024], territories: ['Germany', 'United States'] });
  });

  it("keeps one site's magazines off the other site", async () => {
    const other = await harness.app.inject({
      method: 'GET',
      url: `${apiPaths.magazines}?kind=italian`,
      headers: { host: 'association.localhost', ...as.user_press_room },
    });
    expect(other.json().count).toBe(0);
  });
});

describe('magazine files', () => {
  it('serves the PDF by its signed URL with ranges, and the cover as WebP', async () => {
    const whole = await harness.app.inject({ method: 'GET', url: withFiles.pdf_url, headers: fair });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('application/pdf');
    expect(whole.rawPayload.equals(pdf)).toBe(true);
    const part = await harness.app.inject({
      method: 'GET',
      url: withFiles.pdf_url,
      headers: { ...fair, range: 'bytes=0-4' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('%PDF-');
    const cover = await harness.app.inject({ method: 'GET', url: withFiles.cover_url, headers: fair });
    expect(cover.headers['content-type']).toBe('image/webp');
  });

  it('asks for credentials when the URL is not signed', async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: withFiles.pdf_url.split('?')[0],
      headers: fair,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('magazine editing', () => {
  it.each(pressOfficeCallers)('lets %s add, change and delete magazines', async (caller) => {
    const created = await create(caller, {
      kind: 'italian',
      title: `By ${caller}`,
      month: '1',
      year: '2026',
    });
    expect(created.statusCode).toBe(201);
    const form = multipart({ title: 'Renamed', kind: 'international', territory: 'France' }, []);
    const changed = await harness.app.inject({
      method: 'PATCH',
      url: apiPaths.magazine(created.json().id),
      headers: { ...fair, ...as[caller], ...form.headers },
      payload: form.payload,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ title: 'Renamed', kind: 'international', territory: 'France' });
    const deleted = await harness.app.inject({
      method: 'DELETE',
      url: apiPaths.magazine(created.json().id),
      headers: { ...fair, ...as[caller] },
    });
    expect(deleted.statusCode).toBe(204);
  });

  it.each(callers.filter((caller) => !pressOfficeCallers.includes(caller)))(
    'refuses %s adding, changing and deleting magazines',
    async (caller) => {
      const status = expectedStatus(caller, pressOfficeCallers, 201);
      const created = await create(caller, {
        kind: 'italian',
        title: `By ${caller}`,
        month: '1',
        year: '2026',
      });
      expect(created.statusCode).toBe(status);

      const existing = await create('administrator_press_room', {
        kind: 'italian',
        title: 'Kept as it was',
        month: '2',
        year: '2026',
      });
      const id = existing.json().id;
      const form = multipart({ title: 'Renamed' }, []);
      const changed = await harness.app.inject({
        method: 'PATCH',
        url: apiPaths.magazine(id),
        headers: { ...fair, ...as[caller], ...form.headers },
        payload: form.payload,
      });
      expect(changed.statusCode).toBe(status);
      const deleted = await harness.app.inject({
        method: 'DELETE',
        url: apiPaths.magazine(id),
        headers: { ...fair, ...as[caller] },
      });
      expect(deleted.statusCode).toBe(status);

      // Still there for the press office to delete.
      const removed = await harness.app.inject({
        method: 'DELETE',
        url: apiPaths.magazine(id),
        headers: { ...fair, ...as.administrator_press_room },
      });
      expect(removed.statusCode).toBe(204);
    },
  );

  it('validates the fields and the files with the contract messages', async () => {
    const missing = await create('administrator_press_room', {
      kind: 'italian',
      month: '0',
      year: '2025',
      link: 'not a url',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      title: ['Field required'],
      month: ['Field not valid'],
      link: ['Url not valid'],
    });
    const notPdf = await create(
      'administrator_press_room',
      { kind: 'italian', title: 'X', month: '1', year: '2025' },
      [{ field: 'pdf', name: 'fake.pdf', content: Buffer.from('hello'), type: 'application/pdf' }],
    );
    expect(notPdf.json()).toEqual({ pdf: ['The file fake.pdf is not a PDF.'] });
    const notImage = await create(
      'administrator_press_room',
      { kind: 'italian', title: 'X', month: '1', year: '2025' },
      [{ field: 'cover', name: 'cover.png', content: Buffer.from('hello'), type: 'image/png' }],
    );
    expect(notImage.json()).toEqual({
      cover: ['The cover cover.png must be a JPEG, PNG or WebP image.'],
    });
    expect((await get(`${apiPaths.magazines}?kind=italian`, 'user_press_room')).json().count).toBe(1);
  });

  it('refuses an SVG cover, even one claiming to be a PNG, before anything renders it', async () => {
    const drawing = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400"><rect width="300" height="400" fill="#a33"/><script>alert(1)</script></svg>',
    );
    for (const claimed of ['image/svg+xml', 'image/png']) {
      const response = await create(
        'administrator_press_room',
        { kind: 'italian', title: 'Vector', month: '2', year: '2026' },
        [{ field: 'cover', name: 'cover.svg', content: drawing, type: claimed }],
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ cover: ['The cover cover.svg must be a JPEG, PNG or WebP image.'] });
    }
    const titles = (await get(`${apiPaths.magazines}?kind=italian`, 'user_press_room')).json().results;
    expect(titles.map((row: { title: string }) => row.title)).not.toContain('Vector');
  });

  it('refuses a cover over the pixel limit from its header, before decoding it, and adds nothing', async () => {
    // 20,000 × 20,000 pixels declared (400 megapixels, over the default limit of 100) in a file of a few bytes.
    const huge = await pngDeclaring(20_000, 20_000);
    const response = await create(
      'administrator_press_room',
      { kind: 'italian', title: 'Bomb', month: '3', year: '2026' },
      [{ field: 'cover', name: 'huge.png', content: huge, type: 'image/png' }],
      { 'accept-language': 'fr' },
    );
    expect([response.statusCode, response.json()]).toEqual([
      400,
      { cover: ["L'image huge.png mesure 20000 × 20000 pixels, au-delà de la limite de 100 mégapixels."] },
    ]);
    const titles = (await get(`${apiPaths.magazines}?kind=italian`, 'user_press_room')).json().results;
    expect(titles.map((row: { title: string }) => row.title)).not.toContain('Bomb');
    const checksum = createHash('sha256').update(huge).digest('hex');
    expect(
      await harness.app.storage.stat(`magazines/covers/${checksum.slice(0, 2)}/${checksum}.webp`),
    ).toBeNull();
  });
});
