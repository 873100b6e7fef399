import { translateMessage } from '@pressroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/app.ts';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import { publicSearchLimits } from './table-search.ts';
import { insertRelease } from './test-factories.ts';
import { type ReleaseTextField, releasesContaining } from './text-search-repository.ts';

const list = '/api/press_room/press_release/';
const allTexts: ReleaseTextField[] = ['title', 'subtitle', 'body'];

describe('a table\'s "contains" search of releases (DataTables search[value])', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let fair: number;
  let pressToken: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    harness = await createTestApp();
    const { app, db } = harness;
    fair = app.sites.byName.get('Tile Fair')?.id ?? 0;
    const association = app.sites.byName.get('Ceramics Association')?.id ?? 0;
    const release = async (name: string, options: Parameters<typeof insertRelease>[1]) => {
      ids[name] = (await insertRelease(db, options)).id;
    };
    await release('garden', {
      publicationDate: '2026-03-01',
      groups: [fair],
      translations: [
        { language: 'en', title: 'Terracotta for the garden', body: '<p>Warm tiles.</p>' },
        { language: 'it', title: 'Cotto per il giardino', body: "<p>La <b>terracòtta</b> e l'argilla.</p>" },
      ],
    });
    await release('slabs', {
      publicationDate: '2026-03-02',
      groups: [fair],
      translations: [
        {
          language: 'en',
          title: 'Porcelain slabs',
          subtitle: 'Large formats',
          body: '<p>Made with TERRACOTTA clay from Impruneta.</p>',
        },
      ],
    });
    await release('worktops', {
      publicationDate: '2026-03-03',
      groups: [fair],
      translations: [
        { language: 'en', title: 'Kitchen worktops', subtitle: 'Terracotta tones for kitchens' },
      ],
    });
    await release('apart', {
      publicationDate: '2026-02-10',
      groups: [fair],
      translations: [
        {
          language: 'en',
          title: 'Earth and fire',
          body: '<p>The terra is red, the cotta is not; its terra-cotta edge is.</p>',
        },
      ],
    });
    await release('longWord', {
      publicationDate: '2026-02-01',
      groups: [fair],
      translations: [
        { language: 'en', title: 'A code', body: `<p>${'q'.repeat(250)}smaltatura${'q'.repeat(40)}</p>` },
      ],
    });
    await release('embargoed', {
      publicationDate: '2026-05-20',
      groups: [fair],
      embargoUntil: new Date('2026-06-02T08:00:00Z'),
      translations: [{ language: 'en', title: 'Secret terracotta range' }],
    });
    await release('draft', {
      publicationDate: '2026-05-21',
      status: 'draft',
      groups: [fair],
      translations: [{ language: 'en', title: 'Draft terracotta note' }],
    });
    await release('submitted', {
      publicationDate: '2026-05-22',
      status: 'submitted',
      groups: [fair],
      translations: [{ language: 'en', title: 'Submitted terracotta note' }],
    });
    await release('otherSite', {
      publicationDate: '2026-03-04',
      groups: [association],
      translations: [{ language: 'en', title: 'Terracotta at the association' }],
    });
    pressToken = await tokenFor(app, await createUser(app, { roles: ['user_press_room'] }));
  });
  afterAll(() => harness.close());

  /** A table of these columns, newest first, searched for `value` (globally, or in one column). */
  const table = (
    columns: string[],
    value: string,
    options: { column?: string; site?: number | null } = {},
  ) => {
    const params = new URLSearchParams({ format: 'datatables', draw: '1', start: '0', length: '10' });
    columns.forEach((column, index) => {
      params.set(`columns[${index}][data]`, column);
      params.set(`columns[${index}][searchable]`, 'true');
      params.set(`columns[${index}][orderable]`, 'true');
      if (options.column === column) params.set(`columns[${index}][search][value]`, value);
    });
    params.set(`columns[${columns.length}][data]`, 'publication_date');
    params.set(`columns[${columns.length}][orderable]`, 'true');
    params.set('order[0][column]', String(columns.length));
    params.set('order[0][dir]', 'desc');
    if (options.column === undefined) params.set('search[value]', value);
    if (options.site !== null) params.set('group', String(options.site ?? fair));
    return `${list}?${params}`;
  };
  const search = async (url: string, headers: Record<string, string> = {}) => {
    const response = await harness.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-language': 'en', ...headers },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    return {
      total: body.recordsTotal,
      found: body.recordsFiltered,
      titles: body.data.map((row: { title: string }) => row.title),
    };
  };
  const press = () => authHeader(pressToken);
  const texts = ['title', 'subtitle', 'body'];

  it('finds a term in any translation’s title, subtitle or body, whatever the accents and the case', async () => {
    // The site's public releases: neither the embargoed one, nor the draft, nor the submitted one.
    expect(await search(table(texts, 'TERRACÒTTA'))).toEqual({
      total: 5,
      found: 3,
      titles: ['Kitchen worktops', 'Porcelain slabs', 'Terracotta for the garden'],
    });
    // A part of a word, in a word of its own too ("the cotta is not").
    expect(await search(table(texts, 'Cotta'))).toEqual({
      total: 5,
      found: 4,
      titles: ['Kitchen worktops', 'Porcelain slabs', 'Terracotta for the garden', 'Earth and fire'],
    });
    // Every site's, without the site filter.
    expect((await search(table(texts, 'terracotta', { site: null }))).found).toBe(4);
  });

  it('searches only the columns asked, globally or by column', async () => {
    expect((await search(table(['title'], 'terracotta'))).titles).toEqual(['Terracotta for the garden']);
    expect((await search(table(['subtitle'], 'terracotta'))).titles).toEqual(['Kitchen worktops']);
    // The body alone: the English text of one, the Italian text of the other (shown in English).
    expect((await search(table(['body'], 'terracotta'))).titles).toEqual([
      'Porcelain slabs',
      'Terracotta for the garden',
    ]);
    expect((await search(table(['title', 'excerpt'], 'impruneta', { column: 'excerpt' }))).titles).toEqual([
      'Porcelain slabs',
    ]);
    expect((await search(table(['title', 'body'], 'impruneta', { column: 'title' }))).found).toBe(0);
  });

  it('keeps embargoed, draft and submitted releases out for the public; the press finds the embargoed one', async () => {
    expect((await search(table(texts, 'secret'))).found).toBe(0);
    expect((await search(table(texts, 'note'))).found).toBe(0);
    expect(await search(table(texts, 'secret'), press())).toEqual({
      total: 6,
      found: 1,
      titles: ['Secret terracotta range'],
    });
    expect((await search(table(texts, 'note'), press())).found).toBe(0);
  });

  it('finds a term of several words, or with punctuation, only where it stands as typed', async () => {
    expect((await search(table(texts, 'the terra is'))).titles).toEqual(['Earth and fire']);
    expect((await search(table(texts, 'RED, THE'))).titles).toEqual(['Earth and fire']);
    expect((await search(table(texts, 'terra-cotta'))).titles).toEqual(['Earth and fire']);
    expect((await search(table(texts, "l'argilla"))).titles).toEqual(['Terracotta for the garden']);
    expect((await search(table(texts, 'terra cotta'))).found).toBe(0);
    expect((await search(table(texts, 'cotta is not;'))).found).toBe(1);
    expect((await search(table(texts, ' ; '))).found).toBe(0);
    // `%` and `_` are what they are, not wildcards.
    expect((await search(table(texts, 'terra%cotta'))).found).toBe(0);
  });

  it('finds a term within a word of any length', async () => {
    expect((await search(table(texts, 'smaltatura'))).titles).toEqual(['A code']);
    expect((await search(table(texts, `${'q'.repeat(150)}SMALTATURA`))).titles).toEqual(['A code']);
    expect((await search(table(texts, `qq${'q'.repeat(250)}smaltatura`))).found).toBe(0);
  });

  it('searches dates and numbers as their text, and never for a term with a letter', async () => {
    expect((await search(table(['publication_date'], '2026-03-02'))).titles).toEqual(['Porcelain slabs']);
    expect((await search(table(['publication_date'], '03-0'))).found).toBe(3);
    expect((await search(table(['title', 'publication_date'], 'porcelain'))).titles).toEqual([
      'Porcelain slabs',
    ]);
    expect((await search(table(['publication_date', 'number'], 'porcelain'))).found).toBe(0);
  });

  it('reads at most the words and translations it is allowed, and says when it stopped there', async () => {
    const { db } = harness;
    const limits = { words: 5, texts: 10, compared: 10 };
    // Eight translations, two of them of one release: every status, every site.
    const within = await releasesContaining(db, 'terracotta', allTexts, limits);
    expect({ ...within, ids: [...new Set(within.ids)].sort((a, b) => a - b) }).toEqual({
      ids: [ids.garden, ids.slabs, ids.worktops, ids.embargoed, ids.draft, ids.submitted, ids.otherSite].sort(
        (a, b) => a - b,
      ),
      words: 1,
      texts: 8,
      complete: true,
    });
    const stopped = await releasesContaining(db, 'terracotta', allTexts, { ...limits, texts: 3 });
    expect([stopped.texts, stopped.complete]).toEqual([4, false]);
    // "t" is in more words than that: the count stops one past the limit.
    const letter = await releasesContaining(db, 't', allTexts, { ...limits, words: 2 });
    expect([letter.words, letter.complete]).toEqual([3, false]);
    // A term of several words counts the translations it compared: the bodies holding a word that contains
    // its longest word, "terra" ("terra", "terracotta").
    const phrase = await releasesContaining(db, 'the terra is', ['body'], limits);
    expect(phrase).toEqual({ ids: [ids.apart], words: 2, texts: 3, complete: true });
    const cut = await releasesContaining(db, 'the terra is', ['body'], { ...limits, compared: 2 });
    expect([cut.texts, cut.complete]).toEqual([3, false]);
    // Without limits, all of them.
    expect((await releasesContaining(db, 't', allTexts, null)).complete).toBe(true);
  });

  it('refuses the public a search that finds too much, in words; the press gets it counted', async () => {
    // One release whose body holds more words containing "zq" than a public search may read.
    const words = Array.from({ length: publicSearchLimits.words + 1 }, (_, index) => `zq${index}`);
    await insertRelease(harness.db, {
      publicationDate: '2026-01-05',
      groups: [fair],
      translations: [{ language: 'en', title: 'Inventory', body: `<p>${words.join(' ')}</p>` }],
    });
    const response = await harness.app.inject({
      method: 'GET',
      url: table(texts, 'zq'),
      headers: { 'accept-language': 'it' },
    });
    expect([response.statusCode, response.json()]).toEqual([
      400,
      { detail: translateMessage('it', 'searchTooBroad') },
    ]);
    expect(await search(table(texts, 'zq'), press())).toEqual({ total: 7, found: 1, titles: ['Inventory'] });
    // A word of them is a search like any other.
    expect((await search(table(texts, words[words.length - 1]))).titles).toEqual(['Inventory']);
  });

  it('keeps a searched table’s total until a release is written or an embargo ends', async () => {
    expect((await search(table(texts, 'terracotta'))).total).toBe(6);
    await insertRelease(harness.db, {
      publicationDate: '2026-04-01',
      groups: [fair],
      translations: [{ language: 'en', title: 'Glazes' }],
    });
    expect(await search(table(texts, 'glazes'))).toEqual({ total: 7, found: 1, titles: ['Glazes'] });
    harness.clock.set(new Date('2026-06-02T08:00:01Z'));
    expect(await search(table(texts, 'secret'))).toEqual({
      total: 8,
      found: 1,
      titles: ['Secret terracotta range'],
    });
  });
});
