import { apiPaths } from '@pressroom/contract';
import { mailQueue, pressReleaseTranslations, users } from '@pressroom/db';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoJournalists } from '../../demo/demo-journalists.ts';
import { seedDemo } from '../../demo/seed-demo.ts';
import { createTestApp } from '../../test-support/app.ts';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import { temporaryDataDir } from '../../test-support/press-content.ts';
import { seedDemoFairPress } from '../demo-content/seed.ts';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let dataDir: Awaited<ReturnType<typeof temporaryDataDir>>;

/**
 * What the press office's mail is made of in the demo: its releases and journalists, and on each site the
 * fair's press work (the mail among it). The demo's pictures, magazines and press kit play no part in it and
 * are left out (the whole demo is the demo content's own test).
 */
async function seedMailOfDemo() {
  const { journalists } = await seedDemoJournalists(harness.db, harness.clock.now());
  for (const site of harness.app.sites.byName.values()) {
    await seedDemoFairPress(harness.app, site, journalists);
  }
}

beforeAll(async () => {
  dataDir = await temporaryDataDir();
  harness = await createTestApp({ config: { dataDir: dataDir.dir, mailPollInterval: 0 } });
  await seedDemo(harness.db, harness.app.config, harness.app.storage, harness.clock.now(), () => {});
  await seedMailOfDemo();
}, 120_000);
afterAll(async () => {
  await harness.close();
  await dataDir.remove();
});

describe("the demo's press office mail", () => {
  it('has saved lists named in the office’s Italian, a release campaign and an event invitation sent with their figures, on the fair only, once', async () => {
    await seedMailOfDemo();
    const office = authHeader(
      await tokenFor(harness.app, await createUser(harness.app, { roles: ['administrator_press_room'] })),
    );
    const get = (url: string, host: string) =>
      harness.app.inject({ method: 'GET', url, headers: { host, ...office, 'accept-language': 'it' } });
    const lists = (await get(apiPaths.recipientLists, 'fair.localhost')).json().results;
    expect(lists.map((list: { name: string }) => list.name).sort()).toEqual(
      [
        'Accreditati alla fiera di quest’anno',
        'Riviste e quotidiani',
        'Stampa in arabo',
        'Stampa in ebraico',
        'Stampa in francese',
        'Stampa in inglese',
        'Stampa in italiano',
        'Stampa in spagnolo',
        'Stampa in tedesco',
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
    ]).toEqual(['queued', null, ['Accreditati alla fiera di quest’anno']]);
    expect(invitation.event.title).not.toBe('');
    expect(invitation.figures.sent).toBe(invitation.figures.recipients);
    // Every journalist mailed reads the release and the invitation in their own language: the five who agreed
    // (the sixth was never asked), and for the invitation, sent later, not the one who had withdrawn by then.
    const mailsOf = (campaignId: number) =>
      harness.db
        .select({ language: users.language, subject: mailQueue.subject, html: mailQueue.htmlBody })
        .from(mailQueue)
        .innerJoin(users, eq(users.email, mailQueue.toAddress))
        .where(eq(mailQueue.campaignId, campaignId))
        .orderBy(asc(users.language));
    const htmlLanguage = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];
    const released = await mailsOf(campaign.id);
    const titles = await harness.db
      .select({ language: pressReleaseTranslations.language, title: pressReleaseTranslations.title })
      .from(pressReleaseTranslations)
      .where(eq(pressReleaseTranslations.pressReleaseId, campaign.release.id));
    const titleIn = new Map(titles.map((row) => [row.language, row.title]));
    expect(released.map((mail) => [mail.language, htmlLanguage(mail.html), mail.subject])).toEqual(
      ['de', 'es', 'fr', 'he', 'it'].map((language) => [
        language,
        language,
        `Tile Fair: ${titleIn.get(language)}`,
      ]),
    );
    const invited = await mailsOf(invitation.id);
    expect(invited.map((mail) => [mail.language, htmlLanguage(mail.html)])).toEqual(
      ['de', 'es', 'he', 'it'].map((language) => [language, language]),
    );
    expect((await get(apiPaths.campaigns, 'association.localhost')).json().results).toEqual([]);
  });
});
