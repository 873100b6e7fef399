import { readFile } from 'node:fs/promises';
import { apiPaths, type Edition, type Exhibitor, type InterviewRequest } from '@pressroom/contract';
import ICAL from 'ical.js';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs } from './back-office-support.ts';
import { desktop, type Journey, signedInPage, startJourney } from './journey-support.ts';
import { journeyUsers } from './journey-users.ts';
import { expectNoAxeViolations, journalist, startPressServer } from './press-content-support.ts';
import { startSmtpServer, type TestSmtpServer } from './support/smtp.ts';
import { expectNotification, openScreen, presetDarkMode, signInThroughApi } from './web-app.ts';

const companyAdministrator = journeyUsers.companyAdministrator;
const outlet = 'Il Giornale della Ceramica';
const companyName = 'Maioliche del Lago S.r.l.';
const pressContactEmail = 'stampa@maioliche.test';

/** A day `days` from today (the server's real clock), as the fair's dates and the time fields take it. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const fairStarts = inDays(20);
const fairEnds = inDays(24);

/** An instant as the fair's wall clock reads it (YYYY-MM-DD HH:mm in Rome). */
function romeWallTime(instant: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'Europe/Rome',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

const romeTime = (instant: string, language: string) =>
  new Intl.DateTimeFormat(language, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: 'Europe/Rome',
  }).format(new Date(instant));

async function signIn(url: string, account: { email: string; password: string }) {
  const response = await fetch(`${url}/api/account/token-auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!response.ok) throw new Error(`token-auth answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { token: string; user: { id: number } };
}

/**
 * The fair of the journey: an edition of the site whose days are still ahead, a company exhibiting at it with
 * a press contact, its administrator, and the journalist accredited for the edition (without proof: approved
 * as soon as asked).
 */
async function prepareFair(journey: Journey) {
  const url = journey.server.url;
  const administrator = await apiAs(url, journeyUsers.globalAdministrator);
  const siteName = ((await (await fetch(`${url}${apiPaths.siteInfo}`)).json()) as { name: string }).name;
  const groups = await administrator<{ results: { id: number }[] }>(
    `${apiPaths.pressGroups}?name=${encodeURIComponent(siteName)}`,
  );
  const site = groups.results[0];
  const edition = await administrator<Edition>(apiPaths.editions, {
    json: {
      site: site.id,
      name: 'Tile Fair Winter',
      starts_on: fairStarts,
      ends_on: fairEnds,
      proof_required: false,
    },
  });
  const company = await administrator<{ id: number }>(apiPaths.companies, {
    json: { business_name: companyName },
  });
  const exhibitor = await administrator<Exhibitor>(apiPaths.exhibitors, {
    json: { edition: edition.id, company: company.id, stands: [{ hall: '5', stand: 'A12' }] },
  });
  await administrator(`${apiPaths.pressBox(company.id)}contacts/`, {
    json: { name: 'Marta Ferri', email: pressContactEmail, languages: ['en'] },
  });
  const { user } = await signIn(url, companyAdministrator);
  await administrator(apiPaths.adminUser(user.id), {
    method: 'PATCH',
    json: { company_id: company.id, user_type: 'COMPANY' },
  });

  const form = new FormData();
  for (const [name, value] of Object.entries({
    edition: String(edition.id),
    media_type: 'newspapers',
    outlet,
    role: 'Editor',
    proof_kind: 'press_card',
  }))
    form.append(name, value);
  const { token: journalistToken } = await signIn(url, journalist);
  const accredited = await fetch(`${url}${apiPaths.myAccreditation}`, {
    method: 'POST',
    headers: { authorization: `JWT ${journalistToken}` },
    body: form,
  });
  expect(accredited.status, await accredited.text()).toBe(201);
  return { edition, exhibitorId: exhibitor.id, reporter: await apiAs(url, journalist) };
}

describe('interview requests: a journalist asks, the exhibitor accepts, the invitation reaches the calendar', () => {
  let smtp: TestSmtpServer;
  const journey = startJourney(async () => {
    smtp = await startSmtpServer();
    return startPressServer({ env: { SMTP_URL: smtp.url, MAIL_POLL_INTERVAL: '1' } });
  });
  let fair: Awaited<ReturnType<typeof prepareFair>>;
  beforeAll(async () => {
    fair = await prepareFair(journey);
  });
  afterAll(async () => {
    await smtp?.stop();
  });

  it('takes a request in Italian to an accepted interview with its invitation', async () => {
    // The journalist asks, in Italian, from the exhibitor's page.
    const reporter = await signedInPage(journey, journalist, `/exhibitors/${fair.exhibitorId}`, {
      language: 'it',
      context: { viewport: desktop, locale: 'it-IT' },
    });
    const ask = reporter.page;
    await ask.getByTestId('ask-interview').click();
    await ask.getByRole('heading', { level: 1, name: "Chiedi un'intervista" }).waitFor();
    expect(await ask.getByTestId('interview-exhibitor').textContent()).toBe(companyName);
    const days = new Intl.DateTimeFormat('it', { dateStyle: 'long', timeZone: 'UTC' }).formatRange(
      new Date(`${fairStarts}T12:00:00Z`),
      new Date(`${fairEnds}T12:00:00Z`),
    );
    expect(await ask.getByTestId('interview-fair-days').textContent()).toBe(`Tile Fair Winter: ${days}`);
    expect(await ask.getByTestId('interview-time-1').getAttribute('min')).toBe(`${fairStarts}T00:00`);
    expect(await ask.getByTestId('interview-time-1').getAttribute('max')).toBe(`${fairEnds}T23:59`);
    expect(await ask.getByTestId('interview-phone').inputValue()).toBe('');

    await ask.getByTestId('interview-topic').fill('Le nuove lastre a effetto legno');
    await ask.getByTestId('interview-format-video').click();
    await ask.getByTestId('interview-time-1').fill(`${inDays(21)}T10:30`);
    // A time the day after the fair is marked on its own field, in the reader's words, and the focus goes there.
    await ask.getByTestId('interview-time-2').fill(`${inDays(25)}T15:00`);
    // Leaving the field marks it at once (the click that follows lands where the send button is by then).
    await ask.getByTestId('interview-time-2').blur();
    await ask.getByText(`Questo orario è fuori dalla fiera: scegline uno tra ${days}.`).waitFor();
    expect(await ask.getByTestId('interview-time-2').getAttribute('aria-invalid')).toBe('true');
    expect(await ask.getByTestId('interview-time-1').getAttribute('aria-invalid')).toBe('false');
    await ask.getByTestId('interview-send').click();
    await expect
      .poll(() => ask.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('interview-time-2');
    await ask.getByTestId('interview-time-2').fill(`${inDays(22)}T15:00`);
    await ask.getByTestId('interview-add-time').click();
    await ask.getByTestId('interview-time-3').fill(`${inDays(23)}T09:00`);
    await ask.getByTestId('interview-message').fill('Bastano venti minuti.');
    await ask.getByTestId('interview-phone').fill('+39 051 123456');
    // Without the consent nothing is sent, and the form says what is missing.
    await ask.getByTestId('interview-send').click();
    await ask
      .getByText("Acconsenti a condividere nome, testata, e-mail e telefono con l'espositore.")
      .waitFor();
    expect(await ask.getByText(`Acconsento che ${companyName} riceva il mio nome`).count()).toBe(1);
    await expectNoAxeViolations(ask);
    await ask.getByTestId('interview-consent').check();
    await ask.getByTestId('interview-send').click();
    await expectNotification(ask, 'success', `La tua richiesta è stata inviata a ${companyName}.`);
    await ask.getByRole('heading', { level: 1, name: 'La mia fiera' }).waitFor();
    const [sent] = (await fair.reporter<{ data: InterviewRequest[] }>(apiPaths.interviews)).data;
    expect({
      topic: sent.topic,
      language: sent.language,
      format: sent.format,
      times: sent.preferred_times.map(romeWallTime),
      phone: sent.journalist.phone,
      outlet: sent.journalist.outlet,
    }).toEqual({
      topic: 'Le nuove lastre a effetto legno',
      language: 'it',
      format: 'video',
      times: [`${inDays(21)} 10:30`, `${inDays(22)} 15:00`, `${inDays(23)} 09:00`],
      phone: '+39 051 123456',
      outlet,
    });
    const card = ask.getByTestId(`my-interview-${sent.id}`);
    expect(await card.getByTestId('interview-status').textContent()).toBe('In attesa di risposta');
    expect(await card.getByTestId('interview-preferred-times').locator('li').allTextContents()).toEqual(
      sent.preferred_times.map((time) => romeTime(time, 'it')),
    );

    // The exhibitor's press contact is mailed the request.
    const requested = await smtp.waitFor((mail) => mail.to.includes(pressContactEmail), 20_000);
    expect(requested.subject).toBe(`Interview request from Anna Rossi (${outlet})`);

    // The company's administrator accepts it with another time within the fair and a place.
    const office = await signedInPage(journey, companyAdministrator, '/admin/interviews', {
      context: { viewport: desktop },
    });
    const row = office.page.getByTestId(`interview-request-${sent.id}`);
    await row.waitFor();
    // The back office's menu leads the company's administrator here.
    expect(
      await office.page.locator('#app-sidebar').getByRole('link', { name: 'Interview requests' }).count(),
    ).toBe(1);
    expect(await row.getByRole('heading').textContent()).toBe(`Anna Rossi, ${outlet}`);
    expect(await row.getByText('+39 051 123456').count()).toBe(1);
    expect(await row.getByText(journalist.email).count()).toBe(1);
    await expectNoAxeViolations(office.page);
    await row.getByRole('button', { name: 'Accept the request of Anna Rossi' }).click();
    const dialog = office.page.getByTestId('interview-accept-dialog');
    await dialog.getByTestId('accept-time-other').click();
    await dialog.getByTestId('accept-other-time').fill(`${inDays(22)}T16:15`);
    await dialog.getByTestId('accept-place').fill('Padiglione 5, stand A12');
    await expectNoAxeViolations(office.page);
    await dialog.getByTestId('accept-confirm').click();
    await expectNotification(
      office.page,
      'success',
      'The interview has been accepted; both sides receive the invitation.',
    );
    await expect.poll(() => row.getByTestId('interview-status').textContent()).toBe('Accepted');
    expect(await office.page.getByTestId('interview-counts-row').allTextContents()).toEqual([
      `${companyName}1100`,
    ]);

    // The journalist sees the agreed time and place and takes the invitation.
    await openScreen(ask, journey.server.url, '/account/my-fair');
    const [accepted] = (await fair.reporter<{ data: InterviewRequest[] }>(apiPaths.interviews)).data;
    expect(romeWallTime(accepted.scheduled_at ?? '')).toBe(`${inDays(22)} 16:15`);
    const acceptedCard = ask.getByTestId(`my-interview-${sent.id}`);
    await expect.poll(() => acceptedCard.getByTestId('interview-status').textContent()).toBe('Accettata');
    expect(await acceptedCard.getByTestId('interview-agreed-time').textContent()).toBe(
      romeTime(accepted.scheduled_at ?? '', 'it'),
    );
    expect(await acceptedCard.getByTestId('interview-place').textContent()).toBe('Padiglione 5, stand A12');
    await expectNoAxeViolations(ask);
    const [download] = await Promise.all([
      ask.waitForEvent('download'),
      acceptedCard.getByTestId('interview-calendar').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`interview-${sent.id}.ics`);
    const calendar = new ICAL.Component(ICAL.parse(await readFile((await download.path()) ?? '', 'utf8')));
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent') ?? undefined);
    expect({
      method: calendar.getFirstPropertyValue('method'),
      start: event.startDate.toJSDate().toISOString(),
      location: event.location,
      uid: event.uid.length > 0,
    }).toEqual({
      method: 'REQUEST',
      start: new Date(accepted.scheduled_at ?? '').toISOString(),
      location: 'Padiglione 5, stand A12',
      uid: true,
    });

    // Both sides are mailed the invitation, each in the language of their account or contact (English here).
    const confirmed = await smtp.waitFor(
      (mail) => mail.to.includes(journalist.email) && mail.raw.includes('text/calendar'),
      20_000,
    );
    expect(confirmed.subject.startsWith(`Interview with ${companyName} confirmed: `), confirmed.subject).toBe(
      true,
    );
    const toExhibitor = await smtp.waitFor(
      (mail) => mail.to.includes(pressContactEmail) && mail.raw.includes('text/calendar'),
      20_000,
    );
    expect(
      toExhibitor.subject.startsWith(`Interview with Anna Rossi (${outlet}): `),
      toExhibitor.subject,
    ).toBe(true);
    await reporter.context.close();
    await office.context.close();
  });

  it('tells a journalist not accredited for the edition where to ask for accreditation', async () => {
    const other = await signedInPage(
      journey,
      journeyUsers.axeJournalist,
      `/exhibitors/${fair.exhibitorId}/interview`,
      { context: { viewport: desktop } },
    );
    const notice = other.page.getByTestId('interview-not-accredited');
    await notice.waitFor();
    expect(await other.page.getByTestId('interview-form').count()).toBe(0);
    await notice.getByRole('link', { name: 'Go to accreditation' }).click();
    await other.page.getByRole('heading', { level: 1, name: 'Accreditation' }).waitFor();
    await other.context.close();
  });

  it('shows the three screens without axe violations in dark mode and in Arabic, right to left', async () => {
    const screens = [
      { account: journalist, route: `/exhibitors/${fair.exhibitorId}/interview`, ar: 'طلب مقابلة' },
      { account: journalist, route: '/account/my-fair', ar: 'معرضي' },
      { account: companyAdministrator, route: '/admin/interviews', ar: 'طلبات المقابلة' },
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
