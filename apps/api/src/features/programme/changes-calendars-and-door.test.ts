import { createHash } from 'node:crypto';
import { apiPaths } from '@pressroom/contract';
import { accreditationRequests, interviewRequests, programmeFeedTokens } from '@pressroom/db';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { badgeToken } from '../../lib/badge-tokens.ts';
import { insertEdition } from '../exhibitors/test-factories.ts';
import {
  as,
  call,
  clearMails,
  clock,
  companyId,
  context,
  created,
  db,
  editionId,
  event,
  exhibitorId,
  fairId,
  type Headers,
  journalist,
  mails,
  signedIn,
  signUp,
  useProgrammeTestApp,
} from './programme-test-setup.ts';

useProgrammeTestApp();

function parseFeed(content: string) {
  const calendar = new ICAL.Component(ICAL.parse(content));
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const entry = new ICAL.Event(component);
    return {
      uid: entry.uid,
      sequence: entry.sequence,
      status: component.getFirstPropertyValue('status'),
      summary: entry.summary,
      start: entry.startDate.toJSDate().toISOString(),
      end: entry.endDate.toJSDate().toISOString(),
      location: entry.location,
    };
  });
}

describe('changes and cancellations', () => {
  it('mails a change of time to everyone signed up or waiting, in their language, and raises SEQUENCE', async () => {
    const opening = await created({ capacity: 1 });
    const [anna, bruno] = [await journalist('it'), await journalist('de')];
    await signUp(opening.id, anna.headers);
    await signUp(opening.id, bruno.headers);
    await clearMails();
    const moved = await call('PATCH', apiPaths.programmeAdminEvent(opening.id), as.pressOffice, {
      starts_at: '2026-09-22T10:00:00Z',
      ends_at: '2026-09-22T11:00:00Z',
    });
    expect(moved.json().sequence).toBe(1);
    const sent = await mails();
    expect(sent.map((mail) => [mail.toAddress, mail.subject])).toEqual([
      [anna.email, 'Modificato: Conferenza stampa di apertura'],
      [bruno.email, 'Geändert: Opening press conference'],
    ]);
    // 10:00 UTC is noon in Bologna: the mail says the fair's time.
    expect(sent[0].textBody).toContain('12:00');
    await clearMails();
    await call('PATCH', apiPaths.programmeAdminEvent(opening.id), as.pressOffice, {
      description: { en: 'New text' },
    });
    expect([
      (await mails()).length,
      (await call('GET', apiPaths.programmeEvent(opening.id))).json().sequence,
    ]).toEqual([0, 1]);
    const below = await call('PATCH', apiPaths.programmeAdminEvent(opening.id), as.pressOffice, {
      capacity: null,
    });
    expect(below.statusCode).toBe(200);
    expect(
      (await call('GET', apiPaths.programmeEvent(opening.id), bruno.headers)).json().my_signup.status,
    ).toBe('signed_up');
  });

  it('shows a cancelled event as cancelled, mails its people and withdraws it from calendars', async () => {
    const opening = await created();
    const anna = await journalist('it');
    await signUp(opening.id, anna.headers);
    await clearMails();
    const cancelled = await call('POST', apiPaths.programmeCancel(opening.id), as.pressOffice, {
      reason: 'Strike',
    });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', sequence: 1, cancel_reason: 'Strike' });
    expect((await mails()).map((mail) => mail.subject)).toEqual(['Annullato: Conferenza stampa di apertura']);
    expect((await call('GET', apiPaths.programme)).json().data[0].status).toBe('cancelled');
    const file = await call('GET', apiPaths.programmeEventCalendar(opening.id));
    expect(parseFeed(file.body)).toMatchObject([{ status: 'CANCELLED', sequence: 1 }]);
    const refused = await call('POST', apiPaths.programmeSignup(opening.id), (await journalist()).headers);
    expect([refused.statusCode, refused.json().detail]).toEqual([409, 'This event is not open for sign-up.']);
  });
  it('keeps an ended fair’s events as they were: no change, no cancellation, in the user’s language', async () => {
    const closing = await created({ starts_at: '2026-09-26T15:00:00Z', ends_at: '2026-09-26T16:00:00Z' });
    const { edition: _edition, ...fields } = event({
      starts_at: '2026-09-26T09:00:00Z',
      ends_at: '2026-09-26T10:00:00Z',
    });
    const proposal = await call('POST', apiPaths.programmeProposals, as.admin, {
      ...fields,
      exhibitor: exhibitorId,
    });
    expect(proposal.statusCode, proposal.body).toBe(201);
    // Signed in at the clock's time: a token made before the clock moved would have expired.
    const officeNow = async () => (await signedIn(['administrator_press_room'])).headers;
    // 23:30 in Bologna on the last day: the fair is still on, whatever UTC's date says.
    clock.set(new Date('2026-09-26T21:30:00Z'));
    const lastMinute = await call('PATCH', apiPaths.programmeAdminEvent(closing.id), await officeNow(), {
      room: 'Sala Rossini',
    });
    expect(lastMinute.statusCode, lastMinute.body).toBe(200);
    // 00:30 in Bologna the day after: the programme is a record now.
    clock.set(new Date('2026-09-26T22:30:00Z'));
    const office = await officeNow();
    const company = (
      await signedIn(['administrator_press_room_external_company'], { company: companyId, language: 'de' })
    ).headers;
    await clearMails();
    const answers = [
      await call('PATCH', apiPaths.programmeAdminEvent(closing.id), office, { room: 'Sala Verdi' }),
      await call('POST', apiPaths.programmeCancel(closing.id), { ...office, 'accept-language': 'de' }, {}),
      await call('PATCH', apiPaths.programmeAdminEvent(proposal.json().id), company, { hall: '6' }),
      await call('POST', apiPaths.programmeCancel(proposal.json().id), company, {}),
    ];
    expect(answers.map((answer) => [answer.statusCode, answer.json().detail])).toEqual([
      [409, 'This fair has ended: its events can no longer be changed or cancelled.'],
      [409, 'Diese Messe ist vorbei: Ihre Veranstaltungen können nicht mehr geändert oder abgesagt werden.'],
      [409, 'This fair has ended: its events can no longer be changed or cancelled.'],
      [409, 'This fair has ended: its events can no longer be changed or cancelled.'],
    ]);
    const after = await call('GET', apiPaths.programmeAdminEvent(closing.id), office);
    expect(after.json()).toMatchObject({ status: 'approved', place: { room: 'Sala Rossini' }, sequence: 1 });
    expect(
      (await call('GET', apiPaths.programmeAdminEvent(proposal.json().id), office)).json(),
    ).toMatchObject({ status: 'proposed', place: { hall: '5' } });
    expect(await mails()).toEqual([]);
  });
});

describe('calendars', () => {
  it('publishes approved events in the site feed per language, never a proposal, in UTC with stable UIDs', async () => {
    const opening = await created({
      title: {
        en: 'Opening, with "quotes"; and a very long title that goes on and on beyond seventy-five octets',
      },
    });
    await call('POST', apiPaths.programmeProposals, as.admin, {
      ...event({ title: { en: 'Secret launch' } }),
      exhibitor: exhibitorId,
    });
    const feed = await call('GET', `${apiPaths.programmeFeed}?language=it`);
    expect(feed.headers['content-type']).toContain('text/calendar');
    expect(feed.body.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const entries = parseFeed(feed.body);
    expect(entries).toEqual([
      {
        uid: expect.stringMatching(new RegExp(`^programme-${opening.id}@`)),
        sequence: 0,
        status: 'CONFIRMED',
        summary:
          'Opening, with "quotes"; and a very long title that goes on and on beyond seventy-five octets',
        start: '2026-09-22T08:00:00.000Z',
        end: '2026-09-22T09:00:00.000Z',
        location: 'Padiglione 5, sala Sala Verdi',
      },
    ]);
    expect(feed.body).toContain('\\;');
    expect(feed.body).not.toContain('Secret launch');
  });

  it('keeps the site feed until the programme changes: a changed title and a cancellation show at once', async () => {
    const opening = await created({ title: { en: 'Opening press conference' } });
    const first = await call('GET', `${apiPaths.programmeFeed}?language=en`);
    clock.advance(60);
    // Kept: the same file, stamped when it was written.
    expect((await call('GET', `${apiPaths.programmeFeed}?language=en`)).body).toBe(first.body);
    const renamed = await call('PATCH', apiPaths.programmeAdminEvent(opening.id), as.pressOffice, {
      title: { en: 'Opening talk' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(parseFeed((await call('GET', `${apiPaths.programmeFeed}?language=en`)).body)).toEqual([
      expect.objectContaining({ summary: 'Opening talk', sequence: 0, status: 'CONFIRMED' }),
    ]);
    const cancelled = await call('POST', apiPaths.programmeCancel(opening.id), as.pressOffice, {
      reason: '',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(parseFeed((await call('GET', `${apiPaths.programmeFeed}?language=en`)).body)).toEqual([
      expect.objectContaining({ summary: 'Opening talk', status: 'CANCELLED' }),
    ]);
  });

  it('lists an event the journalist waits for as tentative in the personal feed, confirmed once a place is theirs', async () => {
    const opening = await created({ capacity: 1 });
    const [anna, bruno] = [await journalist('en', 'Anna'), await journalist('en', 'Bruno')];
    await signUp(opening.id, anna.headers);
    await signUp(opening.id, bruno.headers);
    const made = (await call('POST', apiPaths.programmeFeedToken, bruno.headers)).json().feed;
    const statuses = async () =>
      parseFeed((await call('GET', new URL(made.url).pathname)).body).map((entry) => [
        entry.summary,
        entry.status,
      ]);
    expect(await statuses()).toEqual([['Opening press conference', 'TENTATIVE']]);
    await call('DELETE', apiPaths.programmeSignup(opening.id), anna.headers);
    expect(await statuses()).toEqual([['Opening press conference', 'CONFIRMED']]);
  });

  it('serves the personal feed at a secret address until it is rotated or revoked', async () => {
    const anna = await journalist('en');
    const opening = await created();
    await signUp(opening.id, anna.headers);
    await db()
      .insert(interviewRequests)
      .values({
        exhibitorId,
        journalistId: anna.id,
        status: 'accepted',
        topic: 'Glazes',
        language: 'en',
        format: 'stand',
        preferredTimes: [],
        journalistName: 'Giulia Neri',
        outlet: 'Ceramica Oggi',
        email: anna.email,
        consentAt: new Date('2026-09-10T09:00:00Z'),
        consentNoticeVersion: '1',
        consentLanguage: 'en',
        scheduledAt: new Date('2026-09-23T09:15:00Z'),
        place: 'Stand B12',
      });
    expect((await call('GET', apiPaths.programmeFeedToken, anna.headers)).json()).toEqual({ feed: null });
    const made = (await call('POST', apiPaths.programmeFeedToken, anna.headers)).json().feed;
    expect(made.webcal_url).toMatch(/^webcal:\/\/.+\/api\/programme\/feeds\/[\w-]+\.ics$/);
    const path = new URL(made.url).pathname;
    const feed = await call('GET', path);
    expect(parseFeed(feed.body).map((entry) => entry.summary)).toEqual([
      'Opening press conference',
      'Interview with Ceramiche Emilia',
    ]);
    expect((await call('GET', apiPaths.programmeFeedToken, anna.headers)).json().feed).toMatchObject({
      url: null,
    });
    const token = path
      .split('/')
      .pop()!
      .replace(/\.ics$/, '');
    const [stored] = await db().select().from(programmeFeedTokens);
    expect(stored.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);

    const rotated = (await call('POST', apiPaths.programmeFeedToken, anna.headers)).json().feed;
    expect((await call('GET', path)).statusCode).toBe(404);
    const newPath = new URL(rotated.url).pathname;
    expect((await call('GET', newPath)).statusCode).toBe(200);
    expect((await call('DELETE', apiPaths.programmeFeedToken, anna.headers)).statusCode).toBe(204);
    expect((await call('GET', newPath)).statusCode).toBe(404);
  });
});

describe('at the door', () => {
  /** The door's staff, signed in at the time the clock reads (a session lasts half an hour). */
  const doorStaff = async () => (await signedIn(['administrator_press_room'])).headers;

  it('checks in by the badge’s QR code or by name, and says at once what it found', async () => {
    const opening = await created();
    const [anna, bruno] = [await journalist('en', 'Anna'), await journalist('en', 'Bruno')];
    await signUp(opening.id, anna.headers);
    // At the door on the morning of the event, at a quarter to ten in Rome.
    clock.set(new Date('2026-09-22T07:45:00Z'));
    const office = await doorStaff();
    const scanned = `https://fair.test/badges/${badgeToken(context.config.secretKey, anna.badgeId)}`;
    const first = await call('POST', apiPaths.programmeCheckIn(opening.id), office, {
      badge: scanned,
    });
    expect(first.json()).toMatchObject({
      badge_valid: true,
      signed_up: true,
      already_checked_in: false,
      attendee: {
        user: anna.id,
        name: 'Anna Neri',
        outlet: 'Ceramica Oggi',
        checked_in_at: '2026-09-22T07:45:00.000Z',
      },
    });
    const again = await call('POST', apiPaths.programmeCheckIn(opening.id), office, {
      badge: anna.badgeId,
    });
    expect(again.json()).toMatchObject({ badge_valid: true, signed_up: true, already_checked_in: true });
    const notSignedUp = await call('POST', apiPaths.programmeCheckIn(opening.id), office, {
      badge: bruno.badgeId,
    });
    expect(notSignedUp.json()).toEqual({
      badge_valid: true,
      signed_up: false,
      already_checked_in: false,
      attendee: null,
    });
    const forged = await call('POST', apiPaths.programmeCheckIn(opening.id), office, {
      badge: 'abc.def',
    });
    expect(forged.json()).toEqual({
      badge_valid: false,
      signed_up: false,
      already_checked_in: false,
      attendee: null,
    });
    expect(
      (
        await call(
          'POST',
          apiPaths.programmeCheckIn(opening.id),
          (
            await signedIn(['administrator_press_room_external_company'], { company: companyId })
          ).headers,
          { badge: anna.badgeId },
        )
      ).statusCode,
    ).toBe(404);
  });

  it('checks in by the short code printed under the QR, however the door types it, within the edition only', async () => {
    const opening = await created();
    const [anna, bruno] = [await journalist('en', 'Anna'), await journalist('en', 'Bruno')];
    await signUp(opening.id, anna.headers);
    await db()
      .update(accreditationRequests)
      .set({ badgeCode: '01RX7QM3' })
      .where(eq(accreditationRequests.id, anna.accreditationId));
    // The same code may stand in another edition; within one it is refused.
    const next = await insertEdition(db(), { siteId: fairId, startsOn: '2027-09-21', endsOn: '2027-09-25' });
    const other = {
      userId: bruno.id,
      mediaType: 'print',
      outlet: 'Casa',
      role: 'editor',
      proofKind: 'press_card',
    };
    await db()
      .insert(accreditationRequests)
      .values({ ...other, editionId: next.id, status: 'approved', badgeCode: 'ZZZZ9999' });
    await db()
      .update(accreditationRequests)
      .set({ badgeCode: '01RX7QM3' })
      .where(eq(accreditationRequests.editionId, next.id));
    await expect(
      db()
        .update(accreditationRequests)
        .set({ badgeCode: '01RX7QM3' })
        .where(eq(accreditationRequests.id, bruno.accreditationId)),
    ).rejects.toThrow();
    clock.set(new Date('2026-09-22T07:45:00Z'));
    const office = await doorStaff();
    const door = (badge: string) => call('POST', apiPaths.programmeCheckIn(opening.id), office, { badge });

    expect((await door('01RX-7QM3')).json()).toMatchObject({
      badge_valid: true,
      signed_up: true,
      already_checked_in: false,
      attendee: { user: anna.id, name: 'Anna Neri', checked_in_at: '2026-09-22T07:45:00.000Z' },
    });
    // Lower case, a space for the hyphen, O for 0 and I for 1: Crockford's reading.
    expect((await door(' oI rx 7qm3 ')).json()).toMatchObject({
      badge_valid: true,
      already_checked_in: true,
    });
    const nobody = { badge_valid: false, signed_up: false, already_checked_in: false, attendee: null };
    expect((await door('ZZZZ-9999')).json()).toEqual(nobody);
  });

  it('refuses a run of codes naming no badge from one member of the door, never a colleague', async () => {
    const opening = await created();
    const anna = await journalist('en', 'Anna');
    await signUp(opening.id, anna.headers);
    clock.set(new Date('2026-09-22T07:45:00Z'));
    const [guesser, colleague] = [await doorStaff(), await doorStaff()];
    const door = (headers: Headers, badge: string) =>
      call('POST', apiPaths.programmeCheckIn(opening.id), headers, { badge });
    for (const guess of ['AAAA-AAAA', 'AAAA-AAAB', 'AAAA-AAAC']) {
      expect((await door(guesser, guess)).json().badge_valid).toBe(false);
    }
    const refused = await door(guesser, anna.badgeId);
    expect([refused.statusCode, refused.headers['retry-after'], refused.json().detail]).toEqual([
      429,
      '900',
      'Request was throttled. Expected available in 900 seconds.',
    ]);
    expect((await door(colleague, anna.badgeId)).json()).toMatchObject({
      badge_valid: true,
      signed_up: true,
    });
    clock.advance(900);
    expect((await door(await doorStaff(), anna.badgeId)).json()).toMatchObject({ already_checked_in: true });
  });

  it('refuses to record a check-in outside the event’s day at the fair’s time, naming the day', async () => {
    const opening = await created();
    const anna = await journalist('en', 'Anna');
    await signUp(opening.id, anna.headers);
    const door = async (body: Record<string, unknown>, language = 'en') =>
      call(
        'POST',
        apiPaths.programmeCheckIn(opening.id),
        { ...(await doorStaff()), 'accept-language': language },
        body,
      );
    const attended = async () =>
      (await call('GET', apiPaths.programmeAttendance(opening.id), await doorStaff())).json().attended;

    // A week before: refused, by badge or by name, in the reader's language; nothing is recorded.
    const early = await door({ badge: anna.badgeId });
    expect([early.statusCode, early.json()]).toEqual([
      409,
      {
        detail:
          "This event takes place on Tuesday, September 22, 2026, at the fair's time: badges are checked in on the event's day. Confirm to check this one in anyway.",
        code: 'not_event_day',
      },
    ]);
    expect((await door({ user: anna.id }, 'it')).json().detail).toBe(
      "Questo evento si svolge martedì 22 settembre 2026, ora della fiera: i badge si registrano il giorno dell'evento. Conferma per registrare comunque questo.",
    );
    expect(await attended()).toBe(0);
    // What a badge is worth is answered on any day: only a check-in to record waits for the event's day.
    expect((await door({ badge: 'ZZZZ-ZZZZ' })).json()).toMatchObject({ badge_valid: false });
    // Half past midnight in Rome is the event's day, though UTC still says the day before; the next night is not.
    clock.set(new Date('2026-09-22T22:30:00Z'));
    expect((await door({ badge: anna.badgeId })).statusCode).toBe(409);
    clock.set(new Date('2026-09-21T22:30:00Z'));
    expect((await door({ badge: anna.badgeId })).json()).toMatchObject({
      badge_valid: true,
      signed_up: true,
    });
    expect(await attended()).toBe(1);
    // Scanned again the next night, the badge is said to be in already: nothing is recorded, nothing asked.
    clock.set(new Date('2026-09-22T22:30:00Z'));
    expect((await door({ badge: anna.badgeId })).json()).toMatchObject({ already_checked_in: true });
  });

  it('records a check-in outside the event’s day when the door confirms it', async () => {
    const opening = await created();
    const anna = await journalist('en', 'Anna');
    await signUp(opening.id, anna.headers);
    const confirmed = await call('POST', apiPaths.programmeCheckIn(opening.id), as.pressOffice, {
      user: anna.id,
      outside_day_confirmed: true,
    });
    expect(confirmed.json()).toMatchObject({
      badge_valid: true,
      signed_up: true,
      attendee: { user: anna.id, checked_in_at: '2026-09-15T09:00:00.000Z' },
    });
  });

  it('lets the organising exhibitor tick names, counts no-shows once the event is over and exports the CSV', async () => {
    const launch = await created({ exhibitor: exhibitorId, capacity: 2 });
    const names = ['Anna', 'Bruno', 'Carla', 'Dario'];
    const [anna, bruno, carla, dario] = await Promise.all(names.map((name) => journalist('en', name)));
    for (const person of [anna, bruno, carla]) await signUp(launch.id, person.headers);
    // The exhibitor's administrator at the door, ten minutes before the launch.
    clock.set(new Date('2026-09-22T07:50:00Z'));
    const admin = (await signedIn(['administrator_press_room_external_company'], { company: companyId }))
      .headers;
    const ticked = await call('POST', apiPaths.programmeCheckIn(launch.id), admin, { user: anna.id });
    expect(ticked.json()).toMatchObject({ badge_valid: true, signed_up: true, already_checked_in: false });
    const waiting = await call('POST', apiPaths.programmeCheckIn(launch.id), admin, { user: carla.id });
    expect(waiting.json()).toMatchObject({ signed_up: false, attendee: { status: 'waiting', position: 1 } });
    const unknown = await call('POST', apiPaths.programmeCheckIn(launch.id), admin, { user: dario.id });
    expect([unknown.statusCode, unknown.json().user]).toEqual([
      400,
      ['You are not signed up for this event.'],
    ]);
    const before = (await call('GET', apiPaths.programmeAttendance(launch.id), admin)).json();
    expect([before.signed_up, before.waiting, before.attended, before.no_shows]).toEqual([2, 1, 1, 0]);

    clock.set(new Date('2026-09-22T10:00:00Z'));
    const door = (await signedIn(['administrator_press_room_external_company'], { company: companyId }))
      .headers;
    const list = (await call('GET', apiPaths.programmeAttendance(launch.id), door)).json();
    expect([list.signed_up, list.waiting, list.attended, list.no_shows]).toEqual([2, 1, 1, 1]);
    expect(list.attendees.map((row: { name: string; status: string }) => [row.name, row.status])).toEqual([
      ['Anna Neri', 'signed_up'],
      ['Bruno Neri', 'signed_up'],
      ['Carla Neri', 'waiting'],
    ]);
    const csv = await call('GET', apiPaths.programmeAttendanceCsv(launch.id), door);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')).toEqual([
      '\uFEFFName,Outlet,E-mail,Status,Checked in',
      `Anna Neri,Ceramica Oggi,${anna.email},Signed up,2026-09-22T07:50:00.000Z`,
      `Bruno Neri,Ceramica Oggi,${bruno.email},No-show,`,
      `Carla Neri,Ceramica Oggi,${carla.email},Waiting list,`,
      '',
    ]);
    const pdf = await call('GET', apiPaths.programmeAttendancePdf(launch.id), door);
    expect([pdf.statusCode, pdf.headers['content-type'], pdf.rawPayload.subarray(0, 5).toString()]).toEqual([
      200,
      'application/pdf',
      '%PDF-',
    ]);
    const otherCompany = (
      await signedIn(['administrator_press_room_external_company'], { company: companyId + 1 })
    ).headers;
    expect((await call('GET', apiPaths.programmeAttendance(launch.id), otherCompany)).statusCode).toBe(404);

    const figures = (await call('GET', `${apiPaths.programmeFigures}?edition=${editionId}`, door)).json();
    expect(figures.data).toEqual([
      {
        event: launch.id,
        title: launch.title,
        starts_at: launch.starts_at,
        capacity: 2,
        signed_up: 2,
        waiting: 1,
        attended: 1,
        no_shows: 1,
      },
    ]);
  });
});
