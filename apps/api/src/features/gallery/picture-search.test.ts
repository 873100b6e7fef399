import { apiPaths, type PictureSearch } from '@pressroom/contract';
import {
  brands,
  companies,
  companyBrands,
  fairEditions,
  galleries,
  galleryImageBrands,
  galleryImageCompanies,
  pressReleases,
  programmeEventGalleries,
  programmeEvents,
} from '@pressroom/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Caller,
  fair,
  type PressContentApp,
  startPressContentApp,
  testCompanyId,
} from '../../test-support/press-content.ts';
import { insertRelease } from '../press-releases/test-factories.ts';
import { insertGallery, insertImage, insertReleasePicture, picturesOf } from './test-factories.ts';

let harness: PressContentApp['harness'];
let as: PressContentApp['as'];
let stop: PressContentApp['stop'];
const site = { fair: 0, association: 0 };
const ids: Record<string, number> = {};

const search = (query: string, caller: Caller = 'user_press_room') =>
  harness.app.inject({
    method: 'GET',
    url: `${apiPaths.pictureSearch}${query ? `?${query}` : ''}`,
    headers: { ...fair, ...as[caller] },
  });

/** The original names of the pictures a search finds, in the order given. */
async function found(query: string, caller: Caller = 'user_press_room') {
  const response = await search(query, caller);
  expect(response.statusCode).toBe(200);
  return picturesOf((response.json() as PictureSearch).results).map((picture) => picture.original_name);
}

async function insertCompany(name: string) {
  const [row] = await harness.db.insert(companies).values({ businessName: name, matchKey: name }).returning();
  return row.id;
}

const release = (options: Partial<Parameters<typeof insertRelease>[1]> = {}) =>
  insertRelease(harness.db, {
    groups: [site.fair],
    translations: [{ language: 'en', title: 'Tiles of the year' }],
    ...options,
  });

beforeAll(async () => {
  ({ harness, as, stop } = await startPressContentApp());
  site.fair = harness.app.sites.forHostname(fair.host).id;
  site.association = harness.app.sites.forHostname('association.localhost').id;
  expect(site.association).not.toBe(site.fair);
  ids.rossi = await insertCompany('Ceràmica Rossi');
  ids.nord = await insertCompany('Gres Nord');
  const [terra] = await harness.db.insert(brands).values({ name: 'Terràcotta Viva' }).returning();
  ids.terra = terra.id;
  await harness.db.insert(companyBrands).values({ companyId: ids.nord, brandId: ids.terra });

  const hall = await insertGallery(harness.db, { groups: [site.fair] });
  ids.kiln = await insertImage(harness.db, hall, 'kiln.jpg', {
    caption: 'Cerámica al forno',
    width: 1600,
    height: 900,
  });
  ids.glaze = await insertImage(harness.db, hall, 'glaze.jpg', {
    keywords: ['Smalto', 'Blu'],
    width: 800,
    height: 1200,
  });
  ids.portrait = await insertImage(harness.db, hall, 'portrait.jpg', { credit: 'Foto Élise Martin' });
  ids.tagged = await insertImage(harness.db, hall, 'tagged.jpg', {
    caption: 'Stand view',
    width: 900,
    height: 900,
  });
  await harness.db.insert(galleryImageCompanies).values({ imageId: ids.tagged, companyId: ids.rossi });
  const elsewhere = await insertGallery(harness.db, { groups: [site.association] });
  await insertImage(harness.db, elsewhere, 'association-kiln.jpg', { caption: 'Ceramica association' });
  const draft = await insertGallery(harness.db, {
    groups: [site.fair],
    status: 'draft',
    companyId: testCompanyId,
  });
  await insertImage(harness.db, draft, 'draft-kiln.jpg', { caption: 'Ceramica draft' });

  const nordRelease = await release({ companyId: ids.nord, groups: [site.fair, site.association] });
  ids.slab = await insertReleasePicture(harness.db, nordRelease.id, 'slab.jpg', {
    title: 'Ceramica slab',
    width: 2000,
  });
  const embargoed = await release({ embargoUntil: new Date('2099-01-01T00:00:00Z') });
  await insertReleasePicture(harness.db, embargoed.id, 'embargoed-kiln.jpg', {
    title: 'Ceramica under embargo',
  });
  const scheduled = await release();
  await harness.db
    .update(pressReleases)
    .set({ publishAt: new Date('2099-01-01T00:00:00Z') })
    .where(eq(pressReleases.id, scheduled.id));
  await insertReleasePicture(harness.db, scheduled.id, 'scheduled-kiln.jpg', { title: 'Ceramica scheduled' });
  const drafted = await release({ status: 'draft' });
  await insertReleasePicture(harness.db, drafted.id, 'draft-release-kiln.jpg', {
    title: 'Ceramica in a draft release',
  });
  const associationOnly = await release({ groups: [site.association] });
  await insertReleasePicture(harness.db, associationOnly.id, 'association-slab.jpg', {
    title: 'Ceramica for members',
  });
});
afterAll(() => stop());

describe('one search for every picture a journalist may see', () => {
  it('a journalist finds pictures by caption, keyword and credit, whatever the accents and case', async () => {
    expect(await found('search=ceramica')).toEqual([
      'embargoed-kiln.jpg',
      'slab.jpg',
      'tagged.jpg',
      'kiln.jpg',
    ]);
    expect(await found('search=CERÁMICA%20forno')).toEqual(['kiln.jpg']);
    expect(await found('search=smalto')).toEqual(['glaze.jpg']);
    expect(await found('search=elise')).toEqual(['portrait.jpg']);
  });

  it('finds the pictures of a company and of a brand by name: tagged, or of the company’s release', async () => {
    expect(await found('search=rossi')).toEqual(['tagged.jpg']);
    expect(await found('search=terracotta')).toEqual(['slab.jpg']);
    expect(await found('search=gres%20nord')).toEqual(['slab.jpg']);
  });

  it('never finds what the journalist may not see: drafts, scheduled releases, other sites’ pictures', async () => {
    // Every "Ceramica" picture but those (the first test's list): a release under embargo is the press's to
    // read from publication, its pictures with it.
    const everything = await found('search=ceramica&page_size=48');
    for (const hidden of [
      'association-kiln.jpg',
      'association-slab.jpg',
      'draft-kiln.jpg',
      'scheduled-kiln.jpg',
      'draft-release-kiln.jpg',
    ]) {
      expect(everything).not.toContain(hidden);
    }
    expect(everything).toContain('embargoed-kiln.jpg');
  });

  it('finds a gallery an event releases at its start only from that moment, without a write', async () => {
    const [edition] = await harness.db
      .insert(fairEditions)
      .values({
        pressGroupId: site.fair,
        name: 'Tile Fair 2026',
        startsOn: '2026-06-01',
        endsOn: '2026-06-03',
      })
      .returning();
    const startsAt = new Date(harness.clock.now().getTime() + 5 * 60_000);
    const [event] = await harness.db
      .insert(programmeEvents)
      .values({
        editionId: edition!.id,
        type: 'press_conference',
        status: 'approved',
        title: { en: 'Opening' },
        startsAt,
        endsAt: new Date(startsAt.getTime() + 3_600_000),
        hall: '5',
        languages: ['en'],
      })
      .returning();
    const held = await insertGallery(harness.db, { groups: [site.fair] });
    await insertImage(harness.db, held, 'held-kiln.jpg', { caption: 'Ceramica held for the opening' });
    await harness.db
      .insert(programmeEventGalleries)
      .values({ eventId: event!.id, galleryId: held, releasedAtStart: true });
    const before = harness.clock.now();
    try {
      expect(await found('search=opening')).toEqual([]);
      harness.clock.set(startsAt);
      expect(await found('search=opening')).toEqual(['held-kiln.jpg']);
    } finally {
      harness.clock.set(before);
      await harness.db.delete(programmeEvents).where(eq(programmeEvents.id, event!.id));
      await harness.db.delete(galleries).where(eq(galleries.id, held));
    }
  });

  it('the company that prepares a draft gallery finds its pictures; the press office finds every site’s', async () => {
    expect(await found('search=draft', 'agent_press_room_external_company')).toEqual(['draft-kiln.jpg']);
    expect(await found('search=draft', 'user_press_room')).toEqual([]);
    expect(await found('search=association', 'administrator_press_room')).toEqual(['association-kiln.jpg']);
    expect(await found('search=members', 'administrator_press_room')).toEqual(['association-slab.jpg']);
  });

  it('filters by site, company, brand, orientation and kind', async () => {
    expect(await found(`search=ceramica&site=${site.association}`)).toEqual(['slab.jpg']);
    expect(await found(`search=ceramica&site=${site.association}`, 'administrator_press_room')).toEqual([
      'association-slab.jpg',
      'slab.jpg',
      'association-kiln.jpg',
    ]);
    expect(await found(`company=${ids.rossi}`)).toEqual(['tagged.jpg']);
    expect(await found(`company=${ids.nord}`)).toEqual(['slab.jpg']);
    expect(await found(`brand=${ids.terra}`)).toEqual(['slab.jpg']);
    expect(await found('search=ceramica&orientation=landscape')).toEqual(['slab.jpg', 'kiln.jpg']);
    expect(await found('orientation=portrait')).toEqual(['glaze.jpg']);
    expect(await found('search=ceramica&orientation=square')).toEqual(['embargoed-kiln.jpg', 'tagged.jpg']);
    expect(await found('search=ceramica&kind=gallery_image')).toEqual(['tagged.jpg', 'kiln.jpg']);
    expect(await found('search=ceramica&kind=release_image')).toEqual(['embargoed-kiln.jpg', 'slab.jpg']);
  });

  it('pages a search it has counted as it found it the first time, whatever the filters and the reader', async () => {
    for (const [query, caller] of [
      ['search=ceramica', 'user_press_room'],
      ['search=ceramica&orientation=square', 'user_press_room'],
      ['search=ceramica&kind=release_image', 'user_press_room'],
      [`search=ceramica&site=${site.association}`, 'administrator_press_room'],
      [`company=${ids.nord}`, 'user_press_room'],
      [`brand=${ids.terra}`, 'user_press_room'],
      ['search=draft', 'agent_press_room_external_company'],
      ['', 'administrator_press_room'],
    ] as const) {
      const all = await found(`${query}&page_size=48`, caller);
      const onePerPage: string[] = [];
      for (let page = 1; page <= all.length + 1; page += 1) {
        onePerPage.push(...(await found(`${query}&page=${page}&page_size=1`, caller)));
      }
      expect(onePerPage, query).toEqual(all);
    }
  });

  it('offers the companies and brands of the pictures the journalist may see, galleries’ and releases’', async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: apiPaths.pictureFilters,
      headers: { ...fair, ...as.user_press_room },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      companies: [
        { id: ids.rossi, name: 'Ceràmica Rossi' },
        { id: ids.nord, name: 'Gres Nord' },
      ],
      brands: [{ id: ids.terra, name: 'Terràcotta Viva' }],
    });
  });

  it('answers a page with the count, each picture’s sizes, kind, place and basket mark', async () => {
    const firstPage = (await search('search=ceramica&page_size=2')).json() as PictureSearch;
    const secondPage = (await search('search=ceramica&page=2&page_size=2')).json() as PictureSearch;
    expect(secondPage).toMatchObject({
      count: 4,
      counts: { gallery_image: 2, release_image: 2, video: 0 },
      page: 2,
      page_size: 2,
    });
    const first = { results: picturesOf(firstPage.results) };
    const second = { results: picturesOf(secondPage.results) };
    expect(
      [...first.results, ...second.results].map((picture) => [picture.kind, picture.original_name]),
    ).toEqual([
      ['release_image', 'embargoed-kiln.jpg'],
      ['release_image', 'slab.jpg'],
      ['gallery_image', 'tagged.jpg'],
      ['gallery_image', 'kiln.jpg'],
    ]);
    expect(first.results[1]).toMatchObject({
      width: 2000,
      height: 1000,
      size: 98_765,
      orientation: 'landscape',
      caption: { en: 'Ceramica slab' },
      folder: { name: { en: 'Tiles of the year' } },
      in_basket: false,
    });
    expect(first.results[1].urls.thumbnail).toContain('signature=');
    expect(second.results[0]).toMatchObject({
      size: 123_456,
      orientation: 'square',
      folder: { name: { en: 'Hall 1' } },
    });
    expect((await search('search=ceramica&page=9')).json()).toMatchObject({ count: 4, results: [] });
  });

  it('marks what is in the basket', async () => {
    const added = await harness.app.inject({
      method: 'POST',
      url: apiPaths.basket,
      headers: { ...fair, ...as.user_press_room },
      payload: { images: [ids.kiln], release_images: [ids.slab] },
    });
    expect(added.statusCode).toBe(200);
    const body = (await search('search=ceramica%20forno')).json() as PictureSearch;
    expect(picturesOf(body.results).map((picture) => picture.in_basket)).toEqual([true]);
    const slab = (await search(`search=slab&site=${site.fair}`)).json() as PictureSearch;
    expect(picturesOf(slab.results).map((picture) => [picture.original_name, picture.in_basket])).toEqual([
      ['slab.jpg', true],
    ]);
  });

  it('keeps finding pictures by what they say now: a new caption, a tag, a renamed company or brand', async () => {
    const patched = await harness.app.inject({
      method: 'PATCH',
      url: apiPaths.galleryImage(ids.portrait),
      headers: { ...fair, ...as.administrator_press_room },
      payload: { caption: { it: 'Piastrelle Ñandú' } },
    });
    expect(patched.statusCode).toBe(200);
    expect(await found('search=nandu')).toEqual(['portrait.jpg']);
    await harness.db.insert(galleryImageBrands).values({ imageId: ids.glaze, brandId: ids.terra });
    expect(await found('search=terracotta')).toEqual(['slab.jpg', 'glaze.jpg']);
    await harness.db.update(brands).set({ name: 'Cotto Nuovo' }).where(eq(brands.id, ids.terra));
    expect(await found('search=terracotta')).toEqual([]);
    expect(await found('search=cotto%20nuovo')).toEqual(['slab.jpg', 'glaze.jpg']);
    await harness.db
      .update(companies)
      .set({ pubBusinessName: 'Rossi Tiles' })
      .where(eq(companies.id, ids.rossi));
    expect(await found('search=rossi%20tiles')).toEqual(['tagged.jpg']);
    await harness.db.delete(galleryImageCompanies).where(eq(galleryImageCompanies.imageId, ids.tagged));
    expect(await found('search=rossi')).toEqual([]);
  });

  it('reads % and _ as themselves', async () => {
    expect(await found('search=%25')).toEqual([]);
    expect(await found('search=_')).toEqual([]);
  });

  it('refuses a bad question with a 400 naming the field, and strangers with 401 and 403', async () => {
    for (const [query, field] of [
      ['orientation=round', 'orientation'],
      ['kind=sound', 'kind'],
      ['company=abc', 'company'],
      ['site=0', 'site'],
      ['page=0', 'page'],
      ['page=201', 'page'],
      ['page_size=49', 'page_size'],
      [`search=${'a'.repeat(101)}`, 'search'],
    ]) {
      const response = await search(query);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json()), query).toEqual([field]);
    }
    expect((await search('', 'anonymous')).statusCode).toBe(401);
    expect((await search('', 'administrator_associated_companies')).statusCode).toBe(403);
  });
});
