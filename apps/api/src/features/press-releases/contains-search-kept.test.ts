import { translateMessage } from '@pressroom/contract';
import { pressReleases, pressReleaseWords } from '@pressroom/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader } from '../../test-support/factories.ts';
import { useTwoServersOnOneDatabase } from './release-search-test-setup.ts';
import { publicSearchLimits } from './table-search.ts';

// What a table's "contains" search found is kept between requests (per content version, the term, the fields
// searched and what the access rule reads of the reader, until the next moment a release changes hands without
// a write). Whether a search ran again shows when a word is taken out of the vocabulary behind the content
// version's back (nothing but the database's own triggers writes it): a search made again no longer finds the
// word, a kept one still does.
describe('what a release table\'s "contains" search found, kept between requests', () => {
  const { servers, ask, found, release } = useTwoServersOnOneDatabase();

  /**
   * A table's "contains" search over the titles and bodies, newest first unless ordered by title or oldest
   * first.
   */
  const contains = (word: string, order: 'newest' | 'title' | 'oldest' = 'newest') =>
    `columns[0][data]=title&columns[0][searchable]=true&columns[0][orderable]=true&columns[1][data]=body&columns[1][searchable]=true&columns[2][data]=publication_date&columns[2][orderable]=true&search[value]=${word}${
      {
        newest: '',
        title: '&order[0][column]=0&order[0][dir]=asc',
        oldest: '&order[0][column]=2&order[0][dir]=asc',
      }[order]
    }`;

  /** Takes a word out of the vocabulary without raising the content version: only a new search misses it. */
  const forget = (word: string) =>
    servers.database.db.delete(pressReleaseWords).where(eq(pressReleaseWords.word, word));

  it('answers the same term asked again with another parameter, page or order from what it found, exactly', async () => {
    await release('Raku bowls', { publicationDate: '2026-04-01' });
    await release('Smoke firing', { publicationDate: '2026-04-02', body: '<p>Raku kilns outdoors.</p>' });
    await release('Anagama', { publicationDate: '2026-04-03', body: '<p>Wood firing.</p>' });
    expect(await found(contains('raku'))).toEqual({ count: 2, titles: ['Smoke firing', 'Raku bowls'] });

    await forget('raku');
    expect(await found(contains('raku'))).toEqual({ count: 2, titles: ['Smoke firing', 'Raku bowls'] });
    expect(await found(contains('raku'), { start: 1, length: 1 })).toEqual({
      count: 2,
      titles: ['Raku bowls'],
    });
    expect(await found(contains('raku', 'title'))).toEqual({
      count: 2,
      titles: ['Raku bowls', 'Smoke firing'],
    });
    expect(await found(contains('raku', 'oldest'))).toEqual({
      count: 2,
      titles: ['Raku bowls', 'Smoke firing'],
    });
    expect(await found(contains('raku', 'oldest'), { start: 1 })).toEqual({
      count: 2,
      titles: ['Smoke firing'],
    });
    // Another term, or another server that never searched this one, searches.
    expect(await found(contains('rak'))).toEqual({ count: 0, titles: [] });
    expect(await found(contains('raku'), { server: servers.second })).toEqual({ count: 0, titles: [] });
  });

  it('searches again after a release is added, edited or deleted, on either server or in the database', async () => {
    await release('Celadon vases', { publicationDate: '2026-04-04' });
    expect(await found(contains('celadon'))).toEqual({ count: 1, titles: ['Celadon vases'] });
    expect(await found(contains('celadon'), { server: servers.second })).toEqual({
      count: 1,
      titles: ['Celadon vases'],
    });

    // Added straight into the database.
    const added = await release('Green glazes', {
      publicationDate: '2026-04-05',
      body: '<p>Celadon from iron.</p>',
    });
    for (const server of [servers.first, servers.second]) {
      expect(await found(contains('celadon'), { server })).toEqual({
        count: 2,
        titles: ['Green glazes', 'Celadon vases'],
      });
    }

    // Edited through the second server: the first finds what it wrote.
    const edited = await servers.second.inject({
      method: 'PATCH',
      url: `/api/press_room/admin/press_release/${added.id}/`,
      payload: { translations: [{ language: 'en', title: 'Green glazes', body: '<p>Iron oxide.</p>' }] },
      headers: authHeader(servers.officeToken),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    for (const server of [servers.first, servers.second]) {
      expect(await found(contains('celadon'), { server })).toEqual({ count: 1, titles: ['Celadon vases'] });
    }

    // Deleted through the first server: the second finds it gone.
    const other = await release('Celadon bowls', { publicationDate: '2026-04-06' });
    expect(await found(contains('celadon'), { server: servers.second })).toEqual({
      count: 2,
      titles: ['Celadon bowls', 'Celadon vases'],
    });
    const deleted = await servers.first.inject({
      method: 'DELETE',
      url: `/api/press_room/admin/press_release/${other.id}/`,
      headers: authHeader(servers.officeToken),
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    for (const server of [servers.first, servers.second]) {
      expect(await found(contains('celadon'), { server })).toEqual({ count: 1, titles: ['Celadon vases'] });
    }
  });

  it('keeps what it found until an embargo ends or a scheduled release comes out, then searches again', async () => {
    await release('Lustreware tiles', { publicationDate: '2026-04-07' });
    await release('Lustreware award', {
      publicationDate: '2026-04-08',
      embargoUntil: new Date('2026-06-01T10:00:00Z'),
    });
    const scheduled = await release('Lustreware museum', { publicationDate: '2026-04-09' });
    await servers.database.db
      .update(pressReleases)
      .set({ publishAt: new Date('2026-06-01T11:00:00Z') })
      .where(eq(pressReleases.id, scheduled.id));
    expect(await found(contains('lustreware'))).toEqual({ count: 1, titles: ['Lustreware tiles'] });

    // Until the embargo's end, what was found answers.
    await forget('lustreware');
    servers.clock.set(new Date('2026-06-01T09:59:59Z'));
    expect(await found(contains('lustreware'))).toEqual({ count: 1, titles: ['Lustreware tiles'] });

    // At its end, no write: the search is made again (and misses the word taken out of the vocabulary).
    servers.clock.set(new Date('2026-06-01T10:00:00Z'));
    expect(await found(contains('lustreware'))).toEqual({ count: 0, titles: [] });

    // The same at the scheduled release's time, with the word written again (so the vocabulary holds it).
    await release('Lustreware kiln', { publicationDate: '2026-03-01' });
    expect(await found(contains('lustreware'))).toEqual({
      count: 3,
      titles: ['Lustreware award', 'Lustreware tiles', 'Lustreware kiln'],
    });
    await forget('lustreware');
    servers.clock.set(new Date('2026-06-01T10:59:59Z'));
    expect((await found(contains('lustreware'))).count).toBe(3);
    servers.clock.set(new Date('2026-06-01T11:00:00Z'));
    expect(await found(contains('lustreware'))).toEqual({ count: 0, titles: [] });
  });

  it('gives the press and the public each their own: neither reuses what the other found', async () => {
    await release('Majolica jugs', { publicationDate: '2026-04-10' });
    await release('Majolica prize', {
      publicationDate: '2026-04-11',
      embargoUntil: new Date('2026-07-01T00:00:00Z'),
    });
    expect(await found(contains('majolica'))).toEqual({ count: 1, titles: ['Majolica jugs'] });

    await forget('majolica');
    expect(await found(contains('majolica'), { token: servers.pressToken })).toEqual({
      count: 0,
      titles: [],
    });
    expect(await found(contains('majolica'))).toEqual({ count: 1, titles: ['Majolica jugs'] });

    await release('Majolica plates', { publicationDate: '2026-04-12' });
    expect(await found(contains('majolica'), { token: servers.pressToken })).toEqual({
      count: 3,
      titles: ['Majolica plates', 'Majolica prize', 'Majolica jugs'],
    });
    await forget('majolica');
    expect(await found(contains('majolica'))).toEqual({ count: 0, titles: [] });
    expect((await found(contains('majolica'), { token: servers.pressToken })).count).toBe(3);
  });

  it('refuses the public a term past its bounds each time it is asked; the press gets it counted', async () => {
    const words = Array.from({ length: publicSearchLimits.words + 1 }, (_, index) => `zx${index}`);
    await release('Inventory', { publicationDate: '2026-04-13', body: `<p>${words.join(' ')}</p>` });
    for (const server of [servers.first, servers.first, servers.second]) {
      const refused = await ask(contains('zx'), { server });
      expect([refused.statusCode, refused.json()]).toEqual([
        400,
        { detail: translateMessage('en', 'searchTooBroad') },
      ]);
    }
    expect(await found(contains('zx'), { token: servers.pressToken })).toEqual({
      count: 1,
      titles: ['Inventory'],
    });
  });
});
