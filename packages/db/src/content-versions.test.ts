import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './client.ts';
import {
  companies,
  companyPressBoxes,
  contentKinds,
  contentVersions,
  exhibitorStands,
  exhibitors,
  fairEditions,
  pressGroups,
  pressReleaseGroups,
  pressReleases,
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
