import { readCounts, users } from '@pressroom/db';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import {
  fair,
  type PressContentApp,
  startPressContentApp,
  testCompanyId,
} from '../../test-support/press-content.ts';
import { insertRelease } from '../press-releases/test-factories.ts';

export let content: PressContentApp;
export let siteId: number;
export let ours: number;
export let theirs: number;
export let reader: Record<string, string>;
export const app = () => content.harness.app;
export const get = (url: string, headers: Record<string, string> = {}) =>
  app().inject({ method: 'GET', url, headers: { ...fair, ...headers } });

/** The counted rows of some kinds: kind, item, media type, country, count. */
export const counted = async (...kinds: string[]) => {
  await app().readCounter.flush();
  const rows = await content.harness.db
    .select()
    .from(readCounts)
    .orderBy(asc(readCounts.kind), asc(readCounts.itemId));
  return rows
    .filter((row) => kinds.includes(row.kind))
    .map((row) => [row.kind, row.itemId, row.mediaType, row.country, row.count]);
};

/**
 * The statistics test files' app: a release of the press office and one of a company, a journalist reading
 * them, and no count before each test. A file calls it in its describe: the api project shares this module
 * between the files a worker runs (isolate: false), so each file's hooks set its state again.
 */
export function useStatisticsTestApp() {
  beforeAll(async () => {
    content = await startPressContentApp({ readCountFlushSeconds: 0 });
    siteId = app().sites.forHostname('fair.localhost').id;
    const journalist = await createUser(app(), { firstName: 'Anna', lastName: 'Rossi' });
    await content.harness.db
      .update(users)
      .set({ mediaType: 'newspapers', country: 'IT' })
      .where(eq(users.id, journalist.id));
    reader = authHeader(await tokenFor(app(), journalist));
    ours = (
      await insertRelease(content.harness.db, {
        groups: [siteId],
        companyId: testCompanyId,
        translations: [{ language: 'en', title: 'Our new glazes' }],
      })
    ).id;
    theirs = (
      await insertRelease(content.harness.db, {
        groups: [siteId],
        translations: [{ language: 'en', title: 'The fair opens' }],
      })
    ).id;
  });

  beforeEach(async () => {
    await app().readCounter.flush();
    await content.harness.db.delete(readCounts);
  });

  afterAll(() => content.stop());
}
