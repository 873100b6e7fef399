import { pressReleases, pressReleaseTranslations } from '@pressroom/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader } from '../../test-support/factories.ts';
import { useTwoServersOnOneDatabase } from './release-search-test-setup.ts';

// How many releases a search finds is kept between requests (per content version, what the access rule reads
// of the reader, the filters and the search, until the next moment a release changes hands without a write).
// What is kept is the count, and a counted search's page is read without counting again. Each test asks,
// changes one thing, and asks again, on both of two servers that share one database.
describe('how many a release search finds, kept between requests', () => {
  // A search finding more than 35 is counted and paged by the index, one finding fewer is kept in the page's
  // order: "engobe" (40 matches) takes the first way, "sgraffito" (30) the second.
  const { servers, found, release } = useTwoServersOnOneDatabase({ releaseSearchKeptMatches: 35 });

  /** The full-text search of the fair's list, as Home sends it. */
  const fullText = (word: string) => `search=${word}`;
  /** A table's "contains" search over the titles and bodies. */
  const contains = (word: string) =>
    `columns[0][data]=title&columns[0][searchable]=true&columns[1][data]=body&columns[1][searchable]=true&search[value]=${word}`;

  /** The same answer from both servers and asked again on the first, whichever counted it. */
  async function foundOnBoth(
    query: string,
    options: { token?: string; start?: number; length?: number } = {},
  ) {
    const answer = await found(query, options);
    expect(await found(query, { ...options, server: servers.second })).toEqual(answer);
    expect(await found(query, options)).toEqual(answer);
    return answer;
  }

  it('gives the press and the public their own counts: a release under embargo is the press’s only', async () => {
    await release('Lustreware from Deruta', { publicationDate: '2026-04-01' });
    await release('Lustreware prize', {
      publicationDate: '2026-04-02',
      embargoUntil: new Date('2026-07-01'),
    });
    for (const search of [fullText('lustreware'), contains('lustreware')]) {
      expect(await foundOnBoth(search)).toEqual({ count: 1, titles: ['Lustreware from Deruta'] });
      expect(await foundOnBoth(search, { token: servers.pressToken })).toEqual({
        count: 2,
        titles: ['Lustreware prize', 'Lustreware from Deruta'],
      });
    }
  });

  it('counts a new release and an edited title or body at once, written on either server', async () => {
    await release('Cobalt blue glazes', { publicationDate: '2026-04-03' });
    for (const search of [fullText('cobalt'), contains('cobalt')]) {
      expect(await foundOnBoth(search)).toEqual({ count: 1, titles: ['Cobalt blue glazes'] });
    }

    const added = await release('Cobalt and copper', { publicationDate: '2026-04-04' });
    for (const search of [fullText('cobalt'), contains('cobalt')]) {
      expect(await foundOnBoth(search)).toEqual({
        count: 2,
        titles: ['Cobalt and copper', 'Cobalt blue glazes'],
      });
    }

    // The title edited through the second server's API: the first server counts it too.
    const edited = await servers.second.inject({
      method: 'PATCH',
      url: `/api/press_room/admin/press_release/${added.id}/`,
      payload: {
        translations: [{ language: 'en', title: 'Copper red glazes', body: '<p>Fired twice.</p>' }],
      },
      headers: authHeader(servers.officeToken),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    for (const search of [fullText('cobalt'), contains('cobalt')]) {
      expect(await foundOnBoth(search)).toEqual({ count: 1, titles: ['Cobalt blue glazes'] });
    }

    // A body written straight into the database.
    await servers.database.db
      .update(pressReleaseTranslations)
      .set({ body: '<p>Cobalt in the glaze.</p>', bodyText: 'Cobalt in the glaze.' })
      .where(eq(pressReleaseTranslations.pressReleaseId, added.id));
    for (const search of [fullText('cobalt'), contains('cobalt')]) {
      expect(await foundOnBoth(search)).toEqual({
        count: 2,
        titles: ['Copper red glazes', 'Cobalt blue glazes'],
      });
    }
  });

  it('counts a release whose embargo ends, and one whose scheduled time comes, without any write', async () => {
    await release('Majolica tiles', { publicationDate: '2026-04-05' });
    await release('Majolica award', {
      publicationDate: '2026-04-06',
      embargoUntil: new Date('2026-06-01T10:00:00Z'),
    });
    const scheduled = await release('Majolica museum', { publicationDate: '2026-04-07' });
    await servers.database.db
      .update(pressReleases)
      .set({ publishAt: new Date('2026-06-01T11:00:00Z') })
      .where(eq(pressReleases.id, scheduled.id));
    for (const search of [fullText('majolica'), contains('majolica')]) {
      expect(await foundOnBoth(search)).toEqual({ count: 1, titles: ['Majolica tiles'] });
      expect(await foundOnBoth(search, { token: servers.pressToken })).toEqual({
        count: 2,
        titles: ['Majolica award', 'Majolica tiles'],
      });
    }

    servers.clock.set(new Date('2026-06-01T10:00:00Z'));
    for (const search of [fullText('majolica'), contains('majolica')]) {
      expect(await foundOnBoth(search)).toEqual({ count: 2, titles: ['Majolica award', 'Majolica tiles'] });
    }

    servers.clock.set(new Date('2026-06-01T11:00:00Z'));
    for (const search of [fullText('majolica'), contains('majolica')]) {
      expect(await foundOnBoth(search)).toEqual({
        count: 3,
        titles: ['Majolica museum', 'Majolica award', 'Majolica tiles'],
      });
      expect(await foundOnBoth(search, { token: servers.pressToken })).toEqual({
        count: 3,
        titles: ['Majolica museum', 'Majolica award', 'Majolica tiles'],
      });
    }
  });

  it('reads the pages of a counted search as they were counted, common or clustered among the oldest', async () => {
    // 120 releases a day apart, the newest first in the list: "engobe" in every third, "sgraffito" in the 30
    // oldest only, where a page read newest first and stopped early would find none.
    const day = (index: number) => new Date(Date.UTC(2024, 0, 1 + index)).toISOString().slice(0, 10);
    for (let index = 0; index < 120; index++) {
      const words = [index % 3 === 0 ? 'engobe' : 'slip', index < 30 ? 'sgraffito' : 'incised'];
      await release(`Plate ${index}`, { publicationDate: day(index), body: `<p>${words.join(' ')}</p>` });
    }
    const plates = (indexes: number[]) => indexes.map((index) => `Plate ${index}`);
    const newestFirst = (from: number, to: number, step = 1) =>
      Array.from({ length: Math.floor((from - to) / step) + 1 }, (_, index) => from - index * step);

    for (const search of [fullText('engobe'), contains('engobe')]) {
      expect(await foundOnBoth(search, { length: 5 })).toEqual({
        count: 40,
        titles: plates(newestFirst(117, 105, 3)),
      });
      expect(await foundOnBoth(search, { start: 35, length: 5 })).toEqual({
        count: 40,
        titles: plates(newestFirst(12, 0, 3)),
      });
      expect(await foundOnBoth(search, { start: 40, length: 5 })).toEqual({ count: 40, titles: [] });
    }
    for (const search of [fullText('sgraffito'), contains('sgraffito')]) {
      expect(await foundOnBoth(search, { length: 5 })).toEqual({
        count: 30,
        titles: plates(newestFirst(29, 25)),
      });
      expect(await foundOnBoth(search, { start: 10, length: 5 })).toEqual({
        count: 30,
        titles: plates(newestFirst(19, 15)),
      });
    }
  });
});
