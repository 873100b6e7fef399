import { apiPaths } from '@pressroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Caller,
  callers,
  expectedStatus,
  fair,
  multipart,
  type PressContentApp,
  pressAreaCallers,
  pressOfficeCallers,
  readZip,
  samplePdf,
  startPressContentApp,
} from '../../test-support/press-content.ts';

let harness: PressContentApp['harness'];
let as: PressContentApp['as'];
let stop: PressContentApp['stop'];

async function add(
  caller: Caller,
  fields: Record<string, string>,
  content: Buffer | null,
  fileName = 'document.pdf',
  contentType = 'application/pdf',
  extraHeaders: Record<string, string> = {},
) {
  const form = multipart(fields, content ? [{ field: 'file', fileName, contentType, content }] : []);
  return harness.app.inject({
    method: 'POST',
    url: apiPaths.pressKit,
    headers: { ...fair, ...as[caller], ...form.headers, ...extraHeaders },
    payload: form.payload,
  });
}
const get = (url: string, caller: Caller, extra: Record<string, string> = {}) =>
  harness.app.inject({ method: 'GET', url, headers: { ...fair, ...as[caller], ...extra } });

const factSheet = samplePdf('fact sheet');
const schedule = samplePdf('schedule');

beforeAll(async () => {
  ({ harness, as, stop } = await startPressContentApp());
  expect(
    (
      await add(
        'administrator_press_room',
        { title: 'Schedule', language: 'en', position: '2' },
        schedule,
        'schedule.pdf',
      )
    ).statusCode,
  ).toBe(201);
  expect(
    (
      await add(
        'administrator_press_room',
        { title: 'Fact sheet', description: 'Figures', language: 'en', position: '1' },
        factSheet,
        'facts.pdf',
      )
    ).statusCode,
  ).toBe(201);
  expect(
    (
      await add(
        'administrator_global',
        { title: 'Scheda', language: 'it' },
        samplePdf('scheda'),
        'scheda.pdf',
      )
    ).statusCode,
  ).toBe(201);
});

afterAll(() => stop());

describe('press kit', () => {
  it.each(callers)('answers %s according to the press-area rule', async (caller) => {
    expect((await get(apiPaths.pressKit, caller)).statusCode).toBe(
      expectedStatus(caller, pressAreaCallers, 200),
    );
  });

  it("lists the kit in the reader's language, in order", async () => {
    const body = (await get(apiPaths.pressKit, 'user_press_room', { 'accept-language': 'it' })).json();
    expect(body.language).toBe('it');
    expect(body.documents.map((row: { title: string }) => row.title)).toEqual(['Scheda']);
    const english = (await get(apiPaths.pressKit, 'user_press_room')).json();
    expect(
      english.documents.map((row: { title: string; position: number }) => [row.title, row.position]),
    ).toEqual([
      ['Fact sheet', 1],
      ['Schedule', 2],
    ]);
    expect(english.total_size).toBe(factSheet.length + schedule.length);
  });

  it('falls back to English when the kit has nothing in the reader language', async () => {
    const body = (await get(apiPaths.pressKit, 'user_press_room', { 'accept-language': 'de' })).json();
    expect(body.language).toBe('en');
  });

  it('downloads one document and the whole kit as a valid ZIP, in order', async () => {
    const kit = (await get(apiPaths.pressKit, 'user_press_room')).json();
    const one = await harness.app.inject({ method: 'GET', url: kit.documents[0].url, headers: fair });
    expect(one.statusCode).toBe(200);
    expect(one.rawPayload.equals(factSheet)).toBe(true);
    expect(one.headers['content-disposition']).toContain('attachment; filename="facts.pdf"');
    const zip = await harness.app.inject({ method: 'GET', url: kit.zip_url, headers: fair });
    expect(zip.statusCode).toBe(200);
    const entries = await readZip(zip.rawPayload);
    expect(entries.map((entry) => entry.name)).toEqual(['01 facts.pdf', '02 schedule.pdf']);
    expect(entries[1].content.equals(schedule)).toBe(true);
  });

  it("honours the kit's signed links only on the site they were made for", async () => {
    const kit = (await get(apiPaths.pressKit, 'user_press_room')).json();
    const siteId = harness.app.sites.forHostname(fair.host).id;
    expect(kit.zip_url).toContain(`site=${siteId}&`);
    const onAssociation = { host: 'association.localhost' };
    for (const url of [kit.zip_url, kit.documents[0].url]) {
      const refused = await harness.app.inject({ method: 'GET', url, headers: onAssociation });
      expect([refused.statusCode, refused.json().detail]).toEqual([401, expect.any(String)]);
    }
    // The site is part of what is signed: naming another one breaks the signature.
    const association = harness.app.sites.forHostname(onAssociation.host).id;
    const moved = kit.zip_url.replace(`site=${siteId}&`, `site=${association}&`);
    expect((await harness.app.inject({ method: 'GET', url: moved, headers: onAssociation })).statusCode).toBe(
      401,
    );
  });

  it('refuses to zip an empty kit', async () => {
    const other = await harness.app.inject({
      method: 'GET',
      url: apiPaths.pressKitZip,
      headers: { host: 'association.localhost', ...as.user_press_room },
    });
    expect(other.statusCode).toBe(400);
  });
});

describe('press kit editing', () => {
  it.each(pressOfficeCallers)('lets %s add, change and delete documents of the kit', async (caller) => {
    const created = await add(caller, { title: `By ${caller}`, language: 'fr' }, samplePdf(caller));
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const changed = await harness.app.inject({
      method: 'PATCH',
      url: apiPaths.pressKitDocument(id),
      headers: { ...fair, ...as[caller] },
      payload: { title: 'Dossier', position: 4 },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ title: 'Dossier', position: 4, language: 'fr' });
    const deleted = await harness.app.inject({
      method: 'DELETE',
      url: apiPaths.pressKitDocument(id),
      headers: { ...fair, ...as[caller] },
    });
    expect(deleted.statusCode).toBe(204);
  });

  it.each(callers.filter((caller) => !pressOfficeCallers.includes(caller)))(
    'refuses %s adding, changing and deleting documents of the kit',
    async (caller) => {
      const status = expectedStatus(caller, pressOfficeCallers, 201);
      const created = await add(caller, { title: `By ${caller}`, language: 'fr' }, samplePdf(caller));
      expect(created.statusCode).toBe(status);

      const existing = await add(
        'administrator_press_room',
        { title: 'Kept', language: 'fr' },
        samplePdf(caller),
      );
      const id = existing.json().id;
      const changed = await harness.app.inject({
        method: 'PATCH',
        url: apiPaths.pressKitDocument(id),
        headers: { ...fair, ...as[caller] },
        payload: { title: 'Dossier' },
      });
      expect(changed.statusCode).toBe(status);
      const deleted = await harness.app.inject({
        method: 'DELETE',
        url: apiPaths.pressKitDocument(id),
        headers: { ...fair, ...as[caller] },
      });
      expect(deleted.statusCode).toBe(status);

      // Still there for the press office to delete.
      const removed = await harness.app.inject({
        method: 'DELETE',
        url: apiPaths.pressKitDocument(id),
        headers: { ...fair, ...as.administrator_press_room },
      });
      expect(removed.statusCode).toBe(204);
    },
  );

  it('lists every language for the editing screen, to the press office only', async () => {
    expect((await get(`${apiPaths.pressKit}?language=all`, 'user_press_room')).statusCode).toBe(403);
    const all = (await get(`${apiPaths.pressKit}?language=all`, 'administrator_press_room')).json();
    expect(all.documents).toHaveLength(3);
  });

  it('asks for a title, a language and a file', async () => {
    const response = await add('administrator_press_room', { language: 'xx' }, null);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ title: ['Field required'], language: ['Field not valid'] });
    const noFile = await add('administrator_press_room', { title: 'T', language: 'en' }, null);
    expect(noFile.json()).toEqual({ file: ['Choose a file.'] });
  });

  it('refuses an HTML page or an SVG drawing, naming the accepted types in the reader language', async () => {
    const page = await add(
      'administrator_press_room',
      { title: 'Page', language: 'en' },
      Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'),
      'page.html',
      'text/html',
    );
    expect(page.statusCode).toBe(400);
    expect(page.json()).toEqual({
      file: [
        'The file page.html is not of an accepted type: PDF, Word, Excel, PowerPoint, OpenDocument, ZIP, JPEG, PNG or WebP.',
      ],
    });
    const drawing = await add(
      'administrator_press_room',
      { title: 'Logo', language: 'en' },
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'logo.svg',
      'image/svg+xml',
      { 'accept-language': 'it' },
    );
    expect(drawing.json()).toEqual({
      file: [
        'Il file logo.svg non è di un tipo accettato: PDF, Word, Excel, PowerPoint, OpenDocument, ZIP, JPEG, PNG o WebP.',
      ],
    });
    const all = (await get(`${apiPaths.pressKit}?language=all`, 'administrator_press_room')).json();
    expect(all.documents.map((row: { title: string }) => row.title)).not.toContain('Page');
  });

  it('serves a document with the type its content has, never the one the browser claimed', async () => {
    // The smallest valid ZIP (an end-of-central-directory record alone): what an office document is inside.
    const emptyZip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)]);
    const sheet = await add(
      'administrator_press_room',
      { title: 'Figures', language: 'es' },
      emptyZip,
      'figures.xlsx',
      'text/html',
    );
    expect(sheet.json()).toMatchObject({
      file_name: 'figures.xlsx',
      mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    const disguised = await add(
      'administrator_press_room',
      { title: 'Report', language: 'es' },
      samplePdf('report'),
      'report.html',
      'text/html',
    );
    expect(disguised.json()).toMatchObject({ file_name: 'report.pdf', mime: 'application/pdf' });
    const served = await harness.app.inject({ method: 'GET', url: disguised.json().url, headers: fair });
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toContain('attachment; filename="report.pdf"');
    for (const created of [sheet, disguised]) {
      await harness.app.inject({
        method: 'DELETE',
        url: apiPaths.pressKitDocument(created.json().id),
        headers: { ...fair, ...as.administrator_press_room },
      });
    }
  });
});
