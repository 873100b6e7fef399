import {
  alertRuns,
  alertSubscriptions,
  brands,
  companies,
  companyBrands,
  mailQueue,
  userRoleGroups,
} from '@pressroom/db';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testConfig } from '../../test-support/app.ts';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import { insertRelease } from '../press-releases/test-factories.ts';
import { processDigest, processDueAlerts } from './dispatch.ts';

const subscribePath = '/api/alerts/subscriptions/';
const host = { host: 'fair.localhost' };

describe('e-mail alerts of new releases', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let fair: number;
  let pressOffice: { authorization: string };
  let rossi: number;
  let terra: number;

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    harness.app.inject({ method: 'POST', url, payload: payload as object, headers: { ...host, ...headers } });
  const mails = () => harness.db.select().from(mailQueue).orderBy(asc(mailQueue.id));
  const tokenOf = async (email: string) =>
    (await harness.db.select().from(alertSubscriptions).where(eq(alertSubscriptions.email, email)))[0]
      ?.token ?? '';

  /** Subscribes and follows the mailed link, as a reader does. */
  async function subscribed(email: string, fields: Record<string, unknown> = {}) {
    const response = await post(subscribePath, { email, languages: ['en'], consent: true, ...fields });
    expect(response.statusCode).toBe(202);
    const token = await tokenOf(email);
    expect((await post('/api/alerts/confirm/', { token })).statusCode).toBe(200);
    return token;
  }

  /** A draft the press office publishes through the API, then the due alerts are queued. */
  async function publish(options: Parameters<typeof insertRelease>[1], body: Record<string, unknown> = {}) {
    const release = await insertRelease(harness.db, {
      status: 'draft',
      number: null,
      publicationDate: '2026-06-01',
      ...options,
    });
    const response = await harness.app.inject({
      method: 'POST',
      url: `/api/press_room/admin/press_release/${release.id}/status/`,
      payload: { status: 'published', ...body },
      headers: { ...host, ...pressOffice },
    });
    expect(response.statusCode).toBe(200);
    await processDueAlerts(harness.app);
    return release.id;
  }

  const alertsOf = async (releaseId: number) =>
    (await mails())
      .filter((mail) => mail.alertReleaseId === releaseId)
      .map((mail) => mail.toAddress)
      .sort();

  beforeAll(async () => {
    const defaults = testConfig();
    harness = await createTestApp({
      config: {
        mailPollInterval: 0,
        // Many subscriptions from one test address; the limits themselves are tested in rate-limit.test.ts.
        rateLimits: {
          ...defaults.rateLimits,
          mailPerIp: { max: 1000, windowSeconds: 3600 },
          mailPerEmail: { max: 1000, windowSeconds: 3600 },
        },
      },
    });
    fair = harness.app.sites.byName.get('Tile Fair')?.id ?? 0;
    const officer = await createUser(harness.app, { roles: ['administrator_press_room'] });
    pressOffice = authHeader(await tokenFor(harness.app, officer));
    [{ id: rossi }] = await harness.db
      .insert(companies)
      .values({ businessName: 'Ceramica Rossi', matchKey: 'ceramica rossi' })
      .returning();
    [{ id: terra }] = await harness.db.insert(brands).values({ name: 'Terra' }).returning();
    await harness.db.insert(companyBrands).values({ companyId: rossi, brandId: terra });
  });

  beforeEach(async () => {
    harness.clock.set(new Date('2026-06-01T09:00:00Z'));
    await harness.db.delete(mailQueue);
    await harness.db.delete(alertSubscriptions);
  });

  afterAll(() => harness.close());

  it('confirms by a mailed link before anything is sent, recording the consent', async () => {
    const response = await post(
      subscribePath,
      { email: 'marco@giornale.test', languages: ['it', 'en'], consent: true },
      { 'accept-language': 'it' },
    );
    expect(response.json()).toEqual({ status: 'pending' });
    const [confirmation] = await mails();
    const token = await tokenOf('marco@giornale.test');
    expect(confirmation.subject).toBe('Conferma gli avvisi dei comunicati di Tile Fair');
    const address = harness.app.sites.forHostname('fair.localhost').address;
    expect(confirmation.textBody).toContain(`${address}/#/alerts/confirm/${token}`);
    await publish({ groups: [fair], translations: [{ language: 'it', title: 'Prima della conferma' }] });
    expect((await mails()).filter((mail) => mail.alertReleaseId !== null)).toEqual([]);

    const confirmed = await post('/api/alerts/confirm/', { token });
    expect(confirmed.json()).toMatchObject({
      email: 'marco@giornale.test',
      status: 'active',
      languages: ['it', 'en'],
    });
    const [row] = await harness.db.select().from(alertSubscriptions);
    expect([row.noticeVersion.length > 0, row.consentLanguage, row.pressGroupId]).toEqual([true, 'it', fair]);
  });

  it('mails each matching subscriber once on first publication, in their language, with one-click unsubscribe headers', async () => {
    const italian = await subscribed('marco@giornale.test', { languages: ['it', 'en'] });
    await subscribed('jane@paper.test', { languages: ['en'] });
    await subscribed('hans@zeitung.test', { languages: ['de'] });
    const id = await publish({
      publicationDate: '2026-06-01',
      groups: [fair],
      translations: [
        { language: 'en', title: 'Dates announced', subtitle: 'Five days', body: '<p>The fair opens.</p>' },
        { language: 'it', title: 'Date annunciate', body: '<p>La fiera apre.</p>' },
      ],
    });
    const alerts = (await mails()).filter((mail) => mail.alertReleaseId === id);
    expect(alerts.map((mail) => [mail.toAddress, mail.subject])).toEqual([
      ['jane@paper.test', 'Tile Fair: Dates announced'],
      ['marco@giornale.test', 'Tile Fair: Date annunciate'],
    ]);
    const address = harness.app.sites.forHostname('fair.localhost').address;
    const marco = alerts[1];
    expect(marco.headers).toEqual({
      'List-Unsubscribe': `<${address}/api/alerts/unsubscribe/${italian}/>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(marco.textBody).toContain(`${address}/releases/2026-`);
    expect(marco.textBody).toContain('?lang=it');
    expect(marco.textBody).toContain(
      `Annulla l'iscrizione: ${address}/#/alerts/manage/${italian}?unsubscribe=1`,
    );
    expect(marco.htmlBody).toContain(`href="${address}/#/alerts/manage/${italian}"`);

    // Withdrawn and published again, edited: nobody is mailed twice.
    for (const status of ['draft', 'published']) {
      await harness.app.inject({
        method: 'POST',
        url: `/api/press_room/admin/press_release/${id}/status/`,
        payload: { status },
        headers: { ...host, ...pressOffice },
      });
    }
    await processDueAlerts(harness.app);
    expect(await alertsOf(id)).toEqual(['jane@paper.test', 'marco@giornale.test']);
  });

  it('spaces the alerts of one publication by ALERT_SEND_RATE, so the mail queue sends them at that rate', async () => {
    await subscribed('first@paper.test');
    await subscribed('second@paper.test');
    await subscribed('terzo@giornale.test', { languages: ['it'] });
    const id = await publish({
      publicationDate: '2026-06-01',
      groups: [fair],
      translations: [
        { language: 'en', title: 'Paced' },
        { language: 'it', title: 'Cadenzato' },
      ],
    });
    const published = harness.clock.now().getTime();
    const spacingMs = 1000 / harness.config.alertSendRate;
    const due = (await mails())
      .filter((mail) => mail.alertReleaseId === id)
      .map((mail) => mail.nextAttemptAt.getTime() - published)
      .sort((a, b) => a - b);
    expect(due).toEqual([0, spacingMs, 2 * spacingMs]);
  });

  it('sends nothing for a back-dated release or one published without notifying', async () => {
    await subscribed('jane@paper.test');
    const backDated = await publish({
      publicationDate: '2026-05-20',
      groups: [fair],
      translations: [{ language: 'en', title: 'Old news' }],
    });
    const quiet = await publish(
      { publicationDate: '2026-06-01', groups: [fair], translations: [{ language: 'en', title: 'Quiet' }] },
      { notify: false },
    );
    expect([await alertsOf(backDated), await alertsOf(quiet)]).toEqual([[], []]);
  });

  it('follows companies and brands when the subscriber chose some', async () => {
    await subscribed('all@paper.test');
    await subscribed('rossi@paper.test', { companies: [rossi] });
    await subscribed('terra@paper.test', { brands: [terra] });
    const other = await publish({
      groups: [fair],
      translations: [{ language: 'en', title: 'Another company' }],
    });
    const ofRossi = await publish({
      groups: [fair],
      companyId: rossi,
      translations: [{ language: 'en', title: 'Rossi news' }],
    });
    expect(await alertsOf(other)).toEqual(['all@paper.test']);
    expect(await alertsOf(ofRossi)).toEqual(['all@paper.test', 'rossi@paper.test', 'terra@paper.test']);
    const refused = await post(subscribePath, {
      email: 'x@paper.test',
      languages: ['en'],
      consent: true,
      companies: [99999],
    });
    expect([refused.statusCode, refused.json()]).toEqual([400, { companies: ['Field not valid'] }]);
  });

  it("finds a signed-in user's own subscription on the site, with its preferences link, and none before or after it", async () => {
    const journalist = await createUser(harness.app, { email: 'Sara@Giornale.test', language: 'it' });
    const signedIn = authHeader(await tokenFor(harness.app, journalist));
    const mine = () =>
      harness.app.inject({ method: 'GET', url: '/api/alerts/mine/', headers: { ...host, ...signedIn } });
    expect((await mine()).json()).toEqual({ subscription: null });
    const anonymous = await harness.app.inject({ method: 'GET', url: '/api/alerts/mine/', headers: host });
    expect(anonymous.statusCode).toBe(401);

    const oneClick = await post(
      subscribePath,
      { email: 'Sara@Giornale.test', languages: ['it'], consent: true },
      signedIn,
    );
    expect(oneClick.json()).toEqual({ status: 'active' });
    const token = await tokenOf('Sara@Giornale.test');
    expect((await mine()).json()).toEqual({
      subscription: {
        email: 'Sara@Giornale.test',
        site: fair,
        site_name: 'Tile Fair',
        languages: ['it'],
        companies: [],
        brands: [],
        frequency: 'each',
        embargoed_early: false,
        status: 'active',
        confirmed_at: '2026-06-01T09:00:00.000Z',
        manage_token: token,
      },
    });
    const otherSite = await harness.app.inject({
      method: 'GET',
      url: '/api/alerts/mine/',
      headers: { host: 'association.localhost', ...signedIn },
    });
    expect(otherSite.json()).toEqual({ subscription: null });

    expect((await post(`/api/alerts/unsubscribe/${token}/`, {})).statusCode).toBe(200);
    expect((await mine()).json()).toEqual({ subscription: null });
  });

  it('holds an embargoed release until its embargo ends, except for accredited journalists who asked', async () => {
    await subscribed('public@paper.test');
    const journalist = await createUser(harness.app, { email: 'anna@giornale.test' });
    const signedIn = authHeader(await tokenFor(harness.app, journalist));
    const oneClick = await post(
      subscribePath,
      { email: 'anna@giornale.test', languages: ['en'], consent: true, embargoed_early: true },
      signedIn,
    );
    expect(oneClick.json()).toEqual({ status: 'active' });
    const id = await publish({
      publicationDate: '2026-06-01',
      embargoUntil: new Date('2026-06-01T12:00:00Z'),
      groups: [fair],
      translations: [{ language: 'en', title: 'Award winners' }],
    });
    expect(await alertsOf(id)).toEqual(['anna@giornale.test']);
    const [early] = (await mails()).filter((mail) => mail.alertReleaseId === id);
    expect(early.textBody).toContain('Under embargo until June 1, 2026 at 12:00 PM UTC');
    expect(early.textBody).toContain(`/#/press-release/${id}`);

    harness.clock.set(new Date('2026-06-01T11:59:00Z'));
    await processDueAlerts(harness.app);
    expect(await alertsOf(id)).toEqual(['anna@giornale.test']);
    harness.clock.set(new Date('2026-06-01T12:00:00Z'));
    await processDueAlerts(harness.app);
    expect(await alertsOf(id)).toEqual(['anna@giornale.test', 'public@paper.test']);
    const [run] = await harness.db
      .select()
      .from(alertRuns)
      .where(and(eq(alertRuns.pressReleaseId, id), eq(alertRuns.kind, 'public')));
    expect(run.queued).toBe(1);
  });

  it('mails the embargoed text early only to journalists who still have press access when it is queued', async () => {
    const journalists = [];
    for (const [email, extraPermissions] of [
      ['removed@giornale.test', []],
      ['extra@giornale.test', ['press_area.access']],
      ['kept@giornale.test', []],
    ] as const) {
      const journalist = await createUser(harness.app, { email, extraPermissions: [...extraPermissions] });
      const answer = await post(
        subscribePath,
        { email, languages: ['en'], consent: true, embargoed_early: true },
        authHeader(await tokenFor(harness.app, journalist)),
      );
      expect(answer.json()).toEqual({ status: 'active' });
      journalists.push(journalist);
    }
    const [removed, extra] = journalists;
    // Press access taken away after subscribing: no role left (one keeps the permission as an extra).
    await harness.db.delete(userRoleGroups).where(inArray(userRoleGroups.userId, [removed.id, extra.id]));
    const id = await publish({
      publicationDate: '2026-06-01',
      embargoUntil: new Date('2026-06-01T12:00:00Z'),
      groups: [fair],
      translations: [{ language: 'en', title: 'Secret results', body: '<p>The embargoed figures.</p>' }],
    });
    expect(await alertsOf(id)).toEqual(['extra@giornale.test', 'kept@giornale.test']);

    harness.clock.set(new Date('2026-06-01T12:00:00Z'));
    await processDueAlerts(harness.app);
    expect(await alertsOf(id)).toEqual([
      'extra@giornale.test',
      'kept@giornale.test',
      'removed@giornale.test',
    ]);
    const [late] = (await mails()).filter((mail) => mail.toAddress === 'removed@giornale.test');
    expect(late.textBody).not.toContain('Under embargo');
    expect(late.textBody).toContain('/releases/2026-');
  });

  it('unsubscribes in one click with an empty body, as the operation says, and refuses a body of another kind in words', async () => {
    const statusOf = async (email: string) =>
      (await harness.db.select().from(alertSubscriptions).where(eq(alertSubscriptions.email, email)))[0]
        ?.status;
    const oneClick = (token: string, headers: Record<string, string>, payload?: string) =>
      harness.app.inject({
        method: 'POST',
        url: `/api/alerts/unsubscribe/${token}/`,
        headers: { ...host, ...headers },
        ...(payload !== undefined && { payload }),
      });
    const nothing = await oneClick(await subscribed('nothing@paper.test'), {});
    const emptyBody = await oneClick(await subscribed('empty@paper.test'), { 'content-length': '0' }, '');
    for (const response of [nothing, emptyBody]) {
      expect([response.statusCode, response.json()]).toEqual([
        200,
        { detail: 'You are unsubscribed: no more alerts will be sent to this address.' },
      ]);
    }
    expect([await statusOf('nothing@paper.test'), await statusOf('empty@paper.test')]).toEqual([
      'unsubscribed',
      'unsubscribed',
    ]);
    const text = await oneClick(
      await subscribed('text@paper.test'),
      { 'content-type': 'text/plain', 'accept-language': 'it' },
      'unsubscribe me',
    );
    expect([text.statusCode, text.json()]).toEqual([400, { non_field_errors: ['Campo non valido'] }]);
    expect(await statusOf('text@paper.test')).toBe('active');
  });

  it('unsubscribes in one click (RFC 8058) without signing in, and sends nothing after', async () => {
    const token = await subscribed('jane@paper.test');
    const response = await harness.app.inject({
      method: 'POST',
      url: `/api/alerts/unsubscribe/${token}/`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { ...host, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect([response.statusCode, response.json()]).toEqual([
      200,
      { detail: 'You are unsubscribed: no more alerts will be sent to this address.' },
    ]);
    const id = await publish({ groups: [fair], translations: [{ language: 'en', title: 'After' }] });
    expect(await alertsOf(id)).toEqual([]);
    const page = await harness.app.inject({
      method: 'GET',
      url: `/api/alerts/manage/${token}/`,
      headers: host,
    });
    expect(page.json().status).toBe('unsubscribed');
    const unknown = await post(`/api/alerts/unsubscribe/${'x'.repeat(43)}/`, {});
    expect(unknown.statusCode).toBe(404);
  });

  it('changes only the preferences a PATCH names, from the link of any alert', async () => {
    const token = await subscribed('jane@paper.test', { languages: ['en', 'fr'], brands: [terra] });
    const response = await harness.app.inject({
      method: 'PATCH',
      url: `/api/alerts/manage/${token}/`,
      payload: { frequency: 'daily' },
      headers: host,
    });
    expect(response.json()).toMatchObject({
      languages: ['en', 'fr'],
      brands: [{ id: terra, name: 'Terra' }],
      frequency: 'daily',
    });
    const empty = await harness.app.inject({
      method: 'PATCH',
      url: `/api/alerts/manage/${token}/`,
      payload: { languages: [] },
      headers: host,
    });
    expect([empty.statusCode, empty.json()]).toEqual([400, { languages: ['Choose at least one language'] }]);
  });

  it('does not reveal or change a known subscription when someone else subscribes the address', async () => {
    const token = await subscribed('jane@paper.test', { languages: ['en'] });
    await harness.db.delete(mailQueue);
    const again = await post(subscribePath, { email: 'Jane@paper.test', languages: ['de'], consent: true });
    expect(again.json()).toEqual({ status: 'pending' });
    const [row] = await harness.db.select().from(alertSubscriptions);
    expect([row.status, row.languages, row.token]).toEqual(['active', ['en'], token]);
    const [mail] = await mails();
    expect(mail.subject).toBe('Your press release alerts from Tile Fair');
    expect(mail.textBody).toContain(`/#/alerts/manage/${token}`);
  });

  it('sends daily subscribers one digest of the day, once across servers', async () => {
    const token = await subscribed('daily@paper.test', { frequency: 'daily' });
    await publish({ groups: [fair], translations: [{ language: 'en', title: 'Morning news' }] });
    await publish({ groups: [fair], translations: [{ language: 'en', title: 'Noon news' }] });
    expect((await mails()).filter((mail) => mail.toAddress === 'daily@paper.test').length).toBe(1); // the confirmation
    harness.clock.set(new Date('2026-06-02T07:00:00Z'));
    expect(await Promise.all([processDigest(harness.app), processDigest(harness.app)])).toEqual(
      expect.arrayContaining([1, 0]),
    );
    const digest = (await mails()).filter((mail) =>
      mail.subject.startsWith('Tile Fair: the press releases of'),
    );
    expect(digest.map((mail) => mail.toAddress)).toEqual(['daily@paper.test']);
    expect(digest[0].textBody).toContain('Morning news');
    expect(digest[0].textBody).toContain('Noon news');
    expect(digest[0].headers['List-Unsubscribe']).toContain(token);
  });

  it('shows the press office subscribers per site and language and each release alerts; no one else', async () => {
    await subscribed('jane@paper.test', { languages: ['en', 'it'] });
    await subscribed('marco@giornale.test', { languages: ['it'] });
    await post(subscribePath, { email: 'pending@paper.test', languages: ['en'], consent: true });
    const id = await publish({ groups: [fair], translations: [{ language: 'it', title: 'Statistiche' }] });
    await harness.db
      .update(mailQueue)
      .set({ status: 'sent' })
      .where(eq(mailQueue.toAddress, 'jane@paper.test'));
    await harness.db
      .update(mailQueue)
      .set({ attempts: 2, lastError: 'connection refused' })
      .where(sql`${mailQueue.toAddress} = 'marco@giornale.test' and ${mailQueue.alertReleaseId} is not null`);
    const stats = await harness.app.inject({
      method: 'GET',
      url: '/api/back_office/alerts/',
      headers: { ...host, ...pressOffice },
    });
    const body = stats.json();
    expect(body.sites.find((site: { site: number }) => site.site === fair)).toEqual({
      site: fair,
      name: 'Tile Fair',
      active: 2,
      pending: 1,
      daily: 0,
      by_language: [
        { language: 'en', count: 1 },
        { language: 'it', count: 2 },
      ],
    });
    expect(body.releases).toEqual([
      { id, title: 'Statistiche', publication_date: '2026-06-01', queued: 2, sent: 1, failed: 1 },
    ]);
    const companyAdmin = await createUser(harness.app, {
      roles: ['administrator_press_room_external_company'],
      companyId: rossi,
    });
    const refused = await harness.app.inject({
      method: 'GET',
      url: '/api/back_office/alerts/',
      headers: { ...host, ...authHeader(await tokenFor(harness.app, companyAdmin)) },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('e-mail alerts with the jobs running', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  const never = '0 0 1 1 *';
  beforeAll(async () => {
    harness = await createTestApp({
      config: {
        mailPollInterval: 0,
        jobsEnabled: true,
        alertRunsCron: never,
        retentionPurgeCron: never,
        rateLimitPurgeCron: never,
      },
    });
  });
  afterAll(() => harness.close());

  it("queues a release's alerts through the alert-runs job its publication asked for, nobody else calling", async () => {
    const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
      harness.app.inject({ method: 'POST', url, payload, headers: { ...host, ...headers } });
    expect(
      (await post(subscribePath, { email: 'jobs.reader@example.test', languages: ['en'], consent: true }))
        .statusCode,
    ).toBe(202);
    const [{ token }] = await harness.db
      .select({ token: alertSubscriptions.token })
      .from(alertSubscriptions)
      .where(eq(alertSubscriptions.email, 'jobs.reader@example.test'));
    expect((await post('/api/alerts/confirm/', { token })).statusCode).toBe(200);
    const officer = await createUser(harness.app, { roles: ['administrator_press_room'] });
    const release = await insertRelease(harness.db, {
      status: 'draft',
      number: null,
      publicationDate: '2026-06-01',
      groups: [harness.app.sites.byName.get('Tile Fair')?.id ?? 0],
      translations: [{ language: 'en', title: 'Glazes by the job' }],
    });
    const published = await post(
      `/api/press_room/admin/press_release/${release.id}/status/`,
      { status: 'published' },
      authHeader(await tokenFor(harness.app, officer)),
    );
    expect(published.statusCode).toBe(200);

    const deadline = Date.now() + 30_000;
    const queued = async () =>
      (await harness.db.select().from(mailQueue).where(eq(mailQueue.alertReleaseId, release.id))).map(
        (mail) => mail.toAddress,
      );
    while ((await queued()).length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(await queued()).toEqual(['jobs.reader@example.test']);
    // The mail is committed by the job's own transaction, before pg-boss records the job as done.
    const alertRuns = async () =>
      (
        await harness.app.database.query(
          "SELECT state::text AS state, output FROM pgboss.job WHERE name = 'alert-runs'",
          [],
        )
      ).rows;
    await expect
      .poll(alertRuns, { timeout: 10_000 })
      .toEqual([{ state: 'completed', output: { queued: 1 } }]);
  });
});
