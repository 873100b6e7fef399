import { apiPaths, privacyNoticeVersion } from '@pressroom/contract';
import {
  accreditationRequests,
  alertSubscriptions,
  campaignMails,
  campaigns,
  fairEditions,
  mailQueue,
  pressMailConsents,
  pressReleases,
  programmeEvents,
  programmeSignups,
  recipientLists,
  users,
} from '@pressroom/db';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/app.ts';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import { registrationBody } from '../account/test-helpers.ts';
import { insertRelease } from '../press-releases/test-factories.ts';
import { processDueCampaigns } from './dispatch.ts';
import { createJournalist, type JournalistOptions } from './test-factories.ts';

const host = { host: 'fair.localhost' };
const noFilters = {};

describe("the press office's mail to chosen journalists", () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let fair: number;
  let officer: Awaited<ReturnType<typeof createUser>>;
  let office: { authorization: string };

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = office,
  ) => harness.app.inject({ method, url, payload: payload as object, headers: { ...host, ...headers } });
  const mails = () =>
    harness.db.select().from(mailQueue).orderBy(asc(mailQueue.toAddress), asc(mailQueue.id));
  const campaignMailsTo = async () =>
    (await mails()).filter((mail) => mail.campaignId !== null).map((mail) => mail.toAddress);

  async function journalist(email: string, options: JournalistOptions = {}) {
    return createJournalist(harness.app, { email, ...options });
  }

  async function list(name: string, filters: Record<string, unknown>) {
    const response = await call('POST', apiPaths.recipientLists, { name, filters });
    expect(response.statusCode).toBe(201);
    return response.json().id as number;
  }

  async function release(options: Partial<Parameters<typeof insertRelease>[1]> = {}) {
    return insertRelease(harness.db, {
      groups: [fair],
      publicationDate: '2026-06-01',
      translations: [
        {
          language: 'en',
          title: 'Dates announced',
          subtitle: 'Five days',
          body: '<p>The fair opens in May.</p>',
        },
        {
          language: 'it',
          title: 'Date annunciate',
          subtitle: 'Cinque giorni',
          body: '<p>La fiera apre.</p>',
        },
      ],
      ...options,
    });
  }

  async function send(releaseId: number, lists: number[], timing: 'now' | 'publication' = 'now') {
    return call('POST', apiPaths.campaigns, { release: releaseId, lists, timing });
  }

  beforeAll(async () => {
    harness = await createTestApp({ config: { mailPollInterval: 0, alertSendRate: 1000 } });
    fair = harness.app.sites.byName.get('Tile Fair')?.id ?? 0;
    officer = await createUser(harness.app, {
      roles: ['administrator_press_room'],
      email: 'office@fair.test',
    });
    office = authHeader(await tokenFor(harness.app, officer));
  });

  beforeEach(async () => {
    harness.clock.set(new Date('2026-06-01T09:00:00Z'));
    await harness.db.delete(mailQueue);
    await harness.db.delete(campaigns);
    await harness.db.delete(campaignMails);
    await harness.db.delete(fairEditions);
    await harness.db.delete(recipientLists);
    await harness.db.delete(alertSubscriptions);
    await harness.db.delete(pressMailConsents);
    await harness.db.delete(users).where(eq(users.userType, 'USER')).execute();
    officer = await createUser(harness.app, {
      roles: ['administrator_press_room'],
      email: 'office@fair.test',
    });
    office = authHeader(await tokenFor(harness.app, officer));
  });

  afterAll(() => harness.close());

  describe('the choice to receive it', () => {
    it('is unasked until answered, then recorded with the time, site, notice version and language', async () => {
      const user = await createUser(harness.app, { email: 'ada@paper.test' });
      const headers = authHeader(await tokenFor(harness.app, user));
      expect((await call('GET', apiPaths.pressMailChoice, undefined, headers)).json()).toEqual({
        choice: 'unasked',
        answered_at: null,
      });
      const answered = await harness.app.inject({
        method: 'PUT',
        url: apiPaths.pressMailChoice,
        payload: { agreed: true },
        headers: { ...host, ...headers, 'accept-language': 'it' },
      });
      expect(answered.json()).toEqual({ choice: 'agreed', answered_at: '2026-06-01T09:00:00.000Z' });
      const rows = await harness.db
        .select()
        .from(pressMailConsents)
        .where(eq(pressMailConsents.userId, user.id));
      expect(rows.map((row) => [row.agreed, row.pressGroupId, row.noticeVersion, row.language])).toEqual([
        [true, fair, privacyNoticeVersion, 'it'],
      ]);
      const declined = await call('PUT', apiPaths.pressMailChoice, { agreed: false }, headers);
      expect(declined.json().choice).toBe('declined');
      const exported = await call('GET', apiPaths.profileExport, undefined, headers);
      expect(exported.json().press_mail_answers).toEqual([
        {
          agreed: true,
          answered_at: '2026-06-01T09:00:00.000Z',
          site: fair,
          version: privacyNoticeVersion,
          language: 'it',
          campaign: null,
        },
        {
          agreed: false,
          answered_at: '2026-06-01T09:00:00.000Z',
          site: fair,
          version: privacyNoticeVersion,
          language: 'en',
          campaign: null,
        },
      ]);
    });

    it('is off at sign-up unless ticked, and recorded either way so nobody is asked again', async () => {
      const anonymous = {};
      const ticked = await call(
        'POST',
        apiPaths.register,
        registrationBody({ email: 'yes@paper.test', press_mail: true }),
        anonymous,
      );
      const unticked = await call(
        'POST',
        apiPaths.register,
        registrationBody({ email: 'no@paper.test' }),
        anonymous,
      );
      expect([ticked.statusCode, unticked.statusCode]).toEqual([201, 201]);
      const answers = await harness.db
        .select({ email: users.email, agreed: pressMailConsents.agreed })
        .from(pressMailConsents)
        .innerJoin(users, eq(users.id, pressMailConsents.userId))
        .orderBy(asc(users.email));
      expect(answers).toEqual([
        { email: 'no@paper.test', agreed: false },
        { email: 'yes@paper.test', agreed: true },
      ]);
    });

    it('refuses an answer that is not yes or no', async () => {
      const user = await createUser(harness.app);
      const response = await call(
        'PUT',
        apiPaths.pressMailChoice,
        { agreed: 'maybe' },
        authHeader(await tokenFor(harness.app, user)),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ agreed: ['Field not valid'] });
    });
  });

  describe('recipient lists', () => {
    it('find each filter by the press data, only among consenting, active, verified accounts', async () => {
      const edition = (
        await harness.db
          .insert(fairEditions)
          .values({ pressGroupId: fair, name: 'Fair 2026', startsOn: '2026-09-20', endsOn: '2026-09-24' })
          .returning()
      )[0];
      const event = (
        await harness.db
          .insert(programmeEvents)
          .values({
            editionId: edition.id,
            type: 'conference',
            status: 'approved',
            title: { en: 'Opening' },
            startsAt: new Date('2026-09-20T10:00:00Z'),
            endsAt: new Date('2026-09-20T11:00:00Z'),
            hall: 'A',
          })
          .returning()
      )[0];
      const radio = await journalist('radio@paper.test', { mediaType: 'radio' });
      const trade = await journalist('trade@paper.test', { sector: 'trade' });
      const french = await journalist('french@paper.test', { country: 'FR' });
      const german = await journalist('german@paper.test', { language: 'de' });
      const outlet = await journalist('outlet@paper.test', { newspaper: 'Il Giornale della Ceramica' });
      const accredited = await journalist('accredited@paper.test');
      const rejected = await journalist('rejected@paper.test');
      const signedUp = await journalist('signed@paper.test');
      const subscriber = await journalist('subscriber@paper.test');
      await journalist('declined@paper.test', { mediaType: 'radio', agreed: false });
      await journalist('unasked@paper.test', { mediaType: 'radio', agreed: null });
      await journalist('inactive@paper.test', { mediaType: 'radio', active: false });
      const accreditation = {
        mediaType: 'magazines',
        outlet: 'Tile Weekly',
        role: 'editor',
        proofKind: 'card',
      };
      await harness.db.insert(accreditationRequests).values([
        { editionId: edition.id, userId: accredited.id, status: 'approved', ...accreditation },
        { editionId: edition.id, userId: rejected.id, status: 'rejected', ...accreditation },
      ]);
      await harness.db
        .insert(programmeSignups)
        .values({ eventId: event.id, userId: signedUp.id, status: 'signed_up', language: 'en' });
      await harness.db.insert(alertSubscriptions).values({
        pressGroupId: fair,
        email: subscriber.email,
        userId: subscriber.id,
        languages: ['en'],
        status: 'active',
        token: 'subscriber-token',
        noticeVersion: privacyNoticeVersion,
        consentedAt: harness.clock.now(),
        consentLanguage: 'en',
      });

      const found = async (filters: Record<string, unknown>) => {
        const counted = await call('POST', apiPaths.recipientCount, filters);
        const id = await list(`list ${JSON.stringify(filters)}`, filters);
        const releaseId = (await release()).id;
        await harness.db.delete(mailQueue);
        expect((await send(releaseId, [id])).statusCode).toBe(201);
        const to = await campaignMailsTo();
        expect(counted.json().recipients).toBe(to.length);
        return to;
      };
      expect(await found({ media_types: ['radio'] })).toEqual([radio.email]);
      expect(await found({ sectors: ['trade'] })).toEqual([trade.email]);
      expect(await found({ countries: ['fr'] })).toEqual([french.email]);
      expect(await found({ languages: ['de'] })).toEqual([german.email]);
      expect(await found({ outlet: 'giornale DELLA' })).toEqual([outlet.email]);
      expect(await found({ edition: edition.id })).toEqual([accredited.email]);
      expect(await found({ event: event.id })).toEqual([signedUp.email]);
      expect(await found({ alert_subscribers: true })).toEqual([subscriber.email]);
      expect(await found({ media_types: ['radio'], sectors: ['trade'] })).toEqual([]);
      expect((await found(noFilters)).length).toBe(9);
    });

    it('keep the filters, not the members: a list follows the accounts as they change', async () => {
      const id = await list('Radio', { media_types: ['radio'] });
      expect((await call('GET', apiPaths.recipientLists)).json().results).toEqual([
        expect.objectContaining({ id, name: 'Radio', recipients: 0 }),
      ]);
      await journalist('radio@paper.test', { mediaType: 'radio' });
      const [saved] = (await call('GET', apiPaths.recipientLists)).json().results;
      expect([saved.recipients, saved.filters.media_types]).toEqual([1, ['radio']]);
      const renamed = await call('PUT', apiPaths.recipientList(id), {
        name: 'Radio and TV',
        filters: { media_types: ['radio', 'televisions'] },
      });
      expect([renamed.json().name, renamed.json().recipients]).toEqual(['Radio and TV', 1]);
      expect((await call('DELETE', apiPaths.recipientList(id))).statusCode).toBe(204);
      expect((await call('GET', apiPaths.recipientLists)).json().results).toEqual([]);
    });

    it('refuse bad filters with messages, and an edition of no site of theirs', async () => {
      const response = await call('POST', apiPaths.recipientLists, {
        name: '',
        filters: { media_types: ['pigeons'], countries: ['Atlantis'] },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        name: ['Field required'],
        filters: ['Field not valid', 'Not a known country (give its ISO 3166-1 code, e.g. IT)'],
      });
      const unknownEdition = await call('POST', apiPaths.recipientCount, { edition: 999_999 });
      expect(unknownEdition.statusCode).toBe(400);
      expect(Object.keys(unknownEdition.json())).toEqual(['filters.edition']);
    });
  });

  describe('campaigns', () => {
    it('mail each consenting person once across lists, in their language, with one-click withdrawal and the office as Reply-To', async () => {
      const marco = await journalist('marco@giornale.test', { language: 'it', mediaType: 'radio' });
      const jane = await journalist('jane@paper.test', { mediaType: 'radio', sector: 'trade' });
      const hans = await journalist('hans@zeitung.test', { language: 'de', sector: 'trade' });
      await journalist('declined@paper.test', { mediaType: 'radio', agreed: false });
      const radio = await list('Radio', { media_types: ['radio'] });
      const trade = await list('Trade', { sectors: ['trade'] });
      const { id } = await release();
      const response = await send(id, [radio, trade]);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ status: 'queued', figures: { recipients: 3 } });
      const queued = (await mails()).map((mail) => [mail.toAddress, mail.subject]);
      expect(queued).toEqual([
        [hans.email, 'Tile Fair: Dates announced'],
        [jane.email, 'Tile Fair: Dates announced'],
        [marco.email, 'Tile Fair: Date annunciate'],
      ]);
      const italian = (await mails()).find((mail) => mail.toAddress === marco.email);
      const [token] = await harness.db
        .select({ token: campaignMails.token })
        .from(campaignMails)
        .where(eq(campaignMails.userId, marco.id));
      const address = harness.app.sites.byId(fair).address;
      expect(italian?.headers).toEqual({
        'List-Unsubscribe': `<${address}/api/press_mail/withdraw/${token.token}/>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        'Reply-To': harness.config.pressOfficeEmail,
      });
      const campaignId = response.json().id as number;
      expect(italian?.textBody).toContain(`?lang=it&campaign=${campaignId}`);
      expect(italian?.textBody).toContain(`${address}/#/press-mail/withdraw/${token.token}`);
      expect(italian?.textBody).toContain('Cinque giorni');
    });

    it('are withdrawn from by a one-click POST: recorded against the campaign, unsent mails dropped at once', async () => {
      const marco = await journalist('marco@giornale.test');
      const everyone = await list('Everyone', noFilters);
      const first = (await send((await release()).id, [everyone])).json().id as number;
      const [{ token }] = await harness.db.select({ token: campaignMails.token }).from(campaignMails);
      const second = (await send((await release()).id, [everyone])).json().id as number;
      const oneClick = await harness.app.inject({
        method: 'POST',
        url: `/api/press_mail/withdraw/${token}/`,
        payload: 'List-Unsubscribe=One-Click',
        headers: { ...host, 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(oneClick.json()).toEqual({ detail: 'Done: the press office will send you no more mail.' });
      expect((await mails()).map((mail) => [mail.campaignId, mail.status])).toEqual([
        [first, 'withdrawn'],
        [second, 'withdrawn'],
      ]);
      const again = await harness.app.inject({
        method: 'POST',
        url: `/api/press_mail/withdraw/${token}/`,
        headers: host,
      });
      expect(again.statusCode).toBe(200);
      const answers = await harness.db
        .select()
        .from(pressMailConsents)
        .where(eq(pressMailConsents.userId, marco.id));
      expect(answers.map((row) => [row.agreed, row.campaignId])).toEqual([
        [true, null],
        [false, first],
      ]);
      const figures = (await call('GET', apiPaths.campaigns))
        .json()
        .results.map((row: { id: number; figures: { unsubscribed: number } }) => [
          row.id,
          row.figures.unsubscribed,
        ]);
      expect(figures).toEqual([
        [second, 0],
        [first, 1],
      ]);
      expect((await send((await release()).id, [everyone])).json().figures.recipients).toBe(0);
      const unknown = await harness.app.inject({
        method: 'POST',
        url: '/api/press_mail/withdraw/00000000-0000-0000-0000-000000000000/',
        headers: host,
      });
      expect([unknown.statusCode, unknown.json().detail]).toEqual([
        404,
        'This link is not valid. You can change your choice on your profile.',
      ]);
    });

    it('send at the scheduled publication once, whichever of two workers claims it', async () => {
      await journalist('marco@giornale.test');
      await journalist('jane@paper.test');
      const everyone = await list('Everyone', noFilters);
      const scheduled = await release();
      const publishAt = new Date('2026-06-01T12:00:00Z');
      await harness.db.update(pressReleases).set({ publishAt }).where(eq(pressReleases.id, scheduled.id));
      const now = await send(scheduled.id, [everyone], 'now');
      expect(now.statusCode).toBe(400);
      expect(now.json()).toEqual({
        release: [
          'This release may be read by everyone only from June 1, 2026 at 12:00 PM UTC: choose to send it at its publication.',
        ],
      });
      const created = await send(scheduled.id, [everyone], 'publication');
      expect(created.json()).toMatchObject({ status: 'scheduled', send_at: publishAt.toISOString() });
      expect(await processDueCampaigns(harness.app)).toBe(0);
      harness.clock.set(publishAt);
      const queued = await Promise.all([processDueCampaigns(harness.app), processDueCampaigns(harness.app)]);
      expect(queued.sort()).toEqual([0, 2]);
      expect(await campaignMailsTo()).toEqual(['jane@paper.test', 'marco@giornale.test']);
    });

    it('sent now queue only that campaign: another one due is left to the job', async () => {
      await journalist('marco@giornale.test');
      const everyone = await list('Everyone', noFilters);
      const scheduled = await release();
      const publishAt = new Date('2026-06-01T12:00:00Z');
      await harness.db.update(pressReleases).set({ publishAt }).where(eq(pressReleases.id, scheduled.id));
      const waiting = (await send(scheduled.id, [everyone], 'publication')).json().id as number;
      harness.clock.set(publishAt);
      office = authHeader(await tokenFor(harness.app, officer));
      const now = (await send((await release()).id, [everyone], 'now')).json().id as number;
      const statuses = async () =>
        (await harness.db.select().from(campaigns).orderBy(asc(campaigns.id))).map((row) => [
          row.id,
          row.status,
        ]);
      expect(await statuses()).toEqual([
        [waiting, 'scheduled'],
        [now, 'queued'],
      ]);
      expect((await mails()).map((mail) => mail.campaignId)).toEqual([now]);
      expect(await processDueCampaigns(harness.app)).toBe(1);
      expect(await statuses()).toEqual([
        [waiting, 'queued'],
        [now, 'queued'],
      ]);
    });

    it('refuse a release its recipients may not read, with a clear message', async () => {
      const everyone = await list('Everyone', noFilters);
      const draft = await release({ status: 'draft' });
      const embargoed = await release({ embargoUntil: new Date('2026-06-03T08:00:00Z') });
      const refused = await send(draft.id, [everyone], 'publication');
      expect([refused.statusCode, refused.json()]).toEqual([
        400,
        {
          release: [
            'This release cannot be sent: it is not published on this site, so its recipients could not read it.',
          ],
        },
      ]);
      const waits = await send(embargoed.id, [everyone], 'publication');
      expect(waits.json()).toMatchObject({ status: 'scheduled', send_at: '2026-06-03T08:00:00.000Z' });
      await harness.db
        .update(pressReleases)
        .set({ status: 'draft' })
        .where(eq(pressReleases.id, embargoed.id));
      harness.clock.set(new Date('2026-06-03T08:00:00Z'));
      await processDueCampaigns(harness.app);
      office = authHeader(await tokenFor(harness.app, officer));
      const listed = await call('GET', apiPaths.campaigns);
      expect(listed.statusCode).toBe(200);
      const [row] = listed.json().results;
      expect([row.status, row.refusal]).toEqual([
        'refused',
        'Not sent: the release was no longer published when it was due.',
      ]);
    });

    it('send a test to the signed-in sender only: never asked, its link opens a page saying it is a test', async () => {
      await journalist('marco@giornale.test');
      await list('Everyone', noFilters);
      const { id } = await release();
      const response = await call('POST', apiPaths.campaignTest, { release: id });
      expect([response.statusCode, response.json()]).toEqual([
        202,
        { detail: 'The test was sent to office@fair.test.' },
      ]);
      const sent = await mails();
      expect(sent.map((mail) => [mail.toAddress, mail.subject, mail.campaignId])).toEqual([
        ['office@fair.test', '[Test] Tile Fair: Dates announced', null],
      ]);
      const address = harness.app.sites.byId(fair).address;
      expect(sent[0].textBody).toContain(
        `Stop receiving the press office mail: ${address}/#/press-mail/withdraw/test`,
      );
      expect(sent[0].headers).toEqual({ 'Reply-To': harness.config.pressOfficeEmail });
    });

    it('give a sender who answered the question their own working withdrawal link in a test', async () => {
      await harness.db.insert(pressMailConsents).values({
        userId: officer.id,
        agreed: true,
        answeredAt: harness.clock.now(),
        pressGroupId: fair,
        noticeVersion: privacyNoticeVersion,
        language: 'en',
      });
      const { id } = await release();
      expect((await call('POST', apiPaths.campaignTest, { release: id })).statusCode).toBe(202);
      expect((await call('POST', apiPaths.campaignTest, { release: id })).statusCode).toBe(202);
      const tokens = await harness.db
        .select({ token: campaignMails.token, campaignId: campaignMails.campaignId })
        .from(campaignMails)
        .where(eq(campaignMails.userId, officer.id));
      expect(tokens.map((row) => row.campaignId)).toEqual([null]);
      const { token } = tokens[0];
      const address = harness.app.sites.byId(fair).address;
      const sent = await mails();
      expect(sent.map((mail) => mail.headers['List-Unsubscribe'])).toEqual([
        `<${address}/api/press_mail/withdraw/${token}/>`,
        `<${address}/api/press_mail/withdraw/${token}/>`,
      ]);
      expect(sent[0].textBody).toContain(`${address}/#/press-mail/withdraw/${token}`);
      const withdrawn = await harness.app.inject({
        method: 'POST',
        url: `/api/press_mail/withdraw/${token}/`,
        headers: host,
      });
      expect(withdrawn.json()).toEqual({ detail: 'Done: the press office will send you no more mail.' });
      const answers = await harness.db
        .select({ agreed: pressMailConsents.agreed, campaignId: pressMailConsents.campaignId })
        .from(pressMailConsents)
        .where(eq(pressMailConsents.userId, officer.id))
        .orderBy(asc(pressMailConsents.id));
      expect(answers).toEqual([
        { agreed: true, campaignId: null },
        { agreed: false, campaignId: null },
      ]);
    });

    it('count sent, failed, withdrawn and read in aggregate', async () => {
      await journalist('marco@giornale.test', { language: 'it' });
      await journalist('jane@paper.test');
      const everyone = await list('Everyone', noFilters);
      const created = await send((await release()).id, [everyone]);
      const id = created.json().id as number;
      harness.clock.advance(10);
      await harness.app.mail.deliverDue();
      const italian = (await mails()).find((mail) => mail.toAddress === 'marco@giornale.test');
      const link = new URL(italian?.textBody.match(/https?:\/\/\S+campaign=\d+/)?.[0] ?? '');
      const read = await harness.app.inject({
        method: 'GET',
        url: `${link.pathname}${link.search}`,
        headers: host,
      });
      expect(read.statusCode).toBe(200);
      await harness.app.readCounter.flush();
      const [row] = (await call('GET', apiPaths.campaigns)).json().results;
      expect(row.id).toBe(id);
      expect(row.figures).toEqual({ recipients: 2, sent: 2, failed: 0, unsubscribed: 0, reads: 1 });
    });

    it('refuse bad input with messages', async () => {
      const missing = await call('POST', apiPaths.campaigns, { release: 0, lists: [], timing: 'later' });
      expect([missing.statusCode, missing.json()]).toEqual([
        400,
        { release: ['Field not valid'], lists: ['Choose at least one list'], timing: ['Field not valid'] },
      ]);
      const { id } = await release();
      const unknownList = await send(id, [999_999]);
      expect([unknownList.statusCode, unknownList.json()]).toEqual([400, { lists: ['Field not valid'] }]);
    });
  });

  describe('invitations to an event of the programme', () => {
    let edition: typeof fairEditions.$inferSelect;

    async function event(values: Partial<typeof programmeEvents.$inferInsert> = {}) {
      const [row] = await harness.db
        .insert(programmeEvents)
        .values({
          editionId: edition.id,
          type: 'conference',
          status: 'approved',
          title: { en: 'Opening talk', it: 'Conferenza di apertura' },
          description: { en: 'The year in tiles.', it: "L'anno delle piastrelle." },
          startsAt: new Date('2026-09-20T08:00:00Z'),
          endsAt: new Date('2026-09-20T09:00:00Z'),
          hall: '5',
          room: 'Sala Bianca',
          ...values,
        })
        .returning();
      return row;
    }

    const invite = (eventId: number, lists: number[], timing = 'now') =>
      call('POST', apiPaths.campaigns, { event: eventId, lists, timing });

    beforeEach(async () => {
      [edition] = await harness.db
        .insert(fairEditions)
        .values({
          pressGroupId: fair,
          name: 'Fair 2026',
          startsOn: '2026-09-20',
          endsOn: '2026-09-24',
          timeZone: 'Europe/Rome',
        })
        .returning();
    });

    it("invite each consenting person once, in their language, at the fair's time and their own, with the event's page and sign-up", async () => {
      const marco = await journalist('marco@giornale.test', { language: 'it', mediaType: 'radio' });
      const yuki = await journalist('yuki@shimbun.test', {
        country: 'JP',
        mediaType: 'radio',
        sector: 'trade',
      });
      const hans = await journalist('hans@zeitung.test', { language: 'de', country: 'US', sector: 'trade' });
      await journalist('declined@paper.test', { mediaType: 'radio', agreed: false });
      const radio = await list('Radio', { media_types: ['radio'] });
      const trade = await list('Trade', { sectors: ['trade'] });
      const opening = await event();
      const response = await invite(opening.id, [radio, trade]);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        status: 'queued',
        release: null,
        event: { id: opening.id, title: 'Opening talk', starts_at: '2026-09-20T08:00:00.000Z' },
        figures: { recipients: 3 },
      });
      const queued = await mails();
      expect(queued.map((mail) => [mail.toAddress, mail.subject])).toEqual([
        [hans.email, 'Tile Fair: Einladung zu Opening talk'],
        [marco.email, 'Tile Fair: invito a Conferenza di apertura'],
        [yuki.email, 'Tile Fair: invitation to Opening talk'],
      ]);
      const address = harness.app.sites.byId(fair).address;
      const to = (email: string) => queued.find((mail) => mail.toAddress === email)?.textBody ?? '';
      expect(to(marco.email)).toContain(
        'Quando: domenica 20 settembre 2026 alle ore 10:00 CEST (ora della fiera)',
      );
      expect(to(marco.email)).toContain('La tua ora: domenica 20 settembre 2026 alle ore 10:00 CEST');
      expect(to(marco.email)).toContain('Dove: Padiglione 5, sala Sala Bianca');
      expect(to(marco.email)).toContain(`${address}/programme/${opening.id}-opening-talk?lang=it`);
      expect(to(marco.email)).toContain(`${address}/#/programme/${opening.id}`);
      expect(to(yuki.email)).toContain('Your time: Sunday, September 20, 2026 at 05:00 PM GMT+9');
      expect(to(hans.email)).toContain('Ihre Zeit: Sonntag, 20. September 2026 um 08:00 UTC');
      const [token] = await harness.db
        .select({ token: campaignMails.token })
        .from(campaignMails)
        .where(eq(campaignMails.userId, marco.id));
      expect(to(marco.email)).toContain(`${address}/#/press-mail/withdraw/${token.token}`);
      const html = queued.find((mail) => mail.toAddress === yuki.email)?.htmlBody ?? '';
      expect(html).toContain('Your time: Sunday, September 20, 2026 at 05:00 PM GMT+9');
      expect(html).not.toContain('__');
      const [row] = (await call('GET', apiPaths.campaigns)).json().results;
      expect([row.event.title, row.figures]).toEqual([
        'Opening talk',
        { recipients: 3, sent: 0, failed: 0, unsubscribed: 0, reads: 0 },
      ]);
    });

    it('invite only to an approved event of the site still to come, sent now', async () => {
      const everyone = await list('Everyone', noFilters);
      const [elsewhere] = await harness.db
        .insert(fairEditions)
        .values({
          pressGroupId: harness.app.sites.byName.get('Ceramics Association')?.id ?? 0,
          name: 'Other',
          startsOn: '2026-09-20',
          endsOn: '2026-09-24',
        })
        .returning();
      const refused = async (values: Partial<typeof programmeEvents.$inferInsert>) => {
        const response = await invite((await event(values)).id, [everyone]);
        return [response.statusCode, response.json()];
      };
      const unreadable = [
        400,
        { event: ['This event cannot be sent: it is not an approved event of this site still to come.'] },
      ];
      expect(await refused({ status: 'proposed' })).toEqual(unreadable);
      expect(await refused({ status: 'declined' })).toEqual(unreadable);
      expect(await refused({ status: 'cancelled' })).toEqual(unreadable);
      expect(await refused({ startsAt: new Date('2026-06-01T08:00:00Z') })).toEqual(unreadable);
      expect(await refused({ editionId: elsewhere.id })).toEqual(unreadable);
      const later = await invite((await event()).id, [everyone], 'publication');
      expect([later.statusCode, later.json()]).toEqual([
        400,
        { timing: ['An invitation to an event is sent now: choose “now”.'] },
      ]);
      const both = await call('POST', apiPaths.campaigns, {
        release: (await release()).id,
        event: (await event()).id,
        lists: [everyone],
        timing: 'now',
      });
      expect([both.statusCode, both.json()]).toEqual([
        400,
        { release: ['Choose a release or an event, not both'] },
      ]);
      const neither = await call('POST', apiPaths.campaignTest, {});
      expect([neither.statusCode, neither.json()]).toEqual([
        400,
        { release: ['Choose a release or an event, not both'] },
      ]);
    });

    it('refuse a due invitation once its event is cancelled, saying why', async () => {
      await journalist('marco@giornale.test');
      const everyone = await list('Everyone', noFilters);
      const opening = await event();
      await harness.db.insert(campaigns).values({
        pressGroupId: fair,
        programmeEventId: opening.id,
        listIds: [everyone],
        sendAt: harness.clock.now(),
      });
      await harness.db
        .update(programmeEvents)
        .set({ status: 'cancelled' })
        .where(eq(programmeEvents.id, opening.id));
      expect(await processDueCampaigns(harness.app)).toBe(0);
      const [row] = (await call('GET', apiPaths.campaigns)).json().results;
      expect([row.status, row.refusal]).toEqual([
        'refused',
        'Not sent: the event was cancelled or had begun when it was due.',
      ]);
      expect(await campaignMailsTo()).toEqual([]);
    });

    it("send a test of an invitation to the sender, at their country's time", async () => {
      await harness.db.update(users).set({ country: 'JP' }).where(eq(users.id, officer.id));
      const opening = await event();
      const response = await call('POST', apiPaths.campaignTest, { event: opening.id });
      expect(response.statusCode).toBe(202);
      const [mail] = await mails();
      expect([mail.toAddress, mail.subject, mail.campaignId]).toEqual([
        'office@fair.test',
        '[Test] Tile Fair: invitation to Opening talk',
        null,
      ]);
      expect(mail.textBody).toContain('When: Sunday, September 20, 2026 at 10:00 AM GMT+2 (the fair’s time)');
      expect(mail.textBody).toContain('Your time: Sunday, September 20, 2026 at 05:00 PM GMT+9');
    });
  });

  it('is for the press office only: a journalist and an agent get 403, nobody signed in 401', async () => {
    const journalistHeaders = authHeader(await tokenFor(harness.app, await createUser(harness.app)));
    const agent = await createUser(harness.app, {
      roles: ['agent_press_room_external_company'],
      userType: 'COMPANY',
      companyId: null,
    });
    const agentHeaders = authHeader(await tokenFor(harness.app, agent));
    const global = authHeader(
      await tokenFor(harness.app, await createUser(harness.app, { roles: ['administrator_global'] })),
    );
    const statuses = async (headers: Record<string, string>) => [
      (await call('GET', apiPaths.recipientLists, undefined, headers)).statusCode,
      (await call('POST', apiPaths.recipientCount, {}, headers)).statusCode,
      (await call('GET', apiPaths.campaigns, undefined, headers)).statusCode,
      (await call('POST', apiPaths.campaignTest, { release: 1 }, headers)).statusCode,
    ];
    expect(await statuses(journalistHeaders)).toEqual([403, 403, 403, 403]);
    expect(await statuses(agentHeaders)).toEqual([403, 403, 403, 403]);
    expect(await statuses({})).toEqual([401, 401, 401, 401]);
    expect((await statuses(global)).slice(0, 3)).toEqual([200, 200, 200]);
  });
});
