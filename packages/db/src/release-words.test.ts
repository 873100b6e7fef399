import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './client.ts';
import { pressReleases, pressReleaseTranslations, pressReleaseWords } from './schema/index.ts';
import { openTestDatabase } from './testing.ts';

describe('the words of release texts', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const newRelease = async () => {
    const [release] = await database.db
      .insert(pressReleases)
      .values({ publicationDate: '2026-03-02', status: 'published' })
      .returning({ id: pressReleases.id });
    return release.id;
  };
  /** Which of `words` the vocabulary holds. */
  const known = async (words: string[]) =>
    (
      await database.db
        .select({ word: pressReleaseWords.word })
        .from(pressReleaseWords)
        .where(inArray(pressReleaseWords.word, words))
        .orderBy(pressReleaseWords.word)
    ).map((row) => row.word);
  const wordsOf = async (text: string) => {
    const result = (await database.db.execute(
      sql`select search_words(search_fold(${text})) as words`,
    )) as unknown as { rows: { words: string[] }[] };
    return [...result.rows[0].words].sort();
  };

  it('are each text’s runs between spaces and punctuation, folded, each once', async () => {
    expect(await wordsOf("  L'Àrgilla, la TERRACÒTTA; e la terracotta (cotto)!  ")).toEqual([
      'argilla',
      'cotto',
      'e',
      'l',
      'la',
      'terracotta',
    ]);
    expect(await wordsOf(' ;-) ')).toEqual([]);
  });

  it('keep a word longer than 200 characters as overlapping pieces holding every part of 100', async () => {
    const long = `${'a'.repeat(150)}${'b'.repeat(150)}`;
    expect(await wordsOf(`short ${long}`)).toEqual([long.slice(0, 200), long.slice(100, 300), 'short']);
  });

  it('are kept in the vocabulary, whoever writes a translation, and stay there', async () => {
    const releaseId = await newRelease();
    await database.db.insert(pressReleaseTranslations).values([
      { pressReleaseId: releaseId, language: 'it', title: 'Grès porcellanato', bodyText: 'Lastre sottili' },
      { pressReleaseId: releaseId, language: 'en', title: 'Slabs', subtitle: 'Thin Porcelain' },
    ]);
    expect(await known(['gres', 'lastre', 'porcelain', 'porcellanato', 'slabs', 'sottili', 'thin'])).toEqual([
      'gres',
      'lastre',
      'porcelain',
      'porcellanato',
      'slabs',
      'sottili',
      'thin',
    ]);
    await database.db
      .update(pressReleaseTranslations)
      .set({ title: 'Stoneware slabs' })
      .where(
        and(
          eq(pressReleaseTranslations.pressReleaseId, releaseId),
          eq(pressReleaseTranslations.language, 'en'),
        ),
      );
    // A word no text holds any more stays, and finds nothing.
    expect(await known(['slabs', 'stoneware'])).toEqual(['slabs', 'stoneware']);
  });

  it('find the translations holding a word from their indexes', async () => {
    const releaseId = await newRelease();
    await database.db
      .insert(pressReleaseTranslations)
      .values({ pressReleaseId: releaseId, language: 'fr', title: 'Céramique émaillée', bodyText: 'Émaux' });
    const holding = async (column: 'title' | 'body', word: string) =>
      (
        await database.db
          .select({ id: pressReleaseTranslations.pressReleaseId })
          .from(pressReleaseTranslations)
          .where(
            sql`search_words(${column === 'title' ? pressReleaseTranslations.titleFolded : pressReleaseTranslations.bodyFolded}) && array[${word}]`,
          )
      ).map((row) => row.id);
    expect(await holding('title', 'emaillee')).toEqual([releaseId]);
    expect(await holding('body', 'emaux')).toEqual([releaseId]);
    expect(await holding('body', 'emaillee')).toEqual([]);
  });
});
