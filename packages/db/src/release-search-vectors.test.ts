import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './client.ts';
import { pressReleaseSearchVectors, pressReleases, pressReleaseTranslations } from './schema/index.ts';
import { openTestDatabase } from './testing.ts';

describe('the search vectors of release translations', () => {
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
  /** The words the copy holds for one translation, as the search reads them; null when there is no copy. */
  const copiedWords = async (releaseId: number, language: string) => {
    const rows = await database.db
      .select({ words: sql<string>`${pressReleaseSearchVectors.searchVector}::text` })
      .from(pressReleaseSearchVectors)
      .where(
        and(
          eq(pressReleaseSearchVectors.pressReleaseId, releaseId),
          eq(pressReleaseSearchVectors.language, language),
        ),
      );
    return rows.length === 0 ? null : rows[0].words;
  };
  const translationWords = async (releaseId: number, language: string) => {
    const [row] = await database.db
      .select({ words: sql<string>`${pressReleaseTranslations.searchVector}::text` })
      .from(pressReleaseTranslations)
      .where(
        and(
          eq(pressReleaseTranslations.pressReleaseId, releaseId),
          eq(pressReleaseTranslations.language, language),
        ),
      );
    return row.words;
  };

  it('are copied when a translation is written, stemmed in its language', async () => {
    const releaseId = await newRelease();
    await database.db.insert(pressReleaseTranslations).values([
      {
        pressReleaseId: releaseId,
        language: 'it',
        title: 'Terrecotte smaltate',
        bodyText: 'Piastrelle in cotto',
      },
      { pressReleaseId: releaseId, language: 'en', title: 'Glazed terracotta', bodyText: 'Tiles' },
    ]);
    expect(await copiedWords(releaseId, 'it')).toBe("'cott':5C 'piastrell':3C 'smalt':2A 'terrecott':1A");
    expect(await copiedWords(releaseId, 'en')).toBe("'glaze':1A 'terracotta':2A 'tile':3C");
  });

  it('follow an edited text and a changed language, and go with a deleted translation or release', async () => {
    const releaseId = await newRelease();
    await database.db
      .insert(pressReleaseTranslations)
      .values({ pressReleaseId: releaseId, language: 'en', title: 'Porcelain slabs' });
    await database.db
      .update(pressReleaseTranslations)
      .set({ title: 'Stoneware slabs' })
      .where(eq(pressReleaseTranslations.pressReleaseId, releaseId));
    expect(await copiedWords(releaseId, 'en')).toBe(await translationWords(releaseId, 'en'));
    expect(await copiedWords(releaseId, 'en')).toBe("'slab':2A 'stonewar':1A");

    await database.db
      .update(pressReleaseTranslations)
      .set({ language: 'fr', title: 'Dalles en grès' })
      .where(eq(pressReleaseTranslations.pressReleaseId, releaseId));
    expect(await copiedWords(releaseId, 'en')).toBeNull();
    expect(await copiedWords(releaseId, 'fr')).toBe(await translationWords(releaseId, 'fr'));

    await database.db
      .insert(pressReleaseTranslations)
      .values({ pressReleaseId: releaseId, language: 'it', title: 'Lastre in gres' });
    await database.db
      .delete(pressReleaseTranslations)
      .where(
        and(
          eq(pressReleaseTranslations.pressReleaseId, releaseId),
          eq(pressReleaseTranslations.language, 'fr'),
        ),
      );
    expect(await copiedWords(releaseId, 'fr')).toBeNull();
    expect(await copiedWords(releaseId, 'it')).toBe(await translationWords(releaseId, 'it'));

    await database.db.delete(pressReleases).where(eq(pressReleases.id, releaseId));
    expect(await copiedWords(releaseId, 'it')).toBeNull();
  });
});
