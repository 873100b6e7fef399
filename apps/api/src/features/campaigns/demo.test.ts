import { apiPaths } from '@pressroom/contract';
import { mailQueue } from '@pressroom/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../demo/seed-demo.ts';
import { createTestApp } from '../../test-support/app.ts';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import { temporaryDataDir } from '../../test-support/press-content.ts';
import { seedDemoContent } from '../demo-content/seed.ts';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let dataDir: Awaited<ReturnType<typeof temporaryDataDir>>;

beforeAll(async () => {
  dataDir = await temporaryDataDir();
  harness = await createTestApp({ config: { dataDir: dataDir.dir, mailPollInterval: 0 } });
  await seedDemo(harness.db, harness.app.config, harness.app.storage, harness.clock.now(), () => {});
  await seedDemoContent(harness.app);
});
afterAll(async () => {
  await harness.close();
  await dataDir.remove();
});

describe("the demo's press office mail", () => {
  it('has saved lists named in the seven languages, a release campaign and an event invitation sent with their figures, on the fair only, once', async () => {
    await seedDemoContent(harness.app);
    const office = authHeader(
      await tokenFor(harness.app, await createUser(harness.app, { roles: ['administrator_press_room'] })),
    );
    const get = (url: string, host: string) =>
      harness.app.inject({ method: 'GET', url, headers: { host, ...office, 'accept-language': 'it' } });
    const lists = (await get(apiPaths.recipientLists, 'fair.localhost')).json().results;
    expect(lists.map((list: { name: string }) => list.name).sort()).toEqual(
      [
        'Accredited for this year’s fair',
        'Magazines and newspapers',
        'Prensa en español',
        'Presse auf Deutsch',
        'Presse en français',
        'Press writing in English',
        'Stampa in italiano',
        'الصحافة بالعربية',
        'עיתונות בעברית',
      ].sort(),
    );
    const [invitation, campaign, ...others] = (await get(apiPaths.campaigns, 'fair.localhost')).json()
      .results;
    expect(others).toEqual([]);
    expect([campaign.status, campaign.lists.length, campaign.figures]).toEqual([
      'queued',
      2,
      { recipients: 5, sent: 5, failed: 0, unsubscribed: 1, reads: 3 },
    ]);
    expect(campaign.release.title).not.toBe('');
    expect([
      invitation.status,
      invitation.release,
      invitation.lists.map((list: { name: string }) => list.name),
    ]).toEqual(['queued', null, ['Accredited for this year’s fair']]);
    expect(invitation.event.title).not.toBe('');
    expect(invitation.figures.sent).toBe(invitation.figures.recipients);
    const subjects = await harness.db
      .selectDistinct({ subject: mailQueue.subject })
      .from(mailQueue)
      .where(eq(mailQueue.campaignId, campaign.id));
    expect(subjects.length).toBeGreaterThan(1);
    expect((await get(apiPaths.campaigns, 'association.localhost')).json().results).toEqual([]);
  });
});
