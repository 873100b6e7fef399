import { apiPaths, type PictureSearch } from '@pressroom/contract';
import {
  accreditationRequests,
  galleries,
  galleryCategories,
  galleryImages,
  pressReleaseFiles,
  pressReleases,
  pressReleaseTranslations,
  programmeEventGalleries,
  programmeEvents,
  programmeSignups,
} from '@pressroom/db';
import { openTestDatabase } from '@pressroom/db/testing';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { TestClock, testConfig } from '../../test-support/app.ts';
import { authHeader, createUser, type TestUser, tokenFor } from '../../test-support/factories.ts';
import { insertCompany, insertEdition } from '../exhibitors/test-factories.ts';
import { insertRelease } from '../press-releases/test-factories.ts';
import { insertGallery, insertImage, insertReleasePicture, picturesOf } from './test-factories.ts';

// A search's count and page are kept between requests (per content version, until the next moment a picture
// changes hands without a write): every test asks once, so that the answer is kept, changes one thing, and
// asks again, on both of two servers that share one database, as the press and as a reader without press
// access.
describe('the picture search answered from kept counts and pages', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  const clock = new TestClock(new Date('2026-06-01T09:00:00Z'));
  /** Two app servers on one database, as behind a load balancer. */
  let first: FastifyInstance;
  let second: FastifyInstance;
  const site = { fair: 0, association: 0 };
  const hosts = { fair: 'fair.localhost', association: 'association.localhost' };
  let journalist: TestUser;
  let pressOffice: TestUser;
  /** The association's staff keep the companies' registry: no press access, no pictures. */
  let withoutPressAccess: TestUser;
  let agent: TestUser;
  let agentCompany: number;

  const ask = async (
    query: string,
    as: TestUser,
    options: { server?: FastifyInstance; host?: string } = {},
  ) =>
    (options.server ?? first).inject({
      method: 'GET',
      url: `${apiPaths.pictureSearch}?${query}`,
      headers: { host: options.host ?? hosts.fair, ...authHeader(await tokenFor(first, as)) },
    });

  /** The count and the names of the page's pictures, as `as` finds them on `server`. */
  async function found(
    query: string,
    as = journalist,
    options: { server?: FastifyInstance; host?: string } = {},
  ) {
    const response = await ask(query, as, options);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as PictureSearch;
    return { count: body.count, names: picturesOf(body.results).map((picture) => picture.original_name) };
  }

  /** The same answer from both servers, whichever kept it. */
  async function foundOnBoth(query: string, as = journalist, host = hosts.fair) {
    const answer = await found(query, as, { host });
    expect(await found(query, as, { server: second, host })).toEqual(answer);
    return answer;
  }

  /** A reader without press access is refused on both servers, and told no count. */
  async function refusedWithoutPressAccess(query: string) {
    for (const server of [first, second]) {
      const response = await ask(query, withoutPressAccess, { server });
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain('"count"');
    }
  }

  /** The press office's change through the API of the second server (the searches ask the first, too). */
  const patch = async (url: string, payload: object) => {
    const response = await second.inject({
      method: 'PATCH',
      url,
      payload,
      headers: { host: hosts.fair, ...authHeader(await tokenFor(first, pressOffice)) },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  /** `minutes` after the tests' start. */
  const at = (minutes: number) => new Date(Date.UTC(2026, 5, 1, 9, minutes));

  beforeAll(async () => {
    database = await openTestDatabase();
    const server = async () => {
      const app = await buildApp({
        config: testConfig({ mailPollInterval: 0 }),
        database,
        clock,
        logger: false,
      });
      await app.ready();
      return app;
    };
    first = await server();
    second = await server();
    site.fair = first.sites.forHostname(hosts.fair).id;
    site.association = first.sites.forHostname(hosts.association).id;
    agentCompany = (await insertCompany(database.db, { name: 'Ceramiche Aurora' })).id;
    journalist = await createUser(first, { roles: ['user_press_room'] });
    pressOffice = await createUser(first, { roles: ['administrator_press_room'] });
    withoutPressAccess = await createUser(first, { roles: ['administrator_associated_companies'] });
    agent = await createUser(first, {
      roles: ['agent_press_room_external_company'],
      companyId: agentCompany,
      userType: 'COMPANY',
    });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.close();
  });

  it('counts and lists a picture added, whoever adds it, at once on both servers', async () => {
    const hall = await insertGallery(database.db, { groups: [site.fair] });
    await insertImage(database.db, hall, 'lustre-1.jpg', { caption: 'Lustro dorato', createdAt: at(-30) });
    await insertImage(database.db, hall, 'lustre-2.jpg', { caption: 'Lustro rame', createdAt: at(-20) });
    expect(await foundOnBoth('search=lustro')).toEqual({ count: 2, names: ['lustre-2.jpg', 'lustre-1.jpg'] });
    expect(await foundOnBoth('search=lustro&page=2&page_size=1')).toEqual({
      count: 2,
      names: ['lustre-1.jpg'],
    });
    await refusedWithoutPressAccess('search=lustro');

    await insertImage(database.db, hall, 'lustre-3.jpg', { caption: 'Lustro blu', createdAt: at(-10) });
    expect(await foundOnBoth('search=lustro')).toEqual({
      count: 3,
      names: ['lustre-3.jpg', 'lustre-2.jpg', 'lustre-1.jpg'],
    });
    expect(await foundOnBoth('search=lustro&page=2&page_size=1')).toEqual({
      count: 3,
      names: ['lustre-2.jpg'],
    });

    const release = await insertRelease(database.db, {
      groups: [site.fair],
      translations: [{ language: 'en', title: 'Lustres' }],
    });
    await insertReleasePicture(database.db, release.id, 'lustre-release.jpg', {
      title: 'Lustro perlato',
      createdAt: at(-5),
    });
    expect(await foundOnBoth('search=lustro&page_size=2')).toEqual({
      count: 4,
      names: ['lustre-release.jpg', 'lustre-3.jpg'],
    });
    expect(await foundOnBoth('search=lustro&kind=gallery_image')).toEqual({
      count: 3,
      names: ['lustre-3.jpg', 'lustre-2.jpg', 'lustre-1.jpg'],
    });
    await refusedWithoutPressAccess('search=lustro');
  });

  it('follows a caption edited through either server or straight in the database', async () => {
    const hall = await insertGallery(database.db, { groups: [site.fair] });
    const rollerKiln = await insertImage(database.db, hall, 'roller-kiln.jpg', {
      caption: 'Forno a rulli',
      createdAt: at(-30),
    });
    const shuttleKiln = await insertImage(database.db, hall, 'shuttle-kiln.jpg', {
      caption: 'Forno intermittente',
      createdAt: at(-20),
    });
    expect(await foundOnBoth('search=forno')).toEqual({
      count: 2,
      names: ['shuttle-kiln.jpg', 'roller-kiln.jpg'],
    });
    expect(await foundOnBoth('search=essiccatoio')).toEqual({ count: 0, names: [] });

    await patch(apiPaths.galleryImage(rollerKiln), { caption: { en: 'Essiccatoio verticale' } });
    expect(await foundOnBoth('search=forno')).toEqual({ count: 1, names: ['shuttle-kiln.jpg'] });
    expect(await foundOnBoth('search=essiccatoio')).toEqual({ count: 1, names: ['roller-kiln.jpg'] });

    await database.db
      .update(galleryImages)
      .set({ captions: { en: 'Essiccatoio orizzontale' } })
      .where(eq(galleryImages.id, shuttleKiln));
    expect(await foundOnBoth('search=forno')).toEqual({ count: 0, names: [] });
    expect(await foundOnBoth('search=essiccatoio')).toEqual({
      count: 2,
      names: ['shuttle-kiln.jpg', 'roller-kiln.jpg'],
    });

    const release = await insertRelease(database.db, {
      groups: [site.fair],
      translations: [{ language: 'en', title: 'Kilns' }],
    });
    const tunnelKiln = await insertReleasePicture(database.db, release.id, 'tunnel-kiln.jpg', {
      title: 'Forno a tunnel',
      createdAt: at(-10),
    });
    expect(await foundOnBoth('search=forno')).toEqual({ count: 1, names: ['tunnel-kiln.jpg'] });
    await database.db
      .update(pressReleaseFiles)
      .set({ title: 'Essiccatoio a tunnel' })
      .where(eq(pressReleaseFiles.id, tunnelKiln));
    expect(await foundOnBoth('search=forno')).toEqual({ count: 0, names: [] });
    expect((await foundOnBoth('search=essiccatoio')).count).toBe(3);
    await refusedWithoutPressAccess('search=essiccatoio');
  });

  it('drops the pictures of a gallery unpublished for the press, not for its own company', async () => {
    const own = await insertGallery(database.db, { groups: [site.fair], companyId: agentCompany });
    const other = await insertGallery(database.db, { groups: [site.fair] });
    await insertImage(database.db, own, 'aurora-tile.jpg', { caption: 'Tessera Aurora', createdAt: at(-30) });
    await insertImage(database.db, other, 'plain-tile.jpg', {
      caption: 'Tessera bianca',
      createdAt: at(-20),
    });
    const both = { count: 2, names: ['plain-tile.jpg', 'aurora-tile.jpg'] };
    expect(await foundOnBoth('search=tessera')).toEqual(both);
    expect(await foundOnBoth('search=tessera', agent)).toEqual(both);

    await patch(apiPaths.gallery(own), { status: 'draft' });
    expect(await foundOnBoth('search=tessera')).toEqual({ count: 1, names: ['plain-tile.jpg'] });
    expect(await foundOnBoth('search=tessera', agent)).toEqual(both);
    await refusedWithoutPressAccess('search=tessera');

    await database.db.update(galleries).set({ status: 'published' }).where(eq(galleries.id, own));
    expect(await foundOnBoth('search=tessera')).toEqual(both);

    // Taken off the fair's site: gone from its press, whoever asks.
    const [{ categoryId }] = await database.db
      .select({ categoryId: galleries.categoryId })
      .from(galleries)
      .where(eq(galleries.id, other));
    await database.db
      .update(galleryCategories)
      .set({ groupIds: [site.association] })
      .where(eq(galleryCategories.id, categoryId));
    expect(await foundOnBoth('search=tessera')).toEqual({ count: 1, names: ['aurora-tile.jpg'] });
    expect(await foundOnBoth('search=tessera', journalist, hosts.association)).toEqual({
      count: 1,
      names: ['plain-tile.jpg'],
    });
  });

  it('follows time without a write: an embargo ending, a scheduled release coming out, an event starting', async () => {
    clock.set(at(0));
    const embargoed = await insertRelease(database.db, {
      groups: [site.fair],
      embargoUntil: at(10),
      translations: [{ language: 'en', title: 'Under embargo' }],
    });
    await insertReleasePicture(database.db, embargoed.id, 'embargoed-sample.jpg', {
      title: 'Campionario embargo',
      createdAt: at(-30),
    });
    const scheduled = await insertRelease(database.db, {
      groups: [site.fair],
      translations: [{ language: 'en', title: 'Scheduled' }],
    });
    await database.db
      .update(pressReleases)
      .set({ publishAt: at(20) })
      .where(eq(pressReleases.id, scheduled.id));
    await insertReleasePicture(database.db, scheduled.id, 'scheduled-sample.jpg', {
      title: 'Campionario programmato',
      createdAt: at(-20),
    });
    const held = await insertGallery(database.db, { groups: [site.fair] });
    await insertImage(database.db, held, 'held-sample.jpg', {
      caption: 'Campionario atteso',
      createdAt: at(-10),
    });
    const edition = await insertEdition(database.db, { siteId: site.fair });
    const [event] = await database.db
      .insert(programmeEvents)
      .values({
        editionId: edition.id,
        type: 'press_conference',
        status: 'approved',
        title: { en: 'Opening' },
        startsAt: at(30),
        endsAt: at(90),
        hall: '5',
      })
      .returning();
    await database.db
      .insert(programmeEventGalleries)
      .values({ eventId: event.id, galleryId: held, releasedAtStart: true });

    // The press reads a release under embargo from its publication: its picture is found before the end too.
    const embargoedOnly = { count: 1, names: ['embargoed-sample.jpg'] };
    expect(await foundOnBoth('search=campionario')).toEqual(embargoedOnly);
    await refusedWithoutPressAccess('search=campionario');
    clock.set(at(10));
    expect(await foundOnBoth('search=campionario')).toEqual(embargoedOnly);
    await refusedWithoutPressAccess('search=campionario');
    clock.set(at(20));
    expect(await foundOnBoth('search=campionario')).toEqual({
      count: 2,
      names: ['scheduled-sample.jpg', 'embargoed-sample.jpg'],
    });
    clock.set(at(30));
    expect(await foundOnBoth('search=campionario')).toEqual({
      count: 3,
      names: ['held-sample.jpg', 'scheduled-sample.jpg', 'embargoed-sample.jpg'],
    });
    await refusedWithoutPressAccess('search=campionario');
  });

  it('lets a journalist signed up and accredited for an event count the gallery it holds before the start', async () => {
    clock.set(at(40));
    const held = await insertGallery(database.db, { groups: [site.fair] });
    await insertImage(database.db, held, 'preview-vase.jpg', {
      caption: 'Anteprima vaso',
      createdAt: at(-30),
    });
    const edition = await insertEdition(database.db, { siteId: site.fair });
    const [event] = await database.db
      .insert(programmeEvents)
      .values({
        editionId: edition.id,
        type: 'press_conference',
        status: 'approved',
        title: { en: 'Vases' },
        startsAt: at(50),
        endsAt: at(110),
        hall: '6',
      })
      .returning();
    await database.db
      .insert(programmeEventGalleries)
      .values({ eventId: event.id, galleryId: held, releasedAtStart: true });
    const attendee = await createUser(first, { roles: ['user_press_room'] });
    const nobody = { count: 0, names: [] };
    expect(await foundOnBoth('search=anteprima', attendee)).toEqual(nobody);

    await database.db.insert(accreditationRequests).values({
      editionId: edition.id,
      userId: attendee.id,
      status: 'approved',
      mediaType: 'print',
      outlet: 'Ceramica Oggi',
      role: 'editor',
      proofKind: 'press_card',
    });
    await database.db
      .insert(programmeSignups)
      .values({ eventId: event.id, userId: attendee.id, status: 'signed_up', language: 'en' });
    const preview = { count: 1, names: ['preview-vase.jpg'] };
    expect(await foundOnBoth('search=anteprima', attendee)).toEqual(preview);
    expect(await foundOnBoth('search=anteprima')).toEqual(nobody);

    await database.db
      .update(accreditationRequests)
      .set({ status: 'rejected' })
      .where(eq(accreditationRequests.userId, attendee.id));
    expect(await foundOnBoth('search=anteprima', attendee)).toEqual(nobody);
    await refusedWithoutPressAccess('search=anteprima');

    clock.set(at(50));
    expect(await foundOnBoth('search=anteprima', attendee)).toEqual(preview);
    expect(await foundOnBoth('search=anteprima')).toEqual(preview);
  });

  it('shows each picture as it is now, and each reader their own basket', async () => {
    const hall = await insertGallery(database.db, { groups: [site.fair], name: 'Hall A' });
    const glass = await insertImage(database.db, hall, 'glass-tile.jpg', {
      caption: 'Vetro',
      createdAt: at(-30),
    });
    const release = await insertRelease(database.db, {
      groups: [site.fair],
      translations: [{ language: 'en', title: 'Glass' }],
    });
    const blown = await insertReleasePicture(database.db, release.id, 'blown-glass.jpg', {
      title: 'Vetro soffiato',
      createdAt: at(-20),
    });
    const other = await createUser(first, { roles: ['user_press_room'] });
    /** What each picture shows: its caption, credit, folder and basket mark. */
    async function shown(as: TestUser, server = first) {
      const response = await ask('search=vetro', as, { server });
      expect(response.statusCode).toBe(200);
      return picturesOf((response.json() as PictureSearch).results).map((picture) => ({
        name: picture.original_name,
        caption: picture.caption,
        credit: picture.credit,
        folder: picture.folder.name,
        inBasket: picture.in_basket,
      }));
    }
    const before = [
      {
        name: 'blown-glass.jpg',
        caption: { en: 'Vetro soffiato' },
        credit: '',
        folder: { en: 'Glass' },
        inBasket: false,
      },
      {
        name: 'glass-tile.jpg',
        caption: { en: 'Vetro' },
        credit: '',
        folder: { en: 'Hall A' },
        inBasket: false,
      },
    ];
    expect(await shown(journalist)).toEqual(before);
    expect(await shown(other)).toEqual(before);

    const added = await first.inject({
      method: 'POST',
      url: apiPaths.basket,
      headers: { host: hosts.fair, ...authHeader(await tokenFor(first, journalist)) },
      payload: { images: [glass], release_images: [blown] },
    });
    expect(added.statusCode, added.body).toBe(200);
    const inBasket = before.map((picture) => ({ ...picture, inBasket: true }));
    expect(await shown(journalist, second)).toEqual(inBasket);
    expect(await shown(other, second)).toEqual(before);

    await patch(apiPaths.galleryImage(glass), {
      caption: { en: 'Vetro', it: 'Vetro' },
      credit: 'Studio Murano',
    });
    await patch(apiPaths.gallery(hall), { name: { en: 'Hall B' } });
    await database.db
      .update(pressReleaseTranslations)
      .set({ title: 'Glass and light' })
      .where(eq(pressReleaseTranslations.pressReleaseId, release.id));
    const after = [
      { ...before[0], folder: { en: 'Glass and light' } },
      {
        ...before[1],
        caption: { en: 'Vetro', it: 'Vetro' },
        credit: 'Studio Murano',
        folder: { en: 'Hall B' },
      },
    ];
    expect(await shown(other)).toEqual(after);
    expect(await shown(journalist)).toEqual(after.map((picture) => ({ ...picture, inBasket: true })));
    await refusedWithoutPressAccess('search=vetro');
  });

  it('keeps each reader to their own answers: a journalist to their site, the press office to every site', async () => {
    const onFair = await insertGallery(database.db, { groups: [site.fair] });
    const onAssociation = await insertGallery(database.db, { groups: [site.association] });
    await insertImage(database.db, onFair, 'fair-mosaic.jpg', { caption: 'Mosaico', createdAt: at(-30) });
    await insertImage(database.db, onAssociation, 'member-mosaic.jpg', {
      caption: 'Mosaico',
      createdAt: at(-20),
    });
    expect(await foundOnBoth('search=mosaico')).toEqual({ count: 1, names: ['fair-mosaic.jpg'] });
    expect(await foundOnBoth('search=mosaico', journalist, hosts.association)).toEqual({
      count: 1,
      names: ['member-mosaic.jpg'],
    });
    expect(await foundOnBoth('search=mosaico', pressOffice)).toEqual({
      count: 2,
      names: ['member-mosaic.jpg', 'fair-mosaic.jpg'],
    });

    await insertImage(database.db, onAssociation, 'member-mosaic-2.jpg', {
      caption: 'Mosaico',
      createdAt: at(-10),
    });
    expect(await foundOnBoth('search=mosaico')).toEqual({ count: 1, names: ['fair-mosaic.jpg'] });
    expect((await foundOnBoth('search=mosaico', journalist, hosts.association)).count).toBe(2);
    expect((await foundOnBoth('search=mosaico', pressOffice)).count).toBe(3);
    await refusedWithoutPressAccess('search=mosaico');
  });
});
