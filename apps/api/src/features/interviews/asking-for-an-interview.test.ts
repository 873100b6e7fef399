import {
  apiPaths,
  interviewRequestsPerExhibitorPerDay,
  openInterviewsPerJournalist,
  privacyNoticeVersion,
} from '@pressroom/contract';
import { interviewRequests } from '@pressroom/db';
import { describe, expect, it } from 'vitest';
import { insertCompany, insertEdition, insertExhibitor } from '../exhibitors/test-factories.ts';
import {
  accredit,
  ask,
  call,
  clock,
  companyId,
  context,
  db,
  editionId,
  exhibitorId,
  fairId,
  journalist,
  mails,
  otherExhibitorId,
  request,
  requestRows,
  signedIn,
  useInterviewsTestApp,
} from './interviews-test-setup.ts';

useInterviewsTestApp();

describe('asking for an interview', () => {
  it('records the consent with the request and mails each press contact in a language they speak', async () => {
    const answer = await ask({ ...journalist.headers, 'accept-language': 'it' });
    expect(answer).toMatchObject({
      status: 'pending',
      exhibitor: { id: exhibitorId, company: companyId, name: 'Ceramiche Emilia' },
      topic: 'Lustreware at the fair',
      format: 'stand',
      preferred_times: ['2026-09-23T08:00:00.000Z', '2026-09-24T13:30:00.000Z'],
      journalist: { name: 'Giulia Neri', outlet: 'Ceramica Oggi', phone: '+39 051 123456' },
      scheduled_at: null,
      calendar_url: null,
    });
    const [row] = await requestRows();
    expect({
      consentAt: row.consentAt.toISOString(),
      site: row.consentPressGroupId,
      version: row.consentNoticeVersion,
      language: row.consentLanguage,
    }).toEqual({
      consentAt: '2026-09-15T09:00:00.000Z',
      site: fairId,
      version: privacyNoticeVersion,
      language: 'it',
    });

    const sent = await mails();
    expect(sent.map((mail) => [mail.toAddress, mail.subject])).toEqual([
      ['marta@emilia.test', 'Richiesta di intervista da Giulia Neri (Ceramica Oggi)'],
      ['john@emilia.test', 'Interviewanfrage von Giulia Neri (Ceramica Oggi)'],
    ]);
    expect(sent[0].textBody).toContain('Argomento: Lustreware at the fair');
    expect(sent[0].textBody).toContain('Contatto: ');
    expect(sent[0].textBody).toContain('+39 051 123456');
    expect(sent[0].headers).toEqual({ 'Reply-To': journalist.email });
  });

  it('sends nothing and keeps nothing without the consent', async () => {
    const response = await call(
      'POST',
      apiPaths.interviews,
      { ...journalist.headers, 'accept-language': 'en' },
      {
        ...request(),
        consent: false,
      },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      consent: ['Agree to share your name, outlet, e-mail and phone with the exhibitor.'],
    });
    expect(await requestRows()).toEqual([]);
    expect(await mails()).toEqual([]);
  });

  it('is only for journalists accredited for the edition', async () => {
    const waiting = await signedIn(['user_press_room']);
    await accredit(waiting.id, editionId, 'received');
    const response = await call('POST', apiPaths.interviews, waiting.headers, request());
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      detail: 'Only journalists accredited for this edition can ask its exhibitors for an interview.',
    });
    expect(await requestRows()).toEqual([]);
  });

  it('refuses a time outside the fair, naming its days', async () => {
    const response = await call(
      'POST',
      apiPaths.interviews,
      journalist.headers,
      request({
        preferred_times: ['2026-09-23T08:00:00Z', '2026-09-27T09:00:00Z'],
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      preferred_times: ['Each time must fall within the fair, from 2026-09-22 to 2026-09-26.'],
    });
    expect(await requestRows()).toEqual([]);
  });

  it('asks for two or three different times', async () => {
    const one = await call(
      'POST',
      apiPaths.interviews,
      journalist.headers,
      request({
        preferred_times: ['2026-09-23T08:00:00Z'],
      }),
    );
    const same = await call(
      'POST',
      apiPaths.interviews,
      journalist.headers,
      request({
        preferred_times: ['2026-09-23T08:00:00Z', '2026-09-23T10:00:00+02:00'],
      }),
    );
    expect([one.statusCode, one.json(), same.statusCode, same.json()]).toEqual([
      400,
      { preferred_times: ['Give two or three preferred times.'] },
      400,
      { preferred_times: ['The same time is given twice.'] },
    ]);
  });

  it("answers 404 for an exhibitor of another site's edition", async () => {
    const associationId = context.app.sites.byName.get('Ceramics Association')!.id;
    const otherEdition = await insertEdition(db(), { siteId: associationId });
    const elsewhere = await insertExhibitor(db(), { editionId: otherEdition.id, companyId });
    await accredit(journalist.id, otherEdition.id);
    const response = await call(
      'POST',
      apiPaths.interviews,
      journalist.headers,
      request({ exhibitor: elsewhere.id }),
    );
    expect(response.statusCode).toBe(404);
  });

  it('keeps one open request per exhibitor: a second waits for the first to end', async () => {
    const first = await ask();
    const again = await call('POST', apiPaths.interviews, journalist.headers, request());
    expect([again.statusCode, again.json()]).toEqual([
      409,
      { detail: 'You already have an open request with this exhibitor.' },
    ]);
    const cancelled = await call('POST', apiPaths.interviewCancel(first.id), journalist.headers, {});
    expect(cancelled.statusCode).toBe(200);
    await ask();
    expect((await requestRows()).map((row) => row.status)).toEqual(['cancelled', 'pending']);
  });

  it(`limits a journalist to ${openInterviewsPerJournalist} open requests at one fair`, async () => {
    const exhibitorIds = [exhibitorId, otherExhibitorId];
    for (let index = exhibitorIds.length; index < openInterviewsPerJournalist + 1; index += 1) {
      const company = await insertCompany(db(), { name: `Exhibitor ${index}` });
      exhibitorIds.push((await insertExhibitor(db(), { editionId, companyId: company.id })).id);
    }
    for (const id of exhibitorIds.slice(0, openInterviewsPerJournalist))
      await ask(journalist.headers, { exhibitor: id });
    const over = await call(
      'POST',
      apiPaths.interviews,
      journalist.headers,
      request({ exhibitor: exhibitorIds.at(-1) }),
    );
    expect([over.statusCode, over.json()]).toEqual([
      429,
      {
        detail: `You have ${openInterviewsPerJournalist} open requests for this fair: wait for answers or cancel one first.`,
      },
    ]);
    expect(await requestRows()).toHaveLength(openInterviewsPerJournalist);
  });

  it(`lets ${interviewRequestsPerExhibitorPerDay} requests reach an exhibitor in a day, the next one the day after`, async () => {
    const [template] = await db()
      .insert(interviewRequests)
      .values(
        Array.from({ length: interviewRequestsPerExhibitorPerDay }, () => ({
          exhibitorId,
          journalistId: journalist.id,
          status: 'declined',
          topic: 'Earlier',
          language: 'en',
          format: 'phone',
          preferredTimes: ['2026-09-23T08:00:00Z', '2026-09-23T09:00:00Z'],
          journalistName: 'Someone',
          outlet: 'Paper',
          email: 'someone@paper.test',
          consentAt: clock.now(),
          consentNoticeVersion: privacyNoticeVersion,
          consentLanguage: 'en',
          createdAt: clock.now(),
        })),
      )
      .returning();
    expect(template.status).toBe('declined');
    const busy = await call('POST', apiPaths.interviews, journalist.headers, request());
    expect([busy.statusCode, busy.json()]).toEqual([
      429,
      { detail: 'This exhibitor has received many requests today: please try again tomorrow.' },
    ]);
    clock.set(new Date('2026-09-16T00:00:01Z'));
    await ask(await journalist.refresh());
  });
});
