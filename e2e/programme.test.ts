import { readFile } from 'node:fs/promises';
import {
  apiPaths,
  type Edition,
  type Exhibitor,
  type MyAccreditation,
  type ProgrammeEvent,
  type ProgrammeEventList,
} from '@pressroom/contract';
import ICAL from 'ical.js';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs } from './back-office-support.ts';
import { desktop, type Journey, signedInPage, startJourney } from './journey-support.ts';
import { journeyUsers } from './journey-users.ts';
import { expectNoAxeViolations, journalist, startPressServer } from './press-content-support.ts';
import { qrOfBadge } from './support/badge-qr.ts';
import { startSmtpServer, type TestSmtpServer } from './support/smtp.ts';
import { expectNotification, openScreen, presetDarkMode, signInThroughApi } from './web-app.ts';

const officer = journeyUsers.officer;
const companyName = 'Ceramiche del Po S.p.A.';
const title = 'New porcelain slabs: the launch';
const phone = { width: 360, height: 780 };

/** A day `days` from today (the server's real clock), as the fair's dates and the time fields take it. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
// Over before the demo's own edition (ten days after its seeding) ends: the site's current edition, the one
// the programme's screens show.
const fairStarts = inDays(1);
const fairEnds = inDays(5);
const conferenceDay = inDays(2);
const tourDay = inDays(3);

/** The instant of a wall-clock time in Rome (the fair's zone), found by asking Intl for the offset. */
function romeInstant(day: string, time: string): string {
  const guess = Date.parse(`${day}T${time}:00Z`);
  const wall = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Europe/Rome',
    hourCycle: 'h23',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(guess));
  const offset = Date.parse(`${day}T${wall}:00Z`) - Date.parse(`${day}T${time}:00Z`);
  return new Date(guess - offset).toISOString();
}

/** Text as the browser's and Node's ICU may space it differently (narrow no-break spaces). */
const spaced = (text: string | null) => (text ?? '').replace(/\s+/gu, ' ').trim();

const romeRange = (start: string, end: string) =>
  spaced(
    new Intl.DateTimeFormat('en', { timeStyle: 'short', timeZone: 'Europe/Rome' }).formatRange(
      new Date(start),
      new Date(end),
    ),
  );

/** The VEVENT of a calendar with this summary, and its revision. */
function eventOf(ics: string, summary: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const vevent = calendar
    .getAllSubcomponents('vevent')
    .find((item) => item.getFirstPropertyValue('summary') === summary);
  if (!vevent) throw new Error(`no VEVENT "${summary}" in ${ics.slice(0, 400)}`);
  const event = new ICAL.Event(vevent);
  return {
    summary: event.summary,
    start: event.startDate.toJSDate().toISOString(),
    sequence: Number(vevent.getFirstPropertyValue('sequence') ?? 0),
  };
}

/**
 * The fair of the journey: an edition of the site whose days are still ahead (in Rome), a company exhibiting
 * in hall 5, the journalist accredited for the edition (approved as soon as asked), and two other events of
 * the office's: a talk in hall 2 the same morning (the journalist's clash) and a tour the next day.
 */
async function prepareFair(journey: Journey) {
  const url = journey.server.url;
  const administrator = await apiAs(url, journeyUsers.globalAdministrator);
  const siteName = ((await (await fetch(`${url}${apiPaths.siteInfo}`)).json()) as { name: string }).name;
  const groups = await administrator<{ results: { id: number }[] }>(
    `${apiPaths.pressGroups}?name=${encodeURIComponent(siteName)}`,
  );
  const edition = await administrator<Edition>(apiPaths.editions, {
    json: {
      site: groups.results[0].id,
      name: 'Porcelain Fair',
      starts_on: fairStarts,
      ends_on: fairEnds,
      proof_required: false,
      time_zone: 'Europe/Rome',
    },
  });
  const company = await administrator<{ id: number }>(apiPaths.companies, {
    json: { business_name: companyName },
  });
  const exhibitor = await administrator<Exhibitor>(apiPaths.exhibitors, {
    json: { edition: edition.id, company: company.id, stands: [{ hall: '5', stand: 'B7' }] },
  });

  const reporter = await apiAs(url, journalist);
  const form = new FormData();
  for (const [name, value] of Object.entries({
    edition: String(edition.id),
    media_type: 'newspapers',
    outlet: 'Ceramica Oggi',
    role: 'Editor',
    proof_kind: 'press_card',
  }))
    form.append(name, value);
  const token = (
    (await (
      await fetch(`${url}/api/account/token-auth/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(journalist),
      })
    ).json()) as { token: string }
  ).token;
  const accredited = await fetch(`${url}${apiPaths.myAccreditation}`, {
    method: 'POST',
    headers: { authorization: `JWT ${token}` },
    body: form,
  });
  expect(accredited.status, await accredited.text()).toBe(201);

  const office = await apiAs(url, officer);
  const event = (fields: Record<string, unknown>) =>
    office<ProgrammeEvent>(apiPaths.programmeAdmin, {
      json: { edition: edition.id, languages: ['en'], signup_required: true, ...fields },
    });
  const talk = await event({
    type: 'talk',
    title: { en: 'Glazes and the circular economy' },
    starts_at: romeInstant(conferenceDay, '11:30'),
    ends_at: romeInstant(conferenceDay, '12:30'),
    hall: '2',
    room: 'Sala Bianca',
    capacity: 80,
  });
  await event({
    type: 'tour',
    title: { en: 'A walk through hall 5' },
    starts_at: romeInstant(tourDay, '09:00'),
    ends_at: romeInstant(tourDay, '10:00'),
    hall: '5',
  });
  // The journalist already holds a place at the talk: the conference's sign-up will say it clashes.
  await reporter(apiPaths.programmeSignup(talk.id), { method: 'POST' });

  // The badge the door reads: the code its QR holds.
  const mine = await reporter<MyAccreditation>(apiPaths.myAccreditation);
  const badgeUrl = mine.requests.find((request) => request.edition.id === edition.id)?.badge_url ?? '';
  const badge = await fetch(`${url}${badgeUrl}`, { headers: { authorization: `JWT ${token}` } });
  const badgeCode = (await qrOfBadge(Buffer.from(await badge.arrayBuffer()))) ?? '';
  expect(badgeCode).toMatch(/\/badges\/[\w-]{22}\.[\w-]{22}$/);
  // The short code printed under the QR, typed at the door when no camera reads it.
  const shortCode = mine.requests.find((request) => request.edition.id === edition.id)?.badge_code ?? '';
  expect(shortCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
  return {
    edition,
    exhibitorId: exhibitor.id,
    talk,
    office,
    badgeCode: badgeCode.split('/badges/')[1],
    shortCode,
  };
}

/** Picks an option of one of the programme's selects. */
async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).getByRole('combobox').click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

describe('the press programme: found by day and hall, signed up for, in the calendar, moved, checked in', () => {
  let smtp: TestSmtpServer;
  const journey = startJourney(async () => {
    smtp = await startSmtpServer();
    return startPressServer({ env: { SMTP_URL: smtp.url, MAIL_POLL_INTERVAL: '1' } });
  });
  let fair: Awaited<ReturnType<typeof prepareFair>>;
  let eventId = 0;
  beforeAll(async () => {
    fair = await prepareFair(journey);
  });
  afterAll(async () => {
    await smtp?.stop();
  });

  it('takes a press conference from the office’s form to a journalist’s calendar, moves it and checks them in', async () => {
    // The press office adds the conference with the back office's form, at the fair's hour.
    const office = await signedInPage(journey, officer, '/admin/programme', {
      context: { viewport: desktop },
    });
    const admin = office.page;
    await admin.getByTestId('programme-admin-list').waitFor();
    await admin.getByTestId('programme-new-event').click();
    await admin.getByTestId('event-form-title-en').fill(title);
    await admin.getByTestId('event-form-description-en').fill('Slabs of 3 mm, shown for the first time.');
    await admin.getByTestId('event-form-starts_at').fill(`${conferenceDay}T11:00`);
    await admin.getByTestId('event-form-ends_at').fill(`${conferenceDay}T12:00`);
    await admin.getByTestId('event-form-hall').fill('5');
    await admin.getByTestId('event-form-stand').fill('B7');
    await admin.getByTestId('event-form-exhibitor').getByRole('combobox').fill('Ceramiche');
    await admin.getByRole('option', { name: companyName }).click();
    await admin.getByTestId('event-form-language-en').check();
    await admin.getByTestId('event-form-language-it').check();
    await admin.getByTestId('event-form-capacity').fill('40');
    await expectNoAxeViolations(admin);
    await admin.getByTestId('event-form-save').click();
    await expectNotification(admin, 'success', 'The event has been added to the programme.');
    const listed = await fair.office<ProgrammeEventList>(apiPaths.programmeAdmin);
    const created = listed.data.find((event) => event.title.en === title);
    expect({
      status: created?.status,
      starts: created?.starts_at && new Date(created.starts_at).toISOString(),
      ends: created?.ends_at && new Date(created.ends_at).toISOString(),
      place: created?.place,
      exhibitor: created?.organiser.exhibitor?.id,
      languages: created?.languages,
      capacity: created?.capacity,
    }).toEqual({
      status: 'approved',
      starts: romeInstant(conferenceDay, '11:00'),
      ends: romeInstant(conferenceDay, '12:00'),
      place: { hall: '5', room: '', stand: 'B7' },
      exhibitor: fair.exhibitorId,
      languages: ['en', 'it'],
      capacity: 40,
    });
    eventId = created?.id ?? 0;

    // The journalist, whose own clock is in Tokyo, finds it by day and hall: at the fair's hour, zone named.
    const reporter = await signedInPage(journey, journalist, '/programme', {
      context: { viewport: desktop, timezoneId: 'Asia/Tokyo', acceptDownloads: true },
    });
    const page = reporter.page;
    await page.getByTestId('programme-days').waitFor();
    expect(spaced(await page.getByTestId('programme-zone').textContent())).toContain('(Europe/Rome)');
    // The next day holds only the tour; the conference's day is a tab away.
    await page.getByTestId(`programme-day-${tourDay}`).click();
    await expect.poll(() => page.getByTestId('programme-event').count()).toBe(1);
    await page.getByTestId(`programme-day-${conferenceDay}`).click();
    await expect
      .poll(() => page.getByTestId('programme-day-panel').getAttribute('data-day'))
      .toBe(conferenceDay);
    await choose(page, 'programme-filter-hall', '5');
    await choose(page, 'programme-filter-type', 'Press conference');
    const card = page.locator(`[data-testid=programme-event][data-event="${eventId}"]`);
    await card.waitFor();
    await expect.poll(() => page.getByTestId('programme-event').count()).toBe(1);
    expect(page.url()).toContain(`day=${conferenceDay}`);
    expect(page.url()).toContain('hall=5');
    expect({
      time: spaced(await card.getByTestId('event-time').textContent()),
      place: await card.getByTestId('event-place').textContent(),
      organiser: await card.getByTestId('event-organiser').textContent(),
      languages: await card.getByTestId('event-languages').textContent(),
      places: await card.getByTestId('event-places').textContent(),
    }).toEqual({
      time: romeRange(romeInstant(conferenceDay, '11:00'), romeInstant(conferenceDay, '12:00')),
      place: 'Hall 5, stand B7',
      organiser: companyName,
      languages: 'English, Italiano',
      places: '40 places left',
    });
    await expectNoAxeViolations(page);

    // It signs up on the event's page: the talk at the same time is named beside the button before it does.
    await card.getByTestId('programme-event-link').click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByTestId('event-clash').waitFor();
    expect(
      (await page.getByTestId('event-clash').textContent())?.startsWith(
        'Event: Glazes and the circular economy, ',
      ),
    ).toBe(true);
    await page.getByTestId('event-sign-up').click();
    const answer = page.getByTestId('event-signup-answer');
    await answer.waitFor();
    expect(await answer.getAttribute('data-status')).toBe('signed_up');
    expect(await answer.textContent()).toBe('You are signed up for this event.');
    const clashes = await page.getByTestId('event-clash').allTextContents();
    expect(clashes.length).toBe(1);
    expect(clashes[0].startsWith('Event: Glazes and the circular economy, ')).toBe(true);
    await expect.poll(() => page.getByTestId('event-places').textContent()).toBe('39 places left');
    await page.getByTestId('event-cancel-signup').waitFor();
    await expectNoAxeViolations(page);

    // "Add to calendar" gives the event's .ics: its summary and its start.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('event-add-to-calendar').click(),
    ]);
    const invitation = eventOf(await readFile((await download.path()) ?? '', 'utf8'), title);
    expect({ summary: invitation.summary, start: invitation.start }).toEqual({
      summary: title,
      start: romeInstant(conferenceDay, '11:00'),
    });

    // The programme's feed, at the address the page gives (webcal://), carries the event and its revision.
    const feedAddress = await page.getByTestId('event-feed-address').inputValue();
    expect(feedAddress.startsWith('webcal://')).toBe(true);
    const feedUrl = `${journey.server.url}${new URL(feedAddress.replace(/^webcal:/, 'http:')).pathname}${new URL(feedAddress.replace(/^webcal:/, 'http:')).search}`;
    const readFeed = async () => eventOf(await (await fetch(feedUrl)).text(), title);
    const before = await readFeed();

    // The office moves it by an hour with the form; the journalist is mailed and the feed's SEQUENCE rises.
    await admin.reload();
    const row = admin.locator(`[data-testid=programme-admin-event][data-event="${eventId}"]`);
    await row.getByTestId('programme-edit').click();
    await admin.getByTestId('event-form-starts_at').fill(`${conferenceDay}T12:00`);
    await admin.getByTestId('event-form-ends_at').fill(`${conferenceDay}T13:00`);
    await admin.getByTestId('event-form-save').click();
    await expectNotification(admin, 'success', 'The event has been saved.');
    const changed = await smtp.waitFor(
      (mail) => mail.to.includes(journalist.email) && mail.subject === `Changed: ${title}`,
      20_000,
    );
    expect(changed.subject).toBe(`Changed: ${title}`);
    const after = await readFeed();
    expect(after.start).toBe(romeInstant(conferenceDay, '12:00'));
    expect(after.sequence).toBeGreaterThan(before.sequence);
    await page.reload();
    await expect
      .poll(async () => spaced(await page.getByTestId('event-time').textContent()))
      .toContain(romeRange(romeInstant(conferenceDay, '12:00'), romeInstant(conferenceDay, '13:00')));

    // My programme lists it with the clash; the personal feed's address is shown once, when made.
    await openScreen(page, journey.server.url, '/account/my-programme');
    await page.getByTestId('my-programme-list').waitFor();
    // Moved to 12:00, it still overlaps the talk: each of the two says so.
    expect(await page.getByTestId('my-programme-event').count()).toBe(2);
    expect(await page.getByTestId('event-clash').count()).toBe(2);
    await expectNoAxeViolations(page);
    await page.getByTestId('personal-feed-make').click();
    const personal = await page.getByTestId('personal-feed-address').inputValue();
    expect(personal).toMatch(/^webcal:\/\/.+\.ics$/);
    const personalUrl = new URL(personal.replace(/^webcal:/, 'http:'));
    const personalFeed = await (await fetch(`${journey.server.url}${personalUrl.pathname}`)).text();
    expect(eventOf(personalFeed, title).start).toBe(romeInstant(conferenceDay, '12:00'));

    // At the door, on a phone, the office types the badge code: valid and signed up, at once.
    const door = await signedInPage(journey, officer, '/admin/programme', { context: { viewport: phone } });
    await door.page
      .locator(`[data-testid=programme-admin-event][data-event="${eventId}"]`)
      .getByTestId('programme-attendance')
      .click();
    await door.page.getByTestId('attendance-list').waitFor();
    await door.page.getByTestId('attendance-badge').fill('not-a-badge');
    await door.page.getByTestId('attendance-badge-check').click();
    const verdict = door.page.getByTestId('attendance-verdict');
    await expect.poll(() => verdict.getAttribute('data-verdict')).toBe('invalid');
    expect(await verdict.textContent()).toBe('Invalid badge');
    // The short code typed, two days before the event: the door is asked to confirm, naming the event's day.
    await door.page.getByTestId('attendance-badge').fill(fair.shortCode.toLowerCase());
    await door.page.getByTestId('attendance-badge-check').click();
    const outsideDay = door.page.getByTestId('attendance-outside-day');
    await outsideDay.getByRole('heading', { name: "Not the event's day" }).waitFor();
    const eventDay = new Intl.DateTimeFormat('en', { dateStyle: 'full', timeZone: 'Europe/Rome' }).format(
      new Date(romeInstant(conferenceDay, '12:00')),
    );
    expect(await outsideDay.textContent()).toContain(
      `This event takes place on ${eventDay}, at the fair's time`,
    );
    await expectNoAxeViolations(door.page);
    await outsideDay.getByTestId('attendance-outside-day-confirm').click();
    await outsideDay.waitFor({ state: 'detached' });
    await expect.poll(() => verdict.getAttribute('data-verdict')).toBe('welcome');
    expect(await verdict.textContent()).toBe('Valid badge, signed up: Anna Rossi');
    await expect.poll(() => door.page.getByTestId('attendance-count-attended').textContent()).toBe('1');
    const attendee = door.page.getByTestId('attendance-attendee');
    expect(await attendee.getAttribute('data-checked')).toBe('true');
    expect(await attendee.getByTestId('attendance-check').isChecked()).toBe(true);
    // The same badge again, by its QR's code, says so at once.
    await door.page.getByTestId('attendance-badge').fill(fair.badgeCode);
    await door.page.getByTestId('attendance-badge-check').click();
    await expect.poll(() => verdict.getAttribute('data-verdict')).toBe('alreadyIn');
    await expectNoAxeViolations(door.page);
    // The exports: the CSV names the journalist, the PDF is one.
    const [csv] = await Promise.all([
      door.page.waitForEvent('download'),
      door.page.getByTestId('attendance-csv').click(),
    ]);
    expect(csv.suggestedFilename()).toBe(`attendance-${eventId}.csv`);
    expect(await readFile((await csv.path()) ?? '', 'utf8')).toContain('Anna Rossi');
    const [pdf] = await Promise.all([
      door.page.waitForEvent('download'),
      door.page.getByTestId('attendance-pdf').click(),
    ]);
    expect((await readFile((await pdf.path()) ?? '')).subarray(0, 5).toString()).toBe('%PDF-');

    await reporter.context.close();
    await office.context.close();
    await door.context.close();
  });

  it('shows the programme’s screens without axe violations in dark mode and in Arabic, right to left', async () => {
    const screens = [
      { account: journalist, route: '/programme', ar: 'البرنامج الصحفي' },
      { account: journalist, route: `/programme/${eventId}`, ar: title },
      { account: journalist, route: '/account/my-programme', ar: 'برنامجي' },
      { account: officer, route: '/admin/programme', ar: 'البرنامج الصحفي' },
      { account: officer, route: `/admin/programme/${eventId}/attendance`, ar: 'الحضور' },
    ];
    for (const screen of screens) {
      for (const variant of ['dark', 'ar'] as const) {
        const context: BrowserContext = await journey.browser.newContext({
          locale: variant === 'ar' ? 'ar' : 'en-GB',
          viewport: desktop,
          colorScheme: variant === 'dark' ? 'dark' : 'light',
        });
        if (variant === 'dark') await presetDarkMode(context);
        await signInThroughApi(context, journey.server.url, screen.account, variant === 'ar' ? 'ar' : 'en');
        const page = await context.newPage();
        await openScreen(page, journey.server.url, screen.route);
        if (variant === 'ar') {
          await page.getByRole('heading', { level: 1, name: screen.ar }).waitFor();
          expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
        }
        await page.locator('main .MuiSkeleton-root').first().waitFor({ state: 'detached' });
        await expectNoAxeViolations(page);
        await context.close();
      }
    }
  });
});
