import { apiPaths, privacyNoticeVersion } from '@pressroom/contract';
import {
  accreditationRequests,
  alertSubscriptions,
  fairEditions,
  mailQueue,
  pressMailConsents,
  programmeEvents,
  programmeSignups,
  users,
} from '@pressroom/db';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import { registrationBody } from '../account/test-helpers.ts';
import {
  call,
  campaignMailsTo,
  fair,
  harness,
  host,
  journalist,
  list,
  noFilters,
  release,
  send,
  useCampaignsTestApp,
} from './campaigns-test-setup.ts';

useCampaignsTestApp();

describe("the press office's mail to chosen journalists", () => {
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
});
