import { apiPaths } from '@pressroom/contract';
import { pressContacts } from '@pressroom/db';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Caller,
  multipart,
  type PressContentApp,
  pngDeclaring,
  sampleJpeg,
  startPressContentApp,
} from '../../test-support/press-content.ts';
import { insertRelease } from '../press-releases/test-factories.ts';

let harness: PressContentApp['harness'];
let as: PressContentApp['as'];
let stop: PressContentApp['stop'];
let fairId = 0;
let associationId = 0;

const fair = { host: 'fair.localhost' };
const association = { host: 'association.localhost' };

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  caller: Caller,
  body?: unknown,
  host = fair,
) =>
  harness.app.inject({
    method,
    url,
    headers: { ...host, ...as[caller] },
    ...(body === undefined ? {} : { payload: body as object }),
  });

async function addContact(fields: Record<string, unknown>) {
  const response = await call('POST', apiPaths.pressContactsAdmin, 'administrator_press_room', fields);
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; photo_url: string | null };
}

async function putPhoto(id: number, content: Buffer, fileName: string, contentType: string, language = 'en') {
  const form = multipart({}, [{ field: 'photo', fileName, contentType, content }]);
  return harness.app.inject({
    method: 'PUT',
    url: apiPaths.pressContactPhoto(id),
    headers: { ...fair, ...as.administrator_press_room, ...form.headers, 'accept-language': language },
    payload: form.payload,
  });
}

const voices = (query: string, host = fair, caller: Caller = 'anonymous', language = 'en') =>
  harness.app.inject({
    method: 'GET',
    url: `${apiPaths.releaseVoices}${query}`,
    headers: { ...host, ...as[caller], 'accept-language': language },
  });

beforeAll(async () => {
  ({ harness, as, stop } = await startPressContentApp());
  fairId = harness.app.sites.byName.get('Tile Fair')?.id ?? 0;
  associationId = harness.app.sites.byName.get('Ceramics Association')?.id ?? 0;
});
afterAll(() => stop());

describe('press contacts and boilerplates', () => {
  it("shows anyone the site's own contacts in order, and the other site's to nobody here", async () => {
    const second = await addContact({
      site: fairId,
      name: 'Luca Neri',
      role: { en: 'Press officer' },
      position: 2,
    });
    const first = await addContact({
      site: fairId,
      name: 'Anna Bianchi',
      role: { en: 'Head of press' },
      email: 'anna@tilefair.example',
      phone: '+39 051 123 4567',
      languages: ['it', 'en', 'it'],
      position: 1,
    });
    await addContact({ site: associationId, name: 'Marta Rossi' });

    const response = await voices('');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.contacts.map((contact: { id: number }) => contact.id)).toEqual([first.id, second.id]);
    expect(body.contacts[0]).toEqual({
      id: first.id,
      site: fairId,
      name: 'Anna Bianchi',
      role: { en: 'Head of press' },
      email: 'anna@tilefair.example',
      phone: '+39 051 123 4567',
      languages: ['it', 'en'],
      position: 1,
      photo_url: null,
    });
    expect(body.named_by_release).toBe(false);
    expect(body.press_office_email).toBe(harness.config.pressOfficeEmail);
    const other = (await voices('', association)).json();
    expect(other.contacts.map((contact: { name: string }) => contact.name)).toEqual(['Marta Rossi']);
  });

  it('gives the boilerplate in the reader language, else English, else Italian', async () => {
    const put = (language: string, text: string) =>
      call('PUT', apiPaths.boilerplateAdmin(fairId, language), 'administrator_press_room', { text });
    expect((await put('it', 'La Fiera della Ceramica è...')).statusCode).toBe(200);
    expect((await put('en', 'The Tile Fair is...')).statusCode).toBe(200);
    expect((await put('en', 'The Tile Fair is the meeting place of ceramics.')).json().text).toBe(
      'The Tile Fair is the meeting place of ceramics.',
    );

    expect((await voices('', fair, 'anonymous', 'it')).json().boilerplate).toEqual({
      language: 'it',
      text: 'La Fiera della Ceramica è...',
    });
    expect((await voices('', fair, 'anonymous', 'de')).json().boilerplate).toEqual({
      language: 'en',
      text: 'The Tile Fair is the meeting place of ceramics.',
    });
    expect((await voices('?language=fr')).json().boilerplate.language).toBe('en');
    expect((await voices('', association)).json().boilerplate).toBeNull();

    expect(
      (await call('DELETE', apiPaths.boilerplateAdmin(fairId, 'en'), 'administrator_global')).statusCode,
    ).toBe(204);
    expect((await voices('', fair, 'anonymous', 'de')).json().boilerplate.language).toBe('it');
    expect(
      (await call('DELETE', apiPaths.boilerplateAdmin(fairId, 'en'), 'administrator_global')).statusCode,
    ).toBe(404);
  });

  it("shows the contacts a release names instead of the site's, and only once the reader may read the release", async () => {
    const spokesperson = await addContact({
      site: fairId,
      name: 'Giulia Verdi',
      role: { en: 'Exhibitor relations' },
    });
    const published = await insertRelease(harness.db, {
      groups: [fairId],
      translations: [{ language: 'en', title: 'Hall 5 opens' }],
    });
    const embargoed = await insertRelease(harness.db, {
      groups: [fairId],
      embargoUntil: new Date('2026-12-01T00:00:00Z'),
      translations: [{ language: 'en', title: 'Awards' }],
    });
    for (const release of [published, embargoed]) {
      const response = await call(
        'PUT',
        apiPaths.releaseContactsAdmin(release.id),
        'administrator_press_room',
        { contacts: [spokesperson.id, spokesperson.id] },
      );
      expect(response.json()).toEqual({ contacts: [spokesperson.id] });
    }

    const named = (await voices(`?press_release=${published.id}`)).json();
    expect(named.named_by_release).toBe(true);
    expect(named.contacts.map((contact: { name: string }) => contact.name)).toEqual(['Giulia Verdi']);

    // Before its embargo ends the public learns nothing of the release, not even who speaks for it.
    const hidden = (await voices(`?press_release=${embargoed.id}`)).json();
    expect(hidden.named_by_release).toBe(false);
    expect(hidden.contacts).toEqual((await voices('')).json().contacts);
    const forPress = (await voices(`?press_release=${embargoed.id}`, fair, 'user_press_room')).json();
    expect(forPress.named_by_release).toBe(true);

    // Seen from the other site, the release is not one of its own.
    expect((await voices(`?press_release=${published.id}`, association)).json().named_by_release).toBe(false);

    expect(
      (await call('GET', apiPaths.releaseContactsAdmin(published.id), 'administrator_press_room')).json(),
    ).toEqual({ contacts: [spokesperson.id] });
    expect(
      (await call('DELETE', apiPaths.pressContactAdmin(spokesperson.id), 'administrator_press_room'))
        .statusCode,
    ).toBe(204);
    expect(
      (await call('GET', apiPaths.releaseContactsAdmin(published.id), 'administrator_press_room')).json(),
    ).toEqual({ contacts: [] });
    expect((await voices(`?press_release=${published.id}`)).json().named_by_release).toBe(false);
  });

  it('changes only the fields a PATCH names', async () => {
    const contact = await addContact({
      site: fairId,
      name: 'Paolo Gialli',
      role: { en: 'Photo desk', it: 'Ufficio fotografico' },
      email: 'paolo@tilefair.example',
      phone: '+39 0536 000',
      languages: ['it'],
    });
    const response = await call('PATCH', apiPaths.pressContactAdmin(contact.id), 'administrator_press_room', {
      phone: '+39 0536 999',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Paolo Gialli',
      role: { en: 'Photo desk', it: 'Ufficio fotografico' },
      email: 'paolo@tilefair.example',
      phone: '+39 0536 999',
      languages: ['it'],
      site: fairId,
    });
  });

  it('keeps a job title per language, and a PATCH naming it replaces every language and drops the empty ones', async () => {
    const contact = await addContact({
      site: associationId,
      name: 'Sara Blu',
      role: {
        en: 'Head of press office',
        it: 'Responsabile ufficio stampa',
        ar: 'رئيسة المكتب الصحفي',
        fr: '',
      },
    });
    const shown = (language: string) =>
      voices('', association, 'anonymous', language).then((response) =>
        response.json().contacts.find((item: { id: number }) => item.id === contact.id),
      );
    expect((await shown('ar')).role).toEqual({
      en: 'Head of press office',
      it: 'Responsabile ufficio stampa',
      ar: 'رئيسة المكتب الصحفي',
    });

    const response = await call(
      'PATCH',
      apiPaths.pressContactAdmin(contact.id),
      'administrator_press_room',
      { role: { de: 'Leiterin der Pressestelle', it: '  ' } },
      association,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().role).toEqual({ de: 'Leiterin der Pressestelle' });
    expect(response.json().name).toBe('Sara Blu');
    const [row] = await harness.db
      .select({ roles: pressContacts.roles })
      .from(pressContacts)
      .where(eq(pressContacts.id, contact.id));
    expect(row?.roles).toEqual({ de: 'Leiterin der Pressestelle' });
  });

  it('refuses a job title in a language the press room does not speak', async () => {
    const response = await call('POST', apiPaths.pressContactsAdmin, 'administrator_press_room', {
      site: fairId,
      name: 'Nobody',
      role: { pt: 'Assessora de imprensa' },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['role']);
  });

  it('refuses bad input with a translated message and changes nothing', async () => {
    const before = await harness.db.select().from(pressContacts);
    const italian = { 'accept-language': 'it' };
    const refused = await harness.app.inject({
      method: 'POST',
      url: apiPaths.pressContactsAdmin,
      headers: { ...fair, ...as.administrator_press_room, ...italian },
      payload: { site: fairId, name: 'X', email: 'not-an-address', phone: 'call me' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      email: ['E-mail non valida'],
      phone: ['Numero di telefono non valido: solo cifre, spazi e + ( ) - . /'],
    });
    expect(
      (
        await call('POST', apiPaths.pressContactsAdmin, 'administrator_press_room', { site: 999, name: 'X' })
      ).json(),
    ).toEqual({ site: ['Field not valid'] });
    const release = await insertRelease(harness.db, {
      groups: [fairId],
      translations: [{ language: 'en', title: 'Press day' }],
    });
    expect(
      (
        await call('PUT', apiPaths.releaseContactsAdmin(release.id), 'administrator_press_room', {
          contacts: [2_000_000],
        })
      ).json(),
    ).toEqual({ contacts: ['Field not valid'] });
    expect(
      (await call('PUT', apiPaths.releaseContactsAdmin(9999), 'administrator_press_room', { contacts: [] }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('PUT', apiPaths.boilerplateAdmin(fairId, 'xx'), 'administrator_press_room', { text: 'a' }))
        .statusCode,
    ).toBe(400);
    expect(await harness.db.select().from(pressContacts)).toEqual(before);
  });

  it('keeps a photo as a square JPEG re-encoded from its pixels, under an address that changes with it', async () => {
    const contact = await addContact({ site: associationId, name: 'Sara Blu' });
    const first = await putPhoto(contact.id, await sampleJpeg(1200, 800), 'sara.jpg', 'image/jpeg');
    expect(first.statusCode).toBe(200);
    const firstUrl = first.json().photo_url as string;
    const photo = await harness.app.inject({ method: 'GET', url: firstUrl });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const metadata = await sharp(photo.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 400, 400]);

    const second = await putPhoto(contact.id, await sampleJpeg(600, 600, '#224466'), 'new.jpg', 'image/jpeg');
    expect(second.json().photo_url).not.toBe(firstUrl);
    expect((await harness.app.inject({ method: 'GET', url: firstUrl })).statusCode).toBe(404);

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const refused = await putPhoto(contact.id, svg, 'face.svg', 'image/svg+xml');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ photo: ['The photo face.svg must be a JPEG, PNG or WebP image.'] });
    expect((await harness.app.inject({ method: 'GET', url: second.json().photo_url })).statusCode).toBe(200);

    const removed = await call('DELETE', apiPaths.pressContactPhoto(contact.id), 'administrator_press_room');
    expect(removed.json().photo_url).toBeNull();
    expect((await harness.app.inject({ method: 'GET', url: second.json().photo_url })).statusCode).toBe(404);
  });

  it('refuses an SVG or a web page as a photo by its content, whatever its name or claimed type, and keeps the photo it had', async () => {
    const contact = await addContact({ site: fairId, name: 'Paola Verde' });
    expect(
      (await putPhoto(contact.id, await sampleJpeg(600, 600), 'paola.jpg', 'image/jpeg')).statusCode,
    ).toBe(200);
    const row = () => harness.db.select().from(pressContacts).where(eq(pressContacts.id, contact.id));
    const before = await row();
    const drawing = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><rect width="300" height="300"/><script>alert(1)</script></svg>',
    );
    const page = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    for (const [name, type, content] of [
      ['face.svg', 'image/svg+xml', drawing],
      ['face.jpg', 'image/jpeg', drawing],
      ['face.html', 'text/html', page],
      ['face.png', 'image/png', page],
    ] as const) {
      const refused = await putPhoto(contact.id, content, name, type, 'it');
      expect([refused.statusCode, refused.json()]).toEqual([
        400,
        { photo: [`La foto ${name} dev'essere un'immagine JPEG, PNG o WebP.`] },
      ]);
    }
    expect(await row()).toEqual(before);
  });

  it('refuses a photo over the pixel limit from its header, before decoding it, and changes nothing', async () => {
    const contact = await addContact({ site: fairId, name: 'Giulia Rosa' });
    const row = () => harness.db.select().from(pressContacts).where(eq(pressContacts.id, contact.id));
    const before = await row();
    // 20,000 × 20,000 pixels declared (400 megapixels, over the default limit of 100) in a file of a few bytes.
    const refused = await putPhoto(
      contact.id,
      await pngDeclaring(20_000, 20_000),
      'huge.png',
      'image/png',
      'de',
    );
    expect([refused.statusCode, refused.json()]).toEqual([
      400,
      { photo: ['Das Bild huge.png hat 20000 × 20000 Pixel, mehr als das Limit von 100 Megapixeln.'] },
    ]);
    expect(await row()).toEqual(before);
  });
});
