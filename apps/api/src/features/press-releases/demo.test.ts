import { users } from '@pressroom/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoJournalists } from '../../demo/demo-journalists.ts';
import { demoAdministrator, seedDemo } from '../../demo/seed-demo.ts';
import { createTestApp } from '../../test-support/app.ts';
import { authHeader, tokenFor } from '../../test-support/factories.ts';
import { temporaryDataDir } from '../../test-support/press-content.ts';
import { seedDemoPreviews } from './demo.ts';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let dataDir: Awaited<ReturnType<typeof temporaryDataDir>>;

beforeAll(async () => {
  dataDir = await temporaryDataDir();
  harness = await createTestApp({ config: { dataDir: dataDir.dir } });
  await seedDemo(harness.db, harness.app.config, harness.app.storage, harness.clock.now(), () => {});
});
afterAll(async () => {
  await harness.close();
  await dataDir.remove();
});

describe("the demo's embargo previews", () => {
  it('invites two people to the embargoed release, one of whom opened it, once', async () => {
    const { journalists } = await seedDemoJournalists(harness.db, harness.clock.now());
    expect(await seedDemoPreviews(harness.app, journalists)).toEqual({ invitations: 2 });
    expect(await seedDemoPreviews(harness.app, journalists)).toEqual({ invitations: 0 });

    const [office] = await harness.db.select().from(users).where(eq(users.email, demoAdministrator.email));
    const headers = { host: 'fair.localhost', ...authHeader(await tokenFor(harness.app, office)) };
    const list = await harness.app.inject({
      method: 'GET',
      url: '/api/press_room/press_release/?search=market%20outlook',
      headers,
    });
    const [release] = list.json().results as { id: number }[];
    const invitations = await harness.app.inject({
      method: 'GET',
      url: `/api/press_room/admin/press_release/${release.id}/previews/`,
      headers,
    });
    const body = invitations.json();
    expect(body.previewable).toBe(true);
    expect(
      body.results.map((row: { name: string; open_count: number }) => [row.name, row.open_count]),
    ).toEqual([
      ['Marta Lindqvist', 0],
      ['Giulia Bianchi', 2],
    ]);
  });
});
