import {
  apiPaths,
  type InterviewCounts,
  type InterviewRequest,
  type InterviewRequestPage,
  interviewsMaxPageSize,
} from '@pressroom/contract';
import { fairEditions, interviewRequests, mailQueue } from '@pressroom/db';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import {
  accreditedJournalist,
  as,
  ask,
  call,
  clock,
  companyId,
  context,
  db,
  editionId,
  exhibitorId,
  journalist,
  mails,
  otherExhibitorId,
  requestRows,
  useInterviewsTestApp,
} from './interviews-test-setup.ts';
import { anonymiseEnded } from './service.ts';

function parseCalendar(content: string) {
  const calendar = new ICAL.Component(ICAL.parse(content));
  const component = calendar.getFirstSubcomponent('vevent');
  if (!component) throw new Error('no VEVENT in the calendar');
  const event = new ICAL.Event(component);
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: event.sequence,
    status: component.getFirstPropertyValue('status'),
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    location: event.location,
    attendees: component
      .getAllProperties('attendee')
      .map((property) => String(property.getFirstValue()).toLowerCase()),
  };
}

async function accept(id: number, headers = as.admin) {
  const response = await call('POST', apiPaths.interviewAccept(id), headers, {
    scheduled_at: '2026-09-23T08:00:00Z',
    place: 'Hall 5, stand B12',
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as InterviewRequest;
}

useInterviewsTestApp();

describe('answering a request', () => {
  it("writes the times in the edition's own time zone", async () => {
    await db().update(fairEditions).set({ timeZone: 'Europe/London' }).where(eq(fairEditions.id, editionId));
    const asked = await ask();
    await db().delete(mailQueue);
    await accept(asked.id);
    expect((await mails())[0].subject).toBe(
      'Intervista con Ceramiche Emilia confermata: mercoledì 23 settembre 2026 alle ore 09:00',
    );
  });

  it('accepts with a time and a place: both sides get an invitation an iCalendar parser reads', async () => {
    const asked = await ask();
    await db().delete(mailQueue);
    const accepted = await accept(asked.id);
    expect(accepted).toMatchObject({
      status: 'accepted',
      scheduled_at: '2026-09-23T08:00:00.000Z',
      place: 'Hall 5, stand B12',
      calendar_url: apiPaths.interviewCalendar(asked.id),
    });
    const sent = await mails();
    expect(sent.map((mail) => [mail.toAddress, mail.subject])).toEqual([
      [
        journalist.email,
        'Intervista con Ceramiche Emilia confermata: mercoledì 23 settembre 2026 alle ore 10:00',
      ],
      [
        'marta@emilia.test',
        'Intervista con Giulia Neri (Ceramica Oggi): mercoledì 23 settembre 2026 alle ore 10:00',
      ],
      [
        'john@emilia.test',
        'Interview mit Giulia Neri (Ceramica Oggi): Mittwoch, 23. September 2026 um 10:00',
      ],
    ]);
    for (const mail of sent) {
      expect(mail.calendar?.method).toBe('REQUEST');
      expect(parseCalendar(mail.calendar?.content ?? '')).toEqual({
        method: 'REQUEST',
        uid: `interview-${asked.id}@localhost`,
        sequence: 0,
        status: 'CONFIRMED',
        start: '2026-09-23T08:00:00.000Z',
        end: '2026-09-23T08:30:00.000Z',
        location: 'Hall 5, stand B12',
        attendees: [`mailto:${journalist.email}`, 'mailto:marta@emilia.test', 'mailto:john@emilia.test'],
      });
    }

    const file = await call('GET', apiPaths.interviewCalendar(asked.id), journalist.headers);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/calendar; charset=utf-8; method=REQUEST');
    expect(parseCalendar(file.body)).toMatchObject({ uid: `interview-${asked.id}@localhost`, sequence: 0 });
  });

  it('declines with a reason, mailed to the journalist in their language', async () => {
    const asked = await ask();
    await db().delete(mailQueue);
    const response = await call('POST', apiPaths.interviewDecline(asked.id), as.admin, {
      reason: 'Our designer is away that week.',
    });
    expect(response.statusCode).toBe(200);
    expect((response.json() as InterviewRequest).status).toBe('declined');
    const [mail] = await mails();
    expect([mail.toAddress, mail.subject, mail.calendar]).toEqual([
      journalist.email,
      'Ceramiche Emilia declina la tua richiesta di intervista',
      null,
    ]);
    expect(mail.textBody).toContain('Motivo: Our designer is away that week.');
  });

  it('is for the company administrator only, not an agent nor another company', async () => {
    const asked = await ask();
    const tries = await Promise.all(
      [as.agent, as.otherAdmin, journalist.headers].map((headers) =>
        call('POST', apiPaths.interviewDecline(asked.id), headers, { reason: 'No.' }),
      ),
    );
    expect(tries.map((response) => response.statusCode)).toEqual([403, 404, 403]);
    expect((await requestRows())[0].status).toBe('pending');
    await accept(asked.id, as.admin);
  });

  it("gives the press office and the association's staff nothing of a request: no list, answer, cancellation or invitation, and changes nothing", async () => {
    const waiting = await ask();
    const other = await accreditedJournalist('en');
    const accepted = await accept((await ask(other.headers)).id);
    const rowsBefore = await requestRows();
    const mailed = async () => (await mails()).map((mail) => [mail.id, mail.toAddress, mail.subject]);
    const mailsBefore = await mailed();
    const forbidden = { status: 403, body: { detail: 'You do not have permission to perform this action.' } };
    for (const who of ['pressOffice', 'staff'] as const) {
      const headers = as[who];
      const outcome = async (response: Awaited<ReturnType<typeof call>>) => ({
        status: response.statusCode,
        body: response.json(),
      });
      expect(
        {
          who,
          list: await outcome(await call('GET', apiPaths.exhibitorInterviews, headers)),
          listOfCompany: await outcome(
            await call('GET', `${apiPaths.exhibitorInterviews}?company=${companyId}`, headers),
          ),
          accept: await outcome(
            await call('POST', apiPaths.interviewAccept(waiting.id), headers, {
              scheduled_at: '2026-09-23T08:00:00Z',
              place: 'Hall 5',
            }),
          ),
          decline: await outcome(
            await call('POST', apiPaths.interviewDecline(waiting.id), headers, { reason: 'No.' }),
          ),
          cancel: await outcome(
            await call('POST', apiPaths.exhibitorInterviewCancel(accepted.id), headers, {}),
          ),
          invitation: await outcome(await call('GET', apiPaths.interviewCalendar(accepted.id), headers)),
        },
        who,
      ).toEqual({
        who,
        list: forbidden,
        listOfCompany: forbidden,
        accept: forbidden,
        decline: forbidden,
        cancel: forbidden,
        invitation: { status: 404, body: { detail: 'Not found.' } },
      });
    }
    expect(await requestRows()).toEqual(rowsBefore);
    expect(await mailed()).toEqual(mailsBefore);
  });

  it('answers a request once: a second answer is a 409 and changes nothing', async () => {
    const asked = await ask();
    await accept(asked.id);
    const declined = await call('POST', apiPaths.interviewDecline(asked.id), as.admin, {
      reason: 'Late.',
    });
    expect([declined.statusCode, declined.json()]).toEqual([
      409,
      { detail: 'This request has already been answered.' },
    ]);
    expect((await requestRows())[0]).toMatchObject({ status: 'accepted', declineReason: '' });
  });

  it('cancels an accepted interview: both sides get METHOD:CANCEL for the same event with a higher SEQUENCE', async () => {
    const asked = await ask();
    await accept(asked.id);
    await db().delete(mailQueue);
    const response = await call('POST', apiPaths.exhibitorInterviewCancel(asked.id), as.admin, {
      reason: 'The stand closes early.',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'cancelled', cancelled_by: 'exhibitor' });
    const sent = await mails();
    expect(sent.map((mail) => mail.toAddress)).toEqual([
      journalist.email,
      'marta@emilia.test',
      'john@emilia.test',
    ]);
    for (const mail of sent) {
      expect(parseCalendar(mail.calendar?.content ?? '')).toMatchObject({
        method: 'CANCEL',
        uid: `interview-${asked.id}@localhost`,
        sequence: 1,
        status: 'CANCELLED',
      });
    }
    expect(sent[0].subject).toBe('Intervista annullata: Lustreware at the fair');
    const again = await call('POST', apiPaths.interviewCancel(asked.id), journalist.headers, {});
    expect([again.statusCode, again.json()]).toEqual([409, { detail: 'This request is no longer open.' }]);
  });

  it('tells the exhibitor when the journalist withdraws a waiting request, without a calendar', async () => {
    const asked = await ask();
    await db().delete(mailQueue);
    const response = await call('POST', apiPaths.interviewCancel(asked.id), journalist.headers, {});
    expect(response.statusCode).toBe(200);
    const sent = await mails();
    expect(sent.map((mail) => [mail.toAddress, mail.subject, mail.calendar])).toEqual([
      ['marta@emilia.test', 'Intervista annullata: Lustreware at the fair', null],
      ['john@emilia.test', 'Interview abgesagt: Lustreware at the fair', null],
    ]);
    expect(sent[0].textBody).toContain('Giulia Neri di Ceramica Oggi ha annullato');
  });
});

describe('lists and counts', () => {
  it("shows a journalist their own requests on My fair, and the exhibitor's side its company's", async () => {
    const other = await accreditedJournalist('en');
    const mine = await ask();
    const theirs = await ask(other.headers, { exhibitor: otherExhibitorId });
    const myFair = await call('GET', apiPaths.interviews, journalist.headers);
    expect((myFair.json() as { data: InterviewRequest[] }).data.map((row) => row.id)).toEqual([mine.id]);
    const company = await call('GET', apiPaths.exhibitorInterviews, as.admin);
    expect((company.json() as InterviewRequestPage).results.map((row) => row.id)).toEqual([mine.id]);
    const theirCompany = await call('GET', apiPaths.exhibitorInterviews, as.otherAdmin);
    expect((theirCompany.json() as InterviewRequestPage).results.map((row) => row.id)).toEqual([theirs.id]);
    const peeking = await call('GET', `${apiPaths.exhibitorInterviews}?company=${companyId}`, as.otherAdmin);
    expect(peeking.statusCode).toBe(403);
  });

  it("pages the exhibitor side's list and filters it by status, counting what matches", async () => {
    const asked: InterviewRequest[] = [];
    for (let index = 0; index < 5; index += 1) {
      const someone = await accreditedJournalist('en');
      clock.set(new Date(Date.parse('2026-09-15T09:00:00Z') + index * 60_000));
      asked.push(await ask(someone.headers));
    }
    await accept(asked[1].id);
    await call('POST', apiPaths.interviewDecline(asked[3].id), as.admin, { reason: 'Fully booked' });

    const first = await call('GET', `${apiPaths.exhibitorInterviews}?page_size=2`, as.admin);
    expect(first.statusCode).toBe(200);
    const firstPage = first.json() as InterviewRequestPage;
    expect([firstPage.count, firstPage.page, firstPage.page_size]).toEqual([5, 1, 2]);
    expect(firstPage.results.map((row) => row.id)).toEqual([asked[4].id, asked[3].id]);
    expect(firstPage.editions).toEqual([
      { id: editionId, name: expect.any(String), starts_on: '2026-09-22' },
    ]);
    const last = (await call('GET', `${apiPaths.exhibitorInterviews}?page_size=2&page=3`, as.admin)).json();
    expect((last as InterviewRequestPage).results.map((row) => row.id)).toEqual([asked[0].id]);

    const waiting = (await call('GET', `${apiPaths.exhibitorInterviews}?status=pending`, as.admin)).json();
    expect((waiting as InterviewRequestPage).count).toBe(3);
    expect((waiting as InterviewRequestPage).results.map((row) => row.id)).toEqual([
      asked[4].id,
      asked[2].id,
      asked[0].id,
    ]);
    const declined = (await call('GET', `${apiPaths.exhibitorInterviews}?status=declined`, as.admin)).json();
    expect((declined as InterviewRequestPage).results.map((row) => [row.id, row.decline_reason])).toEqual([
      [asked[3].id, 'Fully booked'],
    ]);
    // Past the last page: an empty page, the count unchanged.
    const beyond = (await call('GET', `${apiPaths.exhibitorInterviews}?page=9`, as.admin)).json();
    expect([(beyond as InterviewRequestPage).count, (beyond as InterviewRequestPage).results]).toEqual([
      5,
      [],
    ]);
  });

  it('refuses a page size above the bound and an unknown status, naming the field', async () => {
    for (const query of [`page_size=${interviewsMaxPageSize + 1}`, 'status=lost', 'page=0']) {
      const response = await call('GET', `${apiPaths.exhibitorInterviews}?${query}`, as.admin);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json()), query).toEqual([query.split('=')[0]]);
    }
  });

  it('counts requests per exhibitor by outcome for the press office, numbers only, the company its own', async () => {
    const [other, third] = [await accreditedJournalist('en'), await accreditedJournalist('en')];
    const first = await ask();
    await ask(other.headers);
    const declined = await ask(third.headers);
    await accept(first.id);
    await call('POST', apiPaths.exhibitorInterviewCancel(first.id), as.admin, {});
    await call('POST', apiPaths.interviewDecline(declined.id), as.admin, { reason: 'Fully booked' });
    const office = await call('GET', `${apiPaths.interviewCounts}?edition=${editionId}`, as.pressOffice);
    expect(office.statusCode).toBe(200);
    expect(office.json() as InterviewCounts).toEqual({
      edition: { id: editionId, name: expect.any(String) },
      exhibitors: [
        {
          exhibitor: exhibitorId,
          company: companyId,
          name: 'Ceramiche Emilia',
          received: 3,
          accepted: 1,
          declined: 1,
          cancelled: 1,
        },
        {
          exhibitor: otherExhibitorId,
          company: expect.any(Number),
          name: 'Lastra Tiles',
          received: 0,
          accepted: 0,
          declined: 0,
          cancelled: 0,
        },
      ],
    });
    const own = await call('GET', `${apiPaths.interviewCounts}?edition=${editionId}`, as.admin);
    expect((own.json() as InterviewCounts).exhibitors.map((row) => row.exhibitor)).toEqual([exhibitorId]);
    const staff = await call('GET', `${apiPaths.interviewCounts}?edition=${editionId}`, as.staff);
    expect([staff.statusCode, staff.json()]).toEqual([
      403,
      { detail: 'You do not have permission to perform this action.' },
    ]);
  });

  it('six months after the fair, a request keeps its numbers and loses the journalist', async () => {
    const asked = await ask();
    await accept(asked.id);
    expect(await anonymiseEnded(context.app, new Date('2027-03-26T12:00:00Z'))).toBe(0);
    expect(await anonymiseEnded(context.app, new Date('2027-03-27T12:00:00Z'))).toBe(1);
    const [row] = await db().select().from(interviewRequests).where(eq(interviewRequests.id, asked.id));
    expect([
      row.journalistId,
      row.journalistName,
      row.email,
      row.phone,
      row.outlet,
      row.message,
      row.topic,
    ]).toEqual([null, '', '', '', '', '', '']);
    const counts = await call('GET', `${apiPaths.interviewCounts}?edition=${editionId}`, as.pressOffice);
    expect((counts.json() as InterviewCounts).exhibitors[0]).toMatchObject({ received: 1, accepted: 1 });
    const myFair = await call('GET', apiPaths.interviews, journalist.headers);
    expect((myFair.json() as { data: unknown[] }).data).toEqual([]);
  });
});
