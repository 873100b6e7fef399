import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './client.ts';
import { contentKinds, contentVersions, pressReleaseGroups, pressReleases } from './schema/index.ts';
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
