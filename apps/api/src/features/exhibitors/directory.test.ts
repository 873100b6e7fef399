import { apiPaths, type Directory, type PublicExhibitor } from '@pressroom/contract';
import {
  alertSubscriptions,
  companyPressBoxes,
  galleries,
  galleryCategories,
  galleryImages,
} from '@pressroom/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClock } from '../../test-support/app.ts';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import { fair } from '../../test-support/press-content.ts';
import { insertRelease } from '../press-releases/test-factories.ts';
import { insertCompany, insertEdition, insertExhibitor } from './test-factories.ts';

let context: Awaited<ReturnType<typeof createTestApp>>;
let fairId: number;
let associationId: number;
const ids: Record<string, number> = {};

// During the fair: the edition under way is the site's current one.
const clock = new TestClock(new Date('2026-09-24T10:00:00Z'));

beforeAll(async () => {
  context = await createTestApp({ clock });
  const { db } = context;
  fairId = context.app.sites.byName.get('Tile Fair')!.id;
  associationId = context.app.sites.byName.get('Ceramics Association')!.id;
  const edition = await insertEdition(db, { siteId: fairId, name: 'Tile Fair 2026' });
  const earlier = await insertEdition(db, { siteId: fairId, startsOn: '2025-09-23', endsOn: '2025-09-27' });
  const otherSite = await insertEdition(db, { siteId: associationId });
  ids.edition = edition.id;

  const emilia = await insertCompany(db, {
    name: 'Ceramiche Émilia',
    country: 'IT',
    brands: ['Lastra Nova'],
  });
  const argilla = await insertCompany(db, { name: 'Gres Àrgilla', country: 'ES' });
  const zeta = await insertCompany(db, { name: 'Porcellane Zeta', country: 'DE' });
  const oko = await insertCompany(db, { name: 'Öko Fliesen', country: 'DE' });
  const surfaces = await insertCompany(db, { name: '3D Surfaces', country: 'FR' });
  Object.assign(ids, { emilia: emilia.id, zeta: zeta.id });

  ids.emiliaExhibitor = (
    await insertExhibitor(db, {
      editionId: edition.id,
      companyId: emilia.id,
      category: 'ceramic_bathroom_furniture',
      stands: [
        { hall: '5', stand: 'A12' },
        { hall: '6', stand: 'B3' },
      ],
    })
  ).id;
  await insertExhibitor(db, {
    editionId: edition.id,
    companyId: argilla.id,
    category: 'design',
    stands: [{ hall: '6', stand: 'C1' }],
  });
  ids.zetaExhibitor = (
    await insertExhibitor(db, {
      editionId: edition.id,
      companyId: zeta.id,
      stands: [{ hall: '7', stand: 'D4' }],
    })
  ).id;
  await insertExhibitor(db, {
    editionId: edition.id,
    companyId: oko.id,
    stands: [{ hall: '5', stand: 'E9' }],
  });
  await insertExhibitor(db, {
    editionId: edition.id,
    companyId: surfaces.id,
    stands: [{ hall: '10', stand: 'F1' }],
  });
  await insertExhibitor(db, {
    editionId: earlier.id,
    companyId: argilla.id,
    stands: [{ hall: '9', stand: 'Z9' }],
  });
  ids.otherSiteExhibitor = (
    await insertExhibitor(db, {
      editionId: otherSite.id,
      companyId: zeta.id,
      stands: [{ hall: '1', stand: 'A' }],
    })
  ).id;

  const translations = (title: string) => [{ language: 'en', title }];
  // News at this edition: Zeta's release on this site during the fair.
  ids.zetaRelease = (
    await insertRelease(db, {
      companyId: zeta.id,
      publicationDate: '2026-09-23',
      groups: [fairId],
      translations: [...translations('Zeta at the fair'), { language: 'it', title: 'Zeta in fiera' }],
    })
  ).id;
  // Not news: before the edition, a draft, another site's only, under embargo.
  await insertRelease(db, {
    companyId: argilla.id,
    publicationDate: '2026-05-01',
    groups: [fairId],
    translations: translations('Spring'),
  });
  await insertRelease(db, {
    companyId: oko.id,
    status: 'draft',
    publicationDate: '2026-09-23',
    groups: [fairId],
    translations: translations('Draft'),
  });
  await insertRelease(db, {
    companyId: emilia.id,
    publicationDate: '2026-09-23',
    groups: [associationId],
    translations: translations('Elsewhere'),
  });
  await insertRelease(db, {
    companyId: surfaces.id,
    publicationDate: '2026-09-23',
    embargoUntil: new Date('2026-09-25T08:00:00Z'),
    groups: [fairId],
    translations: translations('Embargoed'),
  });

  await db.insert(companyPressBoxes).values({
    companyId: zeta.id,
    descriptions: { en: 'Porcelain slabs', it: 'Lastre in porcellana' },
    website: 'https://zeta.example',
  });
  const [category] = await db
    .insert(galleryCategories)
    .values({ names: { en: 'Fair' }, groupIds: [fairId] })
    .returning();
  const [gallery] = await db
    .insert(galleries)
    .values({ categoryId: category.id, names: { en: 'Zeta' }, companyId: zeta.id, status: 'published' })
    .returning();
  const [image] = await db
    .insert(galleryImages)
    .values({
      galleryId: gallery.id,
      captions: { en: 'The stand', it: 'Lo stand' },
      altTexts: { en: 'Slabs on a stand' },
      originalName: 'stand.jpg',
      storagePath: 'gallery/ab/stand.jpg',
      size: 1000,
      mime: 'image/jpeg',
      width: 100,
      height: 100,
      checksum: 'ab',
    })
    .returning();
  Object.assign(ids, { image: image.id, gallery: gallery.id });
  // A gallery of the same company shown only on the association's site: not this site's to caption.
  const [elsewhere] = await db
    .insert(galleryCategories)
    .values({ names: { en: 'Association' }, groupIds: [associationId] })
    .returning();
  const [otherSiteGallery] = await db
    .insert(galleries)
    .values({
      categoryId: elsewhere.id,
      names: { en: 'Zeta abroad' },
      companyId: zeta.id,
      status: 'published',
    })
    .returning();
  await db.insert(galleryImages).values({
    galleryId: otherSiteGallery.id,
    captions: { en: 'Hall B from the association meeting' },
    altTexts: { en: 'Members in hall B' },
    originalName: 'meeting.jpg',
    storagePath: 'gallery/cd/meeting.jpg',
    size: 1000,
    mime: 'image/jpeg',
    width: 100,
    height: 100,
    checksum: 'cd',
  });
});

afterAll(async () => {
  await context.close();
});

async function directory(query = '', headers: Record<string, string> = {}): Promise<Directory> {
  const response = await context.app.inject({
    method: 'GET',
    url: `${apiPaths.exhibitorDirectory}${query}`,
    headers: { ...fair, ...headers },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Directory;
}

const names = (found: Directory) => found.results.map((entry) => entry.company.name);

describe('the directory of the current edition', () => {
  it("lists the current edition's exhibitors by name, with their stands, halls and A-Z index", async () => {
    const found = await directory();
    expect(found.edition).toEqual({
      id: ids.edition,
      name: 'Tile Fair 2026',
      starts_on: '2026-09-22',
      ends_on: '2026-09-26',
      time_zone: 'Europe/Rome',
    });
    expect(found.count).toBe(5);
    expect(names(found)).toEqual([
      '3D Surfaces',
      'Ceramiche Émilia',
      'Gres Àrgilla',
      'Öko Fliesen',
      'Porcellane Zeta',
    ]);
    expect(found.results[1]).toEqual({
      id: ids.emiliaExhibitor,
      company: { id: ids.emilia, name: 'Ceramiche Émilia', country: 'IT' },
      category: 'ceramic_bathroom_furniture',
      stands: [
        { hall: '5', stand: 'A12' },
        { hall: '6', stand: 'B3' },
      ],
      brands: ['Lastra Nova'],
      logo_url: null,
      news: false,
    });
    expect(found.halls).toEqual(['5', '6', '7', '10']);
    expect(found.letters).toEqual(['#', 'C', 'G', 'O', 'P']);
  });

  it('finds names and brands whatever their accents and case', async () => {
    expect(names(await directory('?search=EMILIA'))).toEqual(['Ceramiche Émilia']);
    expect(names(await directory('?search=argilla'))).toEqual(['Gres Àrgilla']);
    expect(names(await directory('?search=oko'))).toEqual(['Öko Fliesen']);
    expect(names(await directory('?search=lastra%20NOVA'))).toEqual(['Ceramiche Émilia']);
    expect(names(await directory('?search=ceramica'))).toEqual([]);
  });

  it('filters by hall, category, country, news at this edition and initial', async () => {
    expect(names(await directory('?hall=6'))).toEqual(['Ceramiche Émilia', 'Gres Àrgilla']);
    expect(names(await directory('?category=design'))).toEqual(['Gres Àrgilla']);
    expect(names(await directory('?country=de'))).toEqual(['Öko Fliesen', 'Porcellane Zeta']);
    expect(names(await directory('?news=true'))).toEqual(['Porcellane Zeta']);
    expect((await directory('?news=true')).results[0].news).toBe(true);
    expect(names(await directory('?letter=o'))).toEqual(['Öko Fliesen']);
    expect(names(await directory('?letter=%23'))).toEqual(['3D Surfaces']);
    expect(names(await directory('?hall=5&country=DE'))).toEqual(['Öko Fliesen']);
  });

  it('offers in its A-Z index the letters of what the other filters keep, whatever the letter asked', async () => {
    expect((await directory('?hall=6')).letters).toEqual(['C', 'G']);
    expect((await directory('?hall=6&letter=G')).letters).toEqual(['C', 'G']);
    expect((await directory('?country=DE&letter=P')).letters).toEqual(['O', 'P']);
    expect((await directory('?search=nothing%20like%20it')).letters).toEqual([]);
  });

  it('pages within bounds, and refuses bad parameters with a 400', async () => {
    const page = await directory('?page_size=2&page=2');
    expect({ count: page.count, page: page.page, names: names(page) }).toEqual({
      count: 5,
      page: 2,
      names: ['Gres Àrgilla', 'Öko Fliesen'],
    });
    for (const query of [
      '?page_size=101',
      '?page=0',
      '?category=pottery',
      '?country=XX',
      '?news=maybe',
      '?letter=AB',
    ]) {
      const response = await context.app.inject({
        method: 'GET',
        url: `${apiPaths.exhibitorDirectory}${query}`,
        headers: fair,
      });
      expect(response.statusCode, query).toBe(400);
    }
    const otherSite = await context.app.inject({
      method: 'GET',
      url: `${apiPaths.exhibitorDirectory}?edition=${ids.edition}`,
      headers: { host: 'association.localhost' },
    });
    expect(otherSite.statusCode).toBe(404);
  });
});

describe("an exhibitor's public press box", () => {
  it("shows the press box in the reader's language with the company's public releases", async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: apiPaths.publicExhibitor(ids.zetaExhibitor),
      headers: { ...fair, 'accept-language': 'it' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      id: ids.zetaExhibitor,
      edition: {
        id: ids.edition,
        name: 'Tile Fair 2026',
        starts_on: '2026-09-22',
        ends_on: '2026-09-26',
        time_zone: 'Europe/Rome',
      },
      company: { id: ids.zeta, name: 'Porcellane Zeta', country: 'DE' },
      category: null,
      stands: [{ hall: '7', stand: 'D4' }],
      logo_url: null,
      description: 'Lastre in porcellana',
      descriptions: { en: 'Porcelain slabs', it: 'Lastre in porcellana' },
      website: 'https://zeta.example',
      contacts: [],
      releases: [{ id: ids.zetaRelease, title: 'Zeta in fiera', publication_date: '2026-09-23' }],
      pictures: [],
      following: null,
    } satisfies PublicExhibitor);
  });

  it("shows the press the company's pictures and whether their alerts follow it", async () => {
    const journalist = await createUser(context.app, { roles: ['user_press_room'] });
    await context.db.insert(alertSubscriptions).values({
      pressGroupId: fairId,
      email: journalist.email,
      userId: journalist.id,
      languages: ['en'],
      companyIds: [ids.zeta],
      status: 'active',
      token: 'follow-token',
      noticeVersion: '20261126',
      consentedAt: clock.now(),
      consentLanguage: 'en',
    });
    const headers = {
      ...fair,
      ...authHeader(await tokenFor(context.app, journalist)),
      'accept-language': 'de',
    };
    const zeta = await context.app.inject({
      method: 'GET',
      url: apiPaths.publicExhibitor(ids.zetaExhibitor),
      headers,
    });
    expect(zeta.json()).toMatchObject({
      description: 'Porcelain slabs',
      pictures: [
        {
          id: ids.image,
          gallery_id: ids.gallery,
          caption: 'The stand',
          alt_text: 'Slabs on a stand',
          thumbnail_url: expect.stringMatching(
            new RegExp(`^/api/press_room/gallery/images/${ids.image}/thumbnail/ab\\.webp\\?.*signature=`),
          ),
        },
      ],
      following: true,
    });
    const emilia = await context.app.inject({
      method: 'GET',
      url: apiPaths.publicExhibitor(ids.emiliaExhibitor),
      headers,
    });
    expect(emilia.json()).toMatchObject({ releases: [], pictures: [], following: false });
  });

  it("names no picture of the company's galleries that are not on the request's site", async () => {
    const journalist = await createUser(context.app, { roles: ['user_press_room'] });
    const zeta = await context.app.inject({
      method: 'GET',
      url: apiPaths.publicExhibitor(ids.zetaExhibitor),
      headers: { ...fair, ...authHeader(await tokenFor(context.app, journalist)) },
    });
    expect(zeta.statusCode).toBe(200);
    expect((zeta.json() as PublicExhibitor).pictures.map((picture) => picture.id)).toEqual([ids.image]);
    expect(zeta.body).not.toContain('association meeting');
    expect(zeta.body).not.toContain('Members in hall B');
  });

  it("is not shown on another site's address", async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: apiPaths.publicExhibitor(ids.otherSiteExhibitor),
      headers: fair,
    });
    expect(response.statusCode).toBe(404);
  });
});
