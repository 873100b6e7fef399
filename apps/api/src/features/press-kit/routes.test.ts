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
) {
  const form = multipart(
    fields,
    content ? [{ field: 'file', fileName, contentType: 'application/pdf', content }] : [],
  );
  return harness.app.inject({
    method: 'POST',
    url: apiPaths.pressKit,
    headers: { ...fair, ...as[caller], ...form.headers },
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
  it.each(callers)('lets %s edit the kit only as the press office', async (caller) => {
    const created = await add(caller, { title: `By ${caller}`, language: 'fr' }, samplePdf(caller));
    expect(created.statusCode).toBe(expectedStatus(caller, pressOfficeCallers, 201));
    if (created.statusCode !== 201) return;
    const id = created.json().id;
    const changed = await harness.app.inject({
      method: 'PATCH',
      url: apiPaths.pressKitDocument(id),
      headers: { ...fair, ...as[caller] },
      payload: { title: 'Dossier', position: 4 },
    });
    expect(changed.json()).toMatchObject({ title: 'Dossier', position: 4, language: 'fr' });
    expect(
      (
        await harness.app.inject({
          method: 'DELETE',
          url: apiPaths.pressKitDocument(id),
          headers: { ...fair, ...as[caller] },
        })
      ).statusCode,
    ).toBe(204);
  });

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
});
