import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './client.ts';
import {
  accreditationRequests,
  brands,
  companies,
  companyPressBoxes,
  contentKinds,
  contentVersions,
  exhibitorStands,
  exhibitors,
  fairEditions,
  galleries,
  galleryCategories,
  galleryImageBrands,
  galleryImages,
  pressGroups,
  pressReleaseGroups,
  pressReleases,
  programmeEventGalleries,
  programmeEvents,
  programmeSignups,
  users,
} from './schema/index.ts';
import { openTestDatabase } from './testing.ts';

describe('the press releases content version', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  async function version() {
    const [row] = await database.db
      .select({ version: contentVersions.version })
      .from(contentVersions)
      .where(eq(contentVersions.name, contentKinds.pressReleases));
    return Number(row.version);
  }

  it('rises once per statement that writes releases, their translations, sites or files', async () => {
    const start = await version();
    const inserted = await database.db
      .insert(pressReleases)
      .values([{ publicationDate: '2026-01-01' }, { publicationDate: '2026-01-02' }])
      .returning({ id: pressReleases.id });
    expect(await version()).toBe(start + 1);
    await database.db.execute(
      sql`insert into press_release_translations (press_release_id, language, title) values (${inserted[0].id}, 'en', 'One')`,
    );
    expect(await version()).toBe(start + 2);
    await database.db.delete(pressReleaseGroups).where(eq(pressReleaseGroups.pressReleaseId, inserted[0].id));
    expect(await version()).toBe(start + 3);
    await database.db.execute(
      sql`delete from press_release_files where press_release_id = ${inserted[1].id}`,
    );
    expect(await version()).toBe(start + 4);
  });

  it('does not move when the writing transaction rolls back', async () => {
    const start = await version();
    await expect(
      database.db.transaction(async (transaction) => {
        await transaction.insert(pressReleases).values({ publicationDate: '2026-02-01' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await version()).toBe(start);
  });
});

describe('the exhibitors content version', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  async function version() {
    const [row] = await database.db
      .select({ version: contentVersions.version })
      .from(contentVersions)
      .where(eq(contentVersions.name, contentKinds.exhibitors));
    return Number(row.version);
  }

  it('rises once per statement that writes editions, exhibitors, stands, companies or press boxes', async () => {
    const start = await version();
    const [site] = await database.db.insert(pressGroups).values({ name: 'Version Fair' }).returning();
    expect(await version()).toBe(start);
    const [edition] = await database.db
      .insert(fairEditions)
      .values({
        pressGroupId: site.id,
        name: 'Version Fair 2026',
        startsOn: '2026-09-22',
        endsOn: '2026-09-26',
      })
      .returning();
    expect(await version()).toBe(start + 1);
    const [company] = await database.db
      .insert(companies)
      .values({ businessName: 'Versioned Tiles', matchKey: 'versioned tiles|' })
      .returning();
    expect(await version()).toBe(start + 2);
    const [exhibitor] = await database.db
      .insert(exhibitors)
      .values({ editionId: edition.id, companyId: company.id })
      .returning();
    expect(await version()).toBe(start + 3);
    await database.db.insert(exhibitorStands).values([
      { exhibitorId: exhibitor.id, hall: '5', stand: 'A1', position: 0 },
      { exhibitorId: exhibitor.id, hall: '6', stand: 'B2', position: 1 },
    ]);
    expect(await version()).toBe(start + 4);
    await database.db
      .insert(companyPressBoxes)
      .values({ companyId: company.id, website: 'https://tiles.example' });
    expect(await version()).toBe(start + 5);
    await database.db.delete(exhibitors).where(eq(exhibitors.id, exhibitor.id));
    // The stands go with the exhibitor (a cascade is a statement of its own).
    expect(await version()).toBe(start + 7);
  });
});

describe('the galleries content version', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  async function version() {
    const [row] = await database.db
      .select({ version: contentVersions.version })
      .from(contentVersions)
      .where(eq(contentVersions.name, contentKinds.galleries));
    return Number(row.version);
  }

  it('rises once per statement that writes what the picture search counts or shows, and not for order', async () => {
    const [category] = await database.db
      .insert(galleryCategories)
      .values({ names: { en: 'Halls' }, groupIds: [] })
      .returning();
    const [gallery] = await database.db
      .insert(galleries)
      .values({ categoryId: category.id, names: { en: 'Hall 5' } })
      .returning();
    const start = await version();
    const [image] = await database.db
      .insert(galleryImages)
      .values({
        galleryId: gallery.id,
        originalName: 'kiln.jpg',
        storagePath: 'gallery/kiln.jpg',
        size: 1000,
        mime: 'image/jpeg',
        width: 1200,
        height: 800,
        checksum: 'kiln',
      })
      .returning();
    expect(await version()).toBe(start + 1);
    await database.db
      .update(galleryImages)
      .set({ captions: { en: 'The kiln' } })
      .where(eq(galleryImages.id, image.id));
    expect(await version()).toBe(start + 2);
    await database.db.update(galleryImages).set({ position: 3 }).where(eq(galleryImages.id, image.id));
    expect(await version()).toBe(start + 2);
    const facts = { width: 1200, height: 800, size: 1000, mime: 'image/jpeg' };
    await database.db
      .update(galleryImages)
      .set({ renditions: { original: facts, web: facts, print: facts } })
      .where(eq(galleryImages.id, image.id));
    expect(await version()).toBe(start + 3);
    await database.db.update(galleries).set({ status: 'draft' }).where(eq(galleries.id, gallery.id));
    expect(await version()).toBe(start + 4);
    await database.db
      .update(galleryCategories)
      .set({ groupIds: [1] })
      .where(eq(galleryCategories.id, category.id));
    expect(await version()).toBe(start + 5);
    const [brand] = await database.db.insert(brands).values({ name: 'Versioned Brand' }).returning();
    expect(await version()).toBe(start + 5);
    // The tag, and the picture's search text it touches.
    await database.db.insert(galleryImageBrands).values({ imageId: image.id, brandId: brand.id });
    expect(await version()).toBe(start + 7);
  });

  it('rises when who reads a held gallery before its event may change: the hold, the sign-up, the accreditation', async () => {
    const [site] = await database.db.insert(pressGroups).values({ name: 'Held Fair' }).returning();
    const [edition] = await database.db
      .insert(fairEditions)
      .values({ pressGroupId: site.id, name: 'Held Fair 2026', startsOn: '2026-09-22', endsOn: '2026-09-26' })
      .returning();
    const [category] = await database.db
      .insert(galleryCategories)
      .values({ names: { en: 'Held' }, groupIds: [site.id] })
      .returning();
    const [gallery] = await database.db
      .insert(galleries)
      .values({ categoryId: category.id, names: { en: 'Held' } })
      .returning();
    const [event] = await database.db
      .insert(programmeEvents)
      .values({
        editionId: edition.id,
        type: 'press_conference',
        status: 'approved',
        title: { en: 'Opening' },
        startsAt: new Date('2026-09-22T08:00:00Z'),
        endsAt: new Date('2026-09-22T09:00:00Z'),
        hall: '5',
      })
      .returning();
    const [user] = await database.db
      .insert(users)
      .values({ email: 'held.reader@example.test', passwordHash: 'x', firstName: 'Held', lastName: 'Reader' })
      .returning();
    const start = await version();
    await database.db
      .insert(programmeEventGalleries)
      .values({ eventId: event.id, galleryId: gallery.id, releasedAtStart: true });
    expect(await version()).toBe(start + 1);
    await database.db
      .update(programmeEvents)
      .set({ startsAt: new Date('2026-09-22T10:00:00Z') })
      .where(eq(programmeEvents.id, event.id));
    expect(await version()).toBe(start + 2);
    await database.db
      .insert(programmeSignups)
      .values({ eventId: event.id, userId: user.id, status: 'signed_up', language: 'en' });
    expect(await version()).toBe(start + 3);
    await database.db
      .update(programmeSignups)
      .set({ status: 'cancelled' })
      .where(eq(programmeSignups.eventId, event.id));
    expect(await version()).toBe(start + 4);
    await database.db.insert(accreditationRequests).values({
      editionId: edition.id,
      userId: user.id,
      status: 'approved',
      mediaType: 'print',
      outlet: 'Ceramica Oggi',
      role: 'editor',
      proofKind: 'press_card',
    });
    expect(await version()).toBe(start + 5);
    await database.db
      .update(fairEditions)
      .set({ proofRequired: false })
      .where(eq(fairEditions.id, edition.id));
    expect(await version()).toBe(start + 6);
  });

  it('stays when a journalist signs up for an event that holds no gallery', async () => {
    const [site] = await database.db.insert(pressGroups).values({ name: 'Open Fair' }).returning();
    const [edition] = await database.db
      .insert(fairEditions)
      .values({ pressGroupId: site.id, name: 'Open Fair 2026', startsOn: '2026-09-22', endsOn: '2026-09-26' })
      .returning();
    const [event] = await database.db
      .insert(programmeEvents)
      .values({
        editionId: edition.id,
        type: 'guided_tour',
        status: 'approved',
        title: { en: 'Hall tour' },
        startsAt: new Date('2026-09-23T08:00:00Z'),
        endsAt: new Date('2026-09-23T09:00:00Z'),
        hall: '2',
      })
      .returning();
    const [user] = await database.db
      .insert(users)
      .values({ email: 'open.reader@example.test', passwordHash: 'x', firstName: 'Open', lastName: 'Reader' })
      .returning();
    const start = await version();
    await database.db
      .insert(programmeSignups)
      .values({ eventId: event.id, userId: user.id, status: 'signed_up', language: 'en' });
    await database.db.delete(programmeSignups).where(eq(programmeSignups.eventId, event.id));
    expect(await version()).toBe(start);
  });
});
