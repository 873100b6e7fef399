import { apiPaths, type ProgrammeEvent } from '@pressroom/contract';
import { interviewRequests, programmeSignups } from '@pressroom/db';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobNames } from '../../plugins/jobs.ts';
import { createTestApp } from '../../test-support/app.ts';
import {
  adminEmail,
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
  type Headers,
  journalist,
  mails,
  signedIn,
  signUp,
  useProgrammeTestApp,
} from './programme-test-setup.ts';
import { sendReminders } from './reminders.ts';

useProgrammeTestApp();

describe('who creates, proposes and approves events', () => {
  it('publishes the press office’s event at once, within the fair’s days only', async () => {
    const opening = await created();
    expect(opening).toMatchObject({
      status: 'approved',
      edition: { id: editionId, time_zone: 'Europe/Rome' },
      organiser: { kind: 'fair', exhibitor: null },
      place: { hall: '5', room: 'Sala Verdi', stand: '' },
      capacity: 2,
      signed_up: 0,
      places_left: 2,
      sequence: 0,
    });
    const before = await call('POST', apiPaths.programmeAdmin, as.pressOffice, {
      ...event(),
      starts_at: '2026-09-21T20:00:00Z',
      ends_at: '2026-09-21T21:00:00Z',
    });
    expect([before.statusCode, before.json().starts_at]).toEqual([
      400,
      ['The event must fall within the fair, from 2026-09-22 to 2026-09-26.'],
    ]);
    // 23:30 in Rome on the 26th is still the fair's last day, though it is the 26th in UTC as well.
    const late = await call('POST', apiPaths.programmeAdmin, as.pressOffice, {
      ...event(),
      starts_at: '2026-09-26T21:00:00Z',
      ends_at: '2026-09-26T21:30:00Z',
    });
    expect(late.statusCode).toBe(201);
    const backwards = await call('POST', apiPaths.programmeAdmin, as.pressOffice, {
      ...event(),
      ends_at: '2026-09-22T07:00:00Z',
    });
    expect([backwards.statusCode, backwards.json().ends_at]).toEqual([
      400,
      ['The end must come after the start.'],
    ]);
    for (const headers of [as.admin, as.agent, as.staff]) {
      expect((await call('POST', apiPaths.programmeAdmin, headers, event())).statusCode).toBe(403);
    }
  });

  it('keeps a company’s proposal from the public until the press office approves it, mailing both ways', async () => {
    const proposal = await call('POST', apiPaths.programmeProposals, as.admin, {
      ...event({
        type: 'exhibitor_event',
        title: { en: 'Lustreware launch' },
        hall: '5',
        room: '',
        stand: 'B12',
      }),
      exhibitor: exhibitorId,
    });
    expect(proposal.statusCode, proposal.body).toBe(201);
    const id = proposal.json().id;
    expect(proposal.json()).toMatchObject({
      status: 'proposed',
      organiser: {
        kind: 'exhibitor',
        exhibitor: { id: exhibitorId, company: companyId, name: 'Ceramiche Emilia' },
      },
    });
    expect((await mails()).map((mail) => [mail.toAddress, mail.subject])).toEqual([
      [context.config.pressOfficeEmail, 'Programme proposal from Ceramiche Emilia: Lustreware launch'],
    ]);
    expect((await call('GET', apiPaths.programme)).json().data).toEqual([]);
    expect((await call('GET', apiPaths.programmeEvent(id))).statusCode).toBe(404);

    expect((await call('POST', apiPaths.programmeApprove(id), as.admin)).statusCode).toBe(403);
    const approved = await call('POST', apiPaths.programmeApprove(id), as.pressOffice);
    expect(approved.json().status).toBe('approved');
    expect((await mails()).map((mail) => [mail.toAddress, mail.subject]).at(-1)).toEqual([
      adminEmail,
      'Ihre Veranstaltung ist im Programm: Lustreware launch',
    ]);
    expect(
      (await call('GET', apiPaths.programme)).json().data.map((entry: ProgrammeEvent) => entry.id),
    ).toEqual([id]);
    expect((await call('POST', apiPaths.programmeApprove(id), as.pressOffice)).statusCode).toBe(409);
  });

  it('declines a proposal only with a reason, which the proposer reads', async () => {
    const id = (
      await call('POST', apiPaths.programmeProposals, as.admin, {
        ...event({ title: { it: 'Degustazione' } }),
        exhibitor: exhibitorId,
      })
    ).json().id;
    const withoutReason = await call('POST', apiPaths.programmeDecline(id), as.pressOffice, { reason: ' ' });
    expect([withoutReason.statusCode, withoutReason.json().reason]).toEqual([400, ['Field required']]);
    const declined = await call('POST', apiPaths.programmeDecline(id), as.pressOffice, {
      reason: 'The hall is booked.',
    });
    expect(declined.json()).toMatchObject({ status: 'declined', decline_reason: 'The hall is booked.' });
    const last = (await mails()).at(-1)!;
    expect([last.toAddress, last.subject]).toEqual([
      adminEmail,
      'Ihre Veranstaltung wurde nicht freigegeben: Degustazione',
    ]);
    expect(last.textBody).toContain('Grund: The hall is booked.');
  });

  it('lets no agent and no other company propose for an exhibitor', async () => {
    const body = { ...event(), exhibitor: exhibitorId };
    expect((await call('POST', apiPaths.programmeProposals, as.agent, body)).statusCode).toBe(403);
    const other = await call('POST', apiPaths.programmeProposals, as.otherAdmin, body);
    expect([other.statusCode, other.json().exhibitor]).toEqual([400, ['Field not valid']]);
  });

  it('lets a PATCH change only what it names, and a company only its own proposals', async () => {
    const opening = await created();
    const renamed = await call('PATCH', apiPaths.programmeAdminEvent(opening.id), as.pressOffice, {
      title: { en: 'Opening' },
    });
    expect(renamed.json()).toMatchObject({ title: { en: 'Opening' }, capacity: 2, sequence: 0 });
    expect(renamed.json().place).toEqual({ hall: '5', room: 'Sala Verdi', stand: '' });
    expect(
      (await call('PATCH', apiPaths.programmeAdminEvent(opening.id), as.admin, { hall: '6' })).statusCode,
    ).toBe(404);
  });
});

describe('the public programme', () => {
  it('filters by day in the fair’s time zone, type, hall, organiser and language', async () => {
    const opening = await created();
    // 23:30 in Bologna on the 22nd is the 22nd at the fair, though already 21:30 UTC.
    const late = await created({
      type: 'talk',
      title: { en: 'Late talk' },
      starts_at: '2026-09-22T21:30:00Z',
      ends_at: '2026-09-22T21:50:00Z',
      hall: '7',
      room: 'Sala Bianca',
      languages: ['de'],
    });
    const launch = await created({
      exhibitor: exhibitorId,
      type: 'exhibitor_event',
      title: { en: 'Launch' },
      starts_at: '2026-09-23T08:00:00Z',
      ends_at: '2026-09-23T09:00:00Z',
      stand: 'B12',
      room: '',
    });
    const ids = async (query: string) =>
      (await call('GET', `${apiPaths.programme}?${query}`))
        .json()
        .data.map((entry: ProgrammeEvent) => entry.id);
    expect(await ids('day=2026-09-22')).toEqual([opening.id, late.id]);
    expect(await ids('day=2026-09-23')).toEqual([launch.id]);
    expect(await ids('type=talk')).toEqual([late.id]);
    expect(await ids('hall=7')).toEqual([late.id]);
    expect(await ids('organiser=exhibitor')).toEqual([launch.id]);
    expect(await ids('organiser=fair')).toEqual([opening.id, late.id]);
    expect(await ids(`exhibitor=${exhibitorId}`)).toEqual([launch.id]);
    expect(await ids('language=de')).toEqual([late.id]);
    const listed = (await call('GET', apiPaths.programme)).json();
    expect(listed.edition).toEqual({
      id: editionId,
      name: expect.any(String),
      starts_on: '2026-09-22',
      ends_on: '2026-09-26',
      time_zone: 'Europe/Rome',
    });
    const wrongDay = await call('GET', `${apiPaths.programme}?day=22-09-2026`);
    expect([wrongDay.statusCode, wrongDay.json().day]).toEqual([400, ['Field not valid']]);
    const otherSite = await call('GET', apiPaths.programmeEvent(opening.id), {
      host: 'association.localhost',
    });
    expect(otherSite.statusCode).toBe(404);
  });
});

describe('a company’s own events', () => {
  it('lets its administrator change a proposal until approved, then cancel the event, never another company’s', async () => {
    const id = (
      await call('POST', apiPaths.programmeProposals, as.admin, {
        ...event({ capacity: 5 }),
        exhibitor: exhibitorId,
      })
    ).json().id;
    const changed = await call('PATCH', apiPaths.programmeAdminEvent(id), as.admin, { capacity: 8 });
    expect([changed.statusCode, changed.json().capacity]).toEqual([200, 8]);
    expect(
      (await call('PATCH', apiPaths.programmeAdminEvent(id), as.otherAdmin, { capacity: 9 })).statusCode,
    ).toBe(404);
    const listed = (await call('GET', apiPaths.programmeAdmin, as.admin)).json().data;
    expect(listed.map((entry: ProgrammeEvent) => [entry.id, entry.status])).toEqual([[id, 'proposed']]);
    expect((await call('GET', apiPaths.programmeAdmin, as.otherAdmin)).json().data).toEqual([]);
    await call('POST', apiPaths.programmeApprove(id), as.pressOffice);
    const late = await call('PATCH', apiPaths.programmeAdminEvent(id), as.admin, { capacity: 9 });
    expect([late.statusCode, late.json().detail]).toEqual([
      409,
      'This event is cancelled or declined and can no longer be changed.',
    ]);
    const cancelled = await call('POST', apiPaths.programmeCancel(id), as.admin, {});
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', sequence: 1 });
  });

  it('never lowers the capacity below the places taken', async () => {
    const opening = await created({ capacity: 3 });
    for (const person of [await journalist(), await journalist()]) await signUp(opening.id, person.headers);
    const lower = await call('PATCH', apiPaths.programmeAdminEvent(opening.id), as.pressOffice, {
      capacity: 1,
    });
    expect([lower.statusCode, lower.json().capacity]).toEqual([
      400,
      ['The capacity cannot be lower than the 2 people already signed up.'],
    ]);
    expect((await call('GET', apiPaths.programmeEvent(opening.id))).json().capacity).toBe(3);
  });
});

describe('signing up', () => {
  it('gives the places in order, then the waiting list, and refuses a journalist not accredited', async () => {
    const opening = await created();
    const [anna, bruno, carla] = [await journalist(), await journalist('en'), await journalist('de')];
    expect(await signUp(opening.id, anna.headers)).toEqual({
      event: opening.id,
      status: 'signed_up',
      position: null,
      clashes: [],
    });
    expect((await signUp(opening.id, bruno.headers)).status).toBe('signed_up');
    expect(await signUp(opening.id, carla.headers)).toMatchObject({ status: 'waiting', position: 1 });
    expect(await signUp(opening.id, carla.headers)).toMatchObject({ status: 'waiting', position: 1 });

    const stranger = await signedIn(['user_press_room']);
    const refused = await call('POST', apiPaths.programmeSignup(opening.id), stranger.headers);
    expect([refused.statusCode, refused.json().detail]).toEqual([
      403,
      'Only journalists accredited for this edition can sign up for its events.',
    ]);
    const shown = (await call('GET', apiPaths.programmeEvent(opening.id), carla.headers)).json();
    expect(shown).toMatchObject({
      signed_up: 2,
      waiting: 1,
      places_left: 0,
      my_signup: { status: 'waiting', position: 1 },
    });
  });

  it('promotes the first waiting when a place comes free, and mails them in their language', async () => {
    const opening = await created({ capacity: 1 });
    const [anna, bruno, carla] = [await journalist(), await journalist('de'), await journalist('en')];
    await signUp(opening.id, anna.headers);
    clock.advance(60);
    await signUp(opening.id, bruno.headers);
    clock.advance(60);
    expect((await signUp(opening.id, carla.headers)).position).toBe(2);
    await clearMails();

    const cancelled = await call('DELETE', apiPaths.programmeSignup(opening.id), anna.headers);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', position: null });
    const rows = await db().select().from(programmeSignups).orderBy(asc(programmeSignups.id));
    expect(rows.map((row) => [row.userId, row.status])).toEqual([
      [anna.id, 'cancelled'],
      [bruno.id, 'signed_up'],
      [carla.id, 'waiting'],
    ]);
    expect((await mails()).map((mail) => [mail.toAddress, mail.subject])).toEqual([
      [bruno.email, 'Ein Platz für Sie: Opening press conference'],
    ]);
    expect((await call('GET', apiPaths.programmeEvent(opening.id), carla.headers)).json().my_signup).toEqual({
      status: 'waiting',
      position: 1,
    });
    // Signing up again after cancelling joins the end of the queue.
    expect(await signUp(opening.id, anna.headers)).toMatchObject({ status: 'waiting', position: 2 });
    const again = await call('DELETE', apiPaths.programmeSignup(opening.id), (await journalist()).headers);
    expect([again.statusCode, again.json().detail]).toEqual([409, 'You are not signed up for this event.']);
  });

  it('gives each journalist waiting one place on the list: in the answer, on the event, in My programme and at the door', async () => {
    const opening = await created({ capacity: 1 });
    const names = ['Anna', 'Bruno', 'Carla', 'Dario'];
    const [anna, bruno, carla, dario] = await Promise.all(names.map((name) => journalist('en', name)));
    await signUp(opening.id, anna.headers);
    const answers = [];
    for (const person of [bruno, carla, dario]) {
      clock.advance(60);
      answers.push((await signUp(opening.id, person.headers)).position);
    }
    expect(answers).toEqual([1, 2, 3]);
    const places = async (waiting: { headers: Headers }[]) => ({
      event: await Promise.all(
        waiting.map(
          async (person) =>
            (await call('GET', apiPaths.programmeEvent(opening.id), person.headers)).json().my_signup
              .position,
        ),
      ),
      mine: await Promise.all(
        waiting.map(
          async (person) =>
            (await call('GET', apiPaths.myProgramme, person.headers)).json().data[0].signup.position,
        ),
      ),
      door: (await call('GET', apiPaths.programmeAttendance(opening.id), as.pressOffice))
        .json()
        .attendees.filter((row: { status: string }) => row.status === 'waiting')
        .map((row: { name: string; position: number }) => [row.name, row.position]),
    });
    expect(await places([bruno, carla, dario])).toEqual({
      event: [1, 2, 3],
      mine: [1, 2, 3],
      door: [
        ['Bruno Neri', 1],
        ['Carla Neri', 2],
        ['Dario Neri', 3],
      ],
    });
    // The first waiting leaves: everyone behind moves up by one, everywhere.
    await call('DELETE', apiPaths.programmeSignup(opening.id), bruno.headers);
    expect(await places([carla, dario])).toEqual({
      event: [1, 2],
      mine: [1, 2],
      door: [
        ['Carla Neri', 1],
        ['Dario Neri', 2],
      ],
    });
  });

  it('lets any press-room user sign up where the edition asks no proof, and nobody once the event began', async () => {
    await db().execute(sql`update fair_editions set proof_required = false where id = ${editionId}`);
    const opening = await created();
    const reader = await signedIn(['user_press_room']);
    expect((await signUp(opening.id, reader.headers)).status).toBe('signed_up');
    clock.set(new Date('2026-09-22T08:00:00Z'));
    const late = await signedIn(['user_press_room']);
    const refused = await call('POST', apiPaths.programmeSignup(opening.id), late.headers);
    expect([refused.statusCode, refused.json().detail]).toEqual([409, 'This event has already started.']);
  });

  it('fills exactly the capacity under fifty sign-ups at once', async () => {
    const opening = await created({ capacity: 10 });
    const people = await Promise.all(Array.from({ length: 50 }, (_, index) => journalist('en', `J${index}`)));
    const answers = await Promise.all(
      people.map((person) => call('POST', apiPaths.programmeSignup(opening.id), person.headers)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(200));
    const statuses = answers.map((answer) => answer.json().status);
    expect([
      statuses.filter((s) => s === 'signed_up').length,
      statuses.filter((s) => s === 'waiting').length,
    ]).toEqual([10, 40]);
    const positions = answers
      .map((answer) => answer.json().position)
      .filter((position) => position !== null)
      .sort((a, b) => a - b);
    expect(positions).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
    const stored = await db()
      .select({ status: programmeSignups.status, total: sql<number>`count(*)::int` })
      .from(programmeSignups)
      .groupBy(programmeSignups.status)
      .orderBy(programmeSignups.status);
    expect(stored).toEqual([
      { status: 'signed_up', total: 10 },
      { status: 'waiting', total: 40 },
    ]);
    expect((await call('GET', apiPaths.programmeEvent(opening.id))).json()).toMatchObject({
      signed_up: 10,
      waiting: 40,
      places_left: 0,
    });
  });

  it('reports the journalist’s other events and accepted interviews at the same time', async () => {
    const anna = await journalist();
    const opening = await created({ capacity: null });
    const overlapping = await created({
      title: { en: 'Design talk' },
      starts_at: '2026-09-22T08:30:00Z',
      ends_at: '2026-09-22T09:30:00Z',
      capacity: null,
    });
    await signUp(opening.id, anna.headers);
    const [interview] = await db()
      .insert(interviewRequests)
      .values({
        exhibitorId,
        journalistId: anna.id,
        status: 'accepted',
        topic: 'Glazes',
        language: 'it',
        format: 'stand',
        preferredTimes: [],
        journalistName: 'Giulia Neri',
        outlet: 'Ceramica Oggi',
        email: anna.email,
        consentAt: new Date('2026-09-10T09:00:00Z'),
        consentNoticeVersion: '1',
        consentLanguage: 'it',
        scheduledAt: new Date('2026-09-22T09:15:00Z'),
        place: 'Stand B12',
      })
      .returning();
    const answer = await signUp(overlapping.id, { ...anna.headers, 'accept-language': 'it' });
    expect(answer.clashes).toEqual([
      {
        kind: 'event',
        id: opening.id,
        title: 'Conferenza stampa di apertura',
        starts_at: '2026-09-22T08:00:00.000Z',
        ends_at: '2026-09-22T09:00:00.000Z',
      },
      {
        kind: 'interview',
        id: interview.id,
        title: 'Ceramiche Emilia: Glazes',
        starts_at: '2026-09-22T09:15:00.000Z',
        ends_at: '2026-09-22T09:45:00.000Z',
      },
    ]);
    const mine = (await call('GET', apiPaths.myProgramme, anna.headers)).json().data;
    expect(
      mine.map((row: { event: { id: number }; clashes: unknown[] }) => [row.event.id, row.clashes.length]),
    ).toEqual([
      [opening.id, 1],
      [overlapping.id, 2],
    ]);
  });
  it('names what would clash before signing up, each event in the language the journalist reads', async () => {
    // Giulia's account writes German; she reads the site in Arabic.
    const giulia = await journalist('de');
    const opening = await created({
      title: { en: 'Opening press conference', ar: 'المؤتمر الصحفي الافتتاحي', it: 'Conferenza stampa' },
      capacity: null,
    });
    const talk = await created({
      title: { en: 'Design talk' },
      starts_at: '2026-09-22T08:30:00Z',
      ends_at: '2026-09-22T09:30:00Z',
    });
    const later = await created({ starts_at: '2026-09-23T08:00:00Z', ends_at: '2026-09-23T09:00:00Z' });
    await signUp(opening.id, giulia.headers);
    const clashes = (id: number, language: string, headers: Headers = giulia.headers) =>
      call('GET', apiPaths.programmeClashes(id), { ...headers, 'accept-language': language });

    const before = await clashes(talk.id, 'ar');
    expect([before.statusCode, before.json()]).toEqual([
      200,
      {
        data: [
          {
            kind: 'event',
            id: opening.id,
            title: 'المؤتمر الصحفي الافتتاحي',
            starts_at: '2026-09-22T08:00:00.000Z',
            ends_at: '2026-09-22T09:00:00.000Z',
          },
        ],
      },
    ]);
    // A language the event is not written in: its English title.
    expect((await clashes(talk.id, 'fr')).json().data.map((clash: { title: string }) => clash.title)).toEqual(
      ['Opening press conference'],
    );
    expect((await clashes(later.id, 'ar')).json()).toEqual({ data: [] });
    // Signed up, the answer names them in the same language.
    const answer = await signUp(talk.id, { ...giulia.headers, 'accept-language': 'ar' });
    expect(answer.clashes.map((clash) => clash.title)).toEqual(['المؤتمر الصحفي الافتتاحي']);
    expect((await clashes(talk.id, 'ar', {})).statusCode).toBe(401);
    expect((await clashes(talk.id + 100, 'ar')).statusCode).toBe(404);
  });
});

describe('reminders', () => {
  it('mails each journalist signed up once before the event, in their language, with the place', async () => {
    const opening = await created();
    const [anna, bruno, carla] = [await journalist('it'), await journalist('ar'), await journalist('en')];
    await signUp(opening.id, anna.headers);
    await signUp(opening.id, bruno.headers);
    await signUp(opening.id, carla.headers);
    await clearMails();

    clock.set(new Date('2026-09-22T05:30:00Z'));
    expect(await sendReminders(context.app, 120)).toBe(0);
    clock.set(new Date('2026-09-22T06:05:00Z'));
    const [first, second] = await Promise.all([
      sendReminders(context.app, 120),
      sendReminders(context.app, 120),
    ]);
    expect(first + second).toBe(2);
    expect(await sendReminders(context.app, 120)).toBe(0);
    const sent = await mails();
    expect(sent.map((mail) => mail.toAddress).sort()).toEqual([anna.email, bruno.email].sort());
    const italian = sent.find((mail) => mail.toAddress === anna.email)!;
    expect(italian.subject).toContain('Promemoria: Conferenza stampa di apertura');
    expect(italian.textBody).toContain('Padiglione 5, sala Sala Verdi');
    expect(italian.textBody).toContain(`/#/programme/${opening.id}`);
    const rows = await db().select().from(programmeSignups).where(eq(programmeSignups.userId, carla.id));
    expect(rows[0].remindedAt).toBeNull();
  });
});

describe('the reminders job', () => {
  it('is scheduled every five minutes through app.jobs and runs on whichever server takes it', async () => {
    const never = '0 0 1 1 *';
    const harness = await createTestApp({
      config: {
        mailPollInterval: 0,
        jobsEnabled: true,
        alertRunsCron: never,
        retentionPurgeCron: never,
        rateLimitPurgeCron: never,
      },
    });
    try {
      const schedules = await harness.app.database.query(
        'SELECT name, cron FROM pgboss.schedule WHERE name = $1',
        [jobNames.programmeReminders],
      );
      expect(schedules.rows).toEqual([{ name: 'programme-reminders', cron: '*/5 * * * *' }]);
      await harness.app.jobs.send(jobNames.programmeReminders);
      const deadline = Date.now() + 30_000;
      const runs = async () =>
        (
          await harness.app.database.query(
            "SELECT state::text AS state, output FROM pgboss.job WHERE name = 'programme-reminders'",
            [],
          )
        ).rows;
      while (!(await runs()).some((run) => run.state === 'completed') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(await runs()).toContainEqual({ state: 'completed', output: { reminded: 0 } });
    } finally {
      await harness.close();
    }
  });
});
