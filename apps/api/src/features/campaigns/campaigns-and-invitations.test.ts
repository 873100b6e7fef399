import { apiPaths, privacyNoticeVersion } from '@pressroom/contract';
import {
  campaignMails,
  campaigns,
  fairEditions,
  pressMailConsents,
  pressReleases,
  programmeEvents,
  users,
} from '@pressroom/db';
import { asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import {
  call,
  campaignMailsTo,
  fair,
  harness,
  host,
  journalist,
  list,
  mails,
  noFilters,
  officer,
  release,
  send,
  signInOffice,
  useCampaignsTestApp,
} from './campaigns-test-setup.ts';
import { processDueCampaigns } from './dispatch.ts';

useCampaignsTestApp();

describe("the press office's mail to chosen journalists", () => {
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
      await signInOffice();
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
      await signInOffice();
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
