import { apiPaths } from '@pressroom/contract';
import { pressReleaseGroups, pressReleases } from '@pressroom/db';
import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fair, type PressContentApp, startPressContentApp } from '../../test-support/press-content.ts';
import { insertRelease, insertReleaseFile, type ReleaseOptions } from './test-factories.ts';

describe('releases the press office features on Home', () => {
  let content: PressContentApp;
  let site: number;
  let otherSite: number;
  let day = 0;
  const app = () => content.harness.app;
  const db = () => content.harness.db;
  const office = (language = 'en') => ({
    ...fair,
    ...content.as.administrator_press_room,
    'accept-language': language,
  });

  /** A public release of the fair, each one a day newer than the last. */
  async function release(title: string, options: Partial<ReleaseOptions> = {}) {
    day += 1;
    const row = await insertRelease(db(), {
      publicationDate: `2026-03-${String(day).padStart(2, '0')}`,
      groups: [site],
      translations: [{ language: 'en', title }],
      ...options,
    });
    return row.id;
  }

  const feature = (id: number, group = site, headers: Record<string, string> = office()) =>
    app().inject({ method: 'PUT', url: apiPaths.pressReleaseAdminFeatured(id, group), headers });
  const unfeature = (id: number, group = site) =>
    app().inject({ method: 'DELETE', url: apiPaths.pressReleaseAdminFeatured(id, group), headers: office() });
  const featuredTitles = async (headers: Record<string, string> = {}, query = '') =>
    (
      await app().inject({
        method: 'GET',
        url: `${apiPaths.pressReleaseFeatured}${query}`,
        headers: { ...fair, ...headers },
      })
    )
      .json()
      .results.map((row: { title: string }) => row.title);

  /** Takes every feature off, so each test starts with a site featuring nothing. */
  async function clearFeatures() {
    await db()
      .update(pressReleaseGroups)
      .set({ featuredSlot: null })
      .where(isNotNull(pressReleaseGroups.featuredSlot));
  }

  beforeAll(async () => {
    content = await startPressContentApp();
    site = app().sites.forHostname(fair.host).id;
    otherSite = app().sites.forHostname('association.localhost').id;
  });
  afterAll(() => content.stop());

  it('features up to three releases a site, newest first, and refuses a fourth in words, changing nothing', async () => {
    await clearFeatures();
    const kiln = await release('Kiln open day');
    const glaze = await release('Glaze awards');
    const tiles = await release('Tiles of the year');
    const fourth = await release('Assembly minutes');
    for (const id of [glaze, kiln, tiles]) {
      const featured = await feature(id);
      expect([featured.statusCode, featured.json().featured_groups]).toEqual([200, [site]]);
    }
    expect(await featuredTitles()).toEqual(['Tiles of the year', 'Glaze awards', 'Kiln open day']);

    const refused = await feature(fourth, site, office('it'));
    expect([refused.statusCode, refused.json()]).toEqual([
      409,
      {
        detail:
          'Si possono mettere in evidenza al massimo 3 comunicati nella Home di questo sito; togline prima uno.',
      },
    ]);
    expect(
      (
        await app().inject({ method: 'GET', url: apiPaths.pressReleaseAdminItem(fourth), headers: office() })
      ).json().featured_groups,
    ).toEqual([]);
    expect(await featuredTitles()).toEqual(['Tiles of the year', 'Glaze awards', 'Kiln open day']);

    // Featuring one again changes nothing; taking one off frees its place for the fourth.
    expect((await feature(kiln)).statusCode).toBe(200);
    const off = await unfeature(glaze);
    expect([off.statusCode, off.json().featured_groups]).toEqual([200, []]);
    expect((await feature(fourth)).statusCode).toBe(200);
    expect(await featuredTitles()).toEqual(['Assembly minutes', 'Tiles of the year', 'Kiln open day']);
  });

  it('features exactly three when six releases are featured at once', async () => {
    await clearFeatures();
    const ids = [];
    for (const title of ['One', 'Two', 'Three', 'Four', 'Five', 'Six']) ids.push(await release(title));
    const answers = await Promise.all(ids.map((id) => feature(id)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 409, 409, 409]);
    const stored = await db()
      .select({ slot: pressReleaseGroups.featuredSlot })
      .from(pressReleaseGroups)
      .where(eq(pressReleaseGroups.pressGroupId, site));
    expect(
      stored
        .map((row) => row.slot)
        .filter((slot) => slot !== null)
        .sort(),
    ).toEqual([1, 2, 3]);
    expect(await featuredTitles()).toHaveLength(3);
  });

  it('shows a featured release only to those who may read it, on its own site', async () => {
    await clearFeatures();
    const draft = await release('Draft news', { status: 'draft' });
    const embargoed = await release('Embargoed figures', { embargoUntil: new Date('2099-01-01T00:00:00Z') });
    const scheduled = await release('Scheduled launch');
    await db()
      .update(pressReleases)
      .set({ publishAt: new Date('2099-01-01T00:00:00Z') })
      .where(eq(pressReleases.id, scheduled));
    for (const id of [draft, embargoed, scheduled]) expect((await feature(id)).statusCode).toBe(200);

    expect(await featuredTitles()).toEqual([]);
    expect(await featuredTitles(content.as.user_press_room)).toEqual(['Embargoed figures']);
    expect(await featuredTitles({}, `?group=${otherSite}`)).toEqual([]);

    // Once published, the draft shows; the site's other Home still features nothing.
    await db()
      .update(pressReleases)
      .set({ status: 'published', number: 990 })
      .where(eq(pressReleases.id, draft));
    expect(await featuredTitles()).toEqual(['Draft news']);
    expect(await featuredTitles({ host: 'association.localhost' })).toEqual([]);
  });

  it('comes with its cover, as on the list', async () => {
    await clearFeatures();
    const id = await release('Porcelain week');
    const picture = await insertReleaseFile(db(), app().storage, {
      releaseId: id,
      kind: 'image',
      name: 'cups.jpg',
      contentType: 'image/jpeg',
      bytes: Buffer.from('cups'),
      thumbnail: Buffer.from('cups thumbnail'),
    });
    await feature(id);
    const [featured] = (
      await app().inject({ method: 'GET', url: apiPaths.pressReleaseFeatured, headers: fair })
    ).json().results;
    expect(featured.cover).toMatchObject({
      id: picture.id,
      web_url: apiPaths.pressReleaseFileRendition(picture.id, 'web'),
    });
  });

  it('keeps a feature while the release stays on the site, and drops it when the release leaves', async () => {
    await clearFeatures();
    const id = await release('Export report', { groups: [site, otherSite] });
    await feature(id);
    await feature(id, otherSite);
    const patch = (groups: number[]) =>
      app().inject({
        method: 'PATCH',
        url: apiPaths.pressReleaseAdminItem(id),
        headers: office(),
        payload: { groups },
      });
    expect((await patch([site])).json()).toMatchObject({ groups: [site], featured_groups: [site] });
    expect((await patch([site, otherSite])).json()).toMatchObject({ featured_groups: [site] });
    expect(await featuredTitles()).toEqual(['Export report']);
  });

  it('is the press office’s alone, for a release on that site', async () => {
    await clearFeatures();
    const own = await release('Company news', { groups: [site], companyId: 7 });
    for (const caller of ['administrator_press_room_external_company', 'user_press_room'] as const) {
      const refused = await feature(own, site, { ...fair, ...content.as[caller] });
      expect(refused.statusCode).toBe(403);
    }
    const elsewhere = await feature(own, otherSite, office('de'));
    expect([elsewhere.statusCode, elsewhere.json()]).toEqual([
      400,
      { group: ['Diese Pressemitteilung ist nicht auf dieser Website.'] },
    ]);
    expect((await feature(own, 999_999)).statusCode).toBe(400);
    expect((await feature(999_999)).statusCode).toBe(404);
    expect(await featuredTitles()).toEqual([]);
  });
});
