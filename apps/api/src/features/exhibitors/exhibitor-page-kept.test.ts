import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { publicPages, releaseSlug } from '@pressroom/contract';
import {
  companies,
  companyPressBoxes,
  companyPressContacts,
  coverage,
  coverageExhibitors,
  exhibitorStands,
  programmeEventReleases,
  programmeEvents,
  users,
} from '@pressroom/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClock } from '../../test-support/app.ts';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import { insertRelease } from '../press-releases/test-factories.ts';
import {
  insertCompany,
  insertEdition,
  insertExhibitor,
  insertPressBox,
  insertPressBoxContact,
  insertProgrammeEvent,
} from './test-factories.ts';

// An exhibitor's public page is kept in memory between requests (lib/kept-pages.ts). These tests write straight
// into the database, as the command line, an import or another app server would, and prove the very next page
// shows each kind of change; and that time alone (an embargo's end, an event's start holding a release) does.

const clock = new TestClock(new Date('2026-09-24T10:00:00Z'));
let context: Awaited<ReturnType<typeof createTestApp>>;
let fairId: number;
let editionId: number;
let companyId: number;
let exhibitorId: number;
let pagePath: string;

const get = (url: string, headers: Record<string, string> = {}) =>
  context.app.inject({ method: 'GET', url, headers: { host: 'fair.localhost', ...headers } });

async function page(headers: Record<string, string> = {}) {
  const response = await get(`${pagePath}?lang=en`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

beforeAll(async () => {
  context = await createTestApp({ clock });
  const { db, app } = context;
  fairId = app.sites.byName.get('Tile Fair')!.id;
  editionId = (await insertEdition(db, { siteId: fairId, name: 'Tile Fair 2026' })).id;
  const company = await insertCompany(db, { name: 'Ceramiche Aurora', country: 'IT' });
  companyId = company.id;
  exhibitorId = (await insertExhibitor(db, { editionId, companyId, stands: [{ hall: '5', stand: 'A12' }] }))
    .id;
  await insertPressBox(db, { companyId, descriptions: { en: 'Porcelain stoneware slabs.' } });
  pagePath = publicPages.exhibitor(exhibitorId, releaseSlug('Ceramiche Aurora'));
});

afterAll(async () => {
  await context.close();
});

describe("an exhibitor's kept page", () => {
  it('shows a new description, contact and stand written straight into the database in the very next page', async () => {
    const { db } = context;
    expect(await page()).toContain('Porcelain stoneware slabs.');
    await db
      .update(companyPressBoxes)
      .set({ descriptions: { en: 'Glazed terracotta for facades.' } })
      .where(eq(companyPressBoxes.companyId, companyId));
    const described = await page();
    expect(described).toContain('Glazed terracotta for facades.');
    expect(described).not.toContain('Porcelain stoneware slabs.');

    expect(described).not.toContain('Giulia Ferri');
    const contact = await insertPressBoxContact(db, {
      companyId,
      name: 'Giulia Ferri',
      email: 'press@aurora.example',
    });
    expect(await page()).toContain('Giulia Ferri');
    await db.delete(companyPressContacts).where(eq(companyPressContacts.id, contact.id));
    expect(await page()).not.toContain('Giulia Ferri');

    expect(await page()).not.toContain('B07');
    await db.insert(exhibitorStands).values({ exhibitorId, hall: '6', stand: 'B07', position: 1 });
    expect(await page()).toContain('B07');
  });

  it("moves to the company's new name's address as soon as it is renamed", async () => {
    const { db } = context;
    await db.update(companies).set({ businessName: 'Aurora Ceramiche' }).where(eq(companies.id, companyId));
    const moved = await get(`${pagePath}?lang=en`);
    expect(moved.statusCode).toBe(301);
    const renamedPath = publicPages.exhibitor(exhibitorId, releaseSlug('Aurora Ceramiche'));
    expect(moved.headers.location).toBe(`${renamedPath}?lang=en`);
    await db.update(companies).set({ businessName: 'Ceramiche Aurora' }).where(eq(companies.id, companyId));
    expect((await get(`${pagePath}?lang=en`)).statusCode).toBe(200);
  });

  it('lists a release the moment its embargo ends, with no write then, and a new one at once', async () => {
    const { db } = context;
    await insertRelease(db, {
      groups: [fairId],
      companyId,
      publicationDate: '2026-09-24',
      embargoUntil: new Date('2026-09-24T12:00:00Z'),
      translations: [{ language: 'en', title: 'Aurora opens its new kiln' }],
    });
    expect(await page()).not.toContain('Aurora opens its new kiln');
    clock.set(new Date('2026-09-24T12:00:01Z'));
    expect(await page()).toContain('Aurora opens its new kiln');

    await insertRelease(db, {
      groups: [fairId],
      companyId,
      publicationDate: '2026-09-24',
      translations: [{ language: 'en', title: 'Aurora wins the design prize' }],
    });
    expect(await page()).toContain('Aurora wins the design prize');
  });

  it('lists a release held for its event when the event starts, with no write then', async () => {
    const { db } = context;
    const event = await insertProgrammeEvent(db, {
      editionId,
      exhibitorId,
      title: { en: 'Aurora press conference' },
      startsAt: new Date('2026-09-25T09:00:00Z'),
    });
    const held = await insertRelease(db, {
      groups: [fairId],
      companyId,
      publicationDate: '2026-09-24',
      translations: [{ language: 'en', title: 'Aurora unveils its 2027 collection' }],
    });
    await db
      .insert(programmeEventReleases)
      .values({ eventId: event.id, releaseId: held.id, releasedAtStart: true });
    const before = await page();
    expect(before).toContain('Aurora press conference');
    expect(before).not.toContain('Aurora unveils its 2027 collection');
    clock.set(new Date('2026-09-25T09:00:00Z'));
    expect(await page()).toContain('Aurora unveils its 2027 collection');
  });

  it('shows an event moved, cancelled or added for the exhibitor in the very next page', async () => {
    const { db } = context;
    const event = await insertProgrammeEvent(db, {
      editionId,
      exhibitorId,
      title: { en: 'Aurora factory tour' },
      startsAt: new Date('2026-09-26T14:00:00Z'),
    });
    expect(await page()).toContain('Aurora factory tour');
    await db
      .update(programmeEvents)
      .set({ title: { en: 'Aurora kiln tour' } })
      .where(eq(programmeEvents.id, event.id));
    const renamed = await page();
    expect(renamed).toContain('Aurora kiln tour');
    expect(renamed).not.toContain('Aurora factory tour');
    await db.delete(programmeEvents).where(eq(programmeEvents.id, event.id));
    expect(await page()).not.toContain('Aurora kiln tour');
  });

  it("shows approved coverage naming it, and its reporter's new name, in the very next page", async () => {
    const { db } = context;
    const reporter = await createUser(context.app, {
      roles: ['user_press_room'],
      firstName: 'Léa',
      lastName: 'Martin',
    });
    const [piece] = await db
      .insert(coverage)
      .values({
        pressGroupId: fairId,
        editionId,
        url: 'https://www.maison-materiaux.example/aurora',
        urlKey: 'www.maison-materiaux.example/aurora',
        title: 'Aurora, la terre et le feu',
        outlet: 'Maison & Matériaux',
        publishedOn: '2026-09-24',
        language: 'fr',
        country: 'FR',
        mediaType: 'magazines',
        status: 'pending',
        reporterId: reporter.id,
        showName: true,
      })
      .returning();
    await db.insert(coverageExhibitors).values({ coverageId: piece.id, exhibitorId });
    expect(await page()).not.toContain('Aurora, la terre et le feu');
    await db.update(coverage).set({ status: 'approved' }).where(eq(coverage.id, piece.id));
    expect(await page()).toContain('Léa Martin');
    await db.update(users).set({ lastName: 'Martin-Roux' }).where(eq(users.id, reporter.id));
    expect(await page()).toContain('Léa Martin-Roux');
  });
});

describe("how an exhibitor's kept page is sent", () => {
  it('is the same page for every reader: a journalist signed in gets what an anonymous reader gets', async () => {
    const journalist = await createUser(context.app, { roles: ['user_press_room'] });
    const signedIn = await get(`${pagePath}?lang=en`, authHeader(await tokenFor(context.app, journalist)));
    const anonymous = await get(`${pagePath}?lang=en`);
    expect(signedIn.body).toBe(anonymous.body);
    expect(signedIn.headers.etag).toBe(anonymous.headers.etag);
  });

  it('is sent compressed as the reader accepts, each encoding the same page, and a 304 for a copy in any of them', async () => {
    const plain = await get(`${pagePath}?lang=en`);
    const brotli = await get(`${pagePath}?lang=en`, { 'accept-encoding': 'br, gzip' });
    const gzipped = await get(`${pagePath}?lang=en`, { 'accept-encoding': 'gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(plain.body);
    expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(plain.body);
    expect(brotli.headers.vary).toBe('Accept-Encoding');
    expect(new Set([plain.headers.etag, brotli.headers.etag, gzipped.headers.etag]).size).toBe(3);

    for (const etag of [plain.headers.etag, brotli.headers.etag, gzipped.headers.etag]) {
      const again = await get(`${pagePath}?lang=en`, {
        'accept-encoding': 'gzip',
        'if-none-match': String(etag),
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    }
  });

  it("answers the page in the reader's language when the address names none, and says it varies with it", async () => {
    const italian = await get(pagePath, { 'accept-language': 'it' });
    expect(italian.statusCode).toBe(200);
    expect(italian.body).toContain('<html lang="it"');
    expect(italian.headers.vary).toBe('Accept-Language, Accept-Encoding');
    const german = await get(pagePath, { 'accept-language': 'de' });
    expect(german.body).toContain('<html lang="de"');
  });

  it('answers an unknown exhibitor with the 404 page, never kept', async () => {
    const missing = await get(publicPages.exhibitor(exhibitorId + 1000, 'nobody'));
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    expect(missing.headers['x-robots-tag']).toBe('noindex');
  });
});
