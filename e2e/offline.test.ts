import {
  type Accreditation,
  apiPaths,
  type MyAccreditation,
  type ProgrammeEvent,
  type ProgrammeEventList,
} from '@pressroom/contract';
import jsQR from 'jsqr';
import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { apiAs } from './back-office-support.ts';
import { desktop, startJourney } from './journey-support.ts';
import { journeyUsers } from './journey-users.ts';
import { expectNoAxeViolations, journalist, startPressServer } from './press-content-support.ts';
import type { RunningServer } from './support/server.ts';
import { openScreen } from './web-app.ts';

const fair = 'fair.localhost';

/** What a QR code drawn on the page says, read from a screenshot of it as a camera at the door would. */
async function qrOnScreen(page: Page, testId: string) {
  const picture = await page.getByTestId(testId).screenshot();
  const { data, info } = await sharp(picture)
    .flatten({ background: '#ffffff' })
    .extend({ top: 16, bottom: 16, left: 16, right: 16, background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

/**
 * The journalist accredited to the fair's current edition (asked on the fair's site with a press card, approved
 * by the press office) and signed up for one of its events: the badge and the programme they carry at the fair.
 * Answers their badge, the event they hold a place at and another they may still sign up for.
 */
async function accreditedAndSignedUp(server: RunningServer, token: string) {
  const asJournalist = { authorization: `JWT ${token}` };
  const mine = (
    await server.request(fair, apiPaths.myAccreditation, { headers: asJournalist })
  ).json<MyAccreditation>();
  const form = new FormData();
  for (const [name, value] of Object.entries({
    edition: String(mine.editions[0].id),
    media_type: 'newspapers',
    outlet: 'Il Giornale della Ceramica',
    role: 'Editor',
    proof_kind: 'press_card',
  }))
    form.append(name, value);
  const card = await PDFDocument.create();
  card.addPage();
  form.append(
    'proof',
    new Blob([Buffer.from(await card.save())], { type: 'application/pdf' }),
    'press card.pdf',
  );
  const multipart = new Request('http://multipart.invalid/', { method: 'POST', body: form });
  const asked = await server.request(fair, apiPaths.myAccreditation, {
    method: 'POST',
    headers: { ...asJournalist, 'content-type': multipart.headers.get('content-type') ?? '' },
    body: Buffer.from(await multipart.arrayBuffer()),
  });
  expect(asked.status, asked.body).toBe(201);
  const office = await apiAs(server.url, journeyUsers.officer);
  await office(apiPaths.accreditationDecide, {
    json: { ids: [asked.json<Accreditation>().id], decision: 'approve' },
  });
  const programme = (
    await server.request(fair, apiPaths.programme, { headers: asJournalist })
  ).json<ProgrammeEventList>();
  const open = programme.data.filter(
    (event: ProgrammeEvent) =>
      event.status === 'approved' &&
      event.signup_required &&
      (event.places_left ?? 1) > 0 &&
      !event.my_signup,
  );
  const signedUp = await server.request(fair, apiPaths.programmeSignup(open[0].id), {
    method: 'POST',
    headers: asJournalist,
  });
  expect(signedUp.status, signedUp.body).toBeLessThan(300);
  const badge = (await server.request(fair, apiPaths.myAccreditation, { headers: asJournalist }))
    .json<MyAccreditation>()
    .requests.find((request) => request.id === asked.json<Accreditation>().id);
  return { badge: badge!, heldEvent: open[0], openEvent: open[1] };
}

/** The first titles of a list of the screen (its headings), once it shows some. */
async function headingsOf(page: Page, testId: string) {
  const list = page.getByTestId(testId);
  await list.first().waitFor();
  return list.getByRole('heading').allTextContents();
}

/** Waits until the service worker controls the app and keeps its page (the app asks it when idle). */
async function appKeptForOffline(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          if (!registration?.active) return false;
          return (
            (await caches.open('pressroom-page').then((cache) => cache.match('./', { ignoreVary: true }))) !==
            undefined
          );
        }),
      { timeout: 60_000 },
    )
    .toBe(true);
}

/** The answers the app keeps on this device for the account, by the start of their keys (one part, and two). */
const keptAnswers = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const opening = indexedDB.open('pressroom-offline');
        opening.onsuccess = () => {
          const database = opening.result;
          if (!database.objectStoreNames.contains('answers')) return resolve([]);
          const values = database.transaction('answers').objectStore('answers').getAll();
          values.onsuccess = () =>
            resolve(
              (values.result as { state: { queries: { queryKey: unknown[] }[] } }[]).flatMap((value) =>
                value.state.queries.flatMap((query) => [
                  String(query.queryKey[0]),
                  `${String(query.queryKey[0])}/${String(query.queryKey[1])}`,
                ]),
              ),
            );
        };
        opening.onerror = () => resolve([]);
      }),
  );

/** The accounts whose answers the app keeps on this device (IndexedDB, lib/offline-store.ts). */
const keptAccounts = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const opening = indexedDB.open('pressroom-offline');
        opening.onsuccess = () => {
          const database = opening.result;
          if (!database.objectStoreNames.contains('answers')) return resolve([]);
          const keys = database.transaction('answers').objectStore('answers').getAllKeys();
          keys.onsuccess = () => resolve(keys.result.map(String));
        };
        opening.onerror = () => resolve([]);
      }),
  );

describe('fair week with no network: what a journalist opened signed in stays readable', () => {
  const journey = startJourney(() => startPressServer());
  const fairUrl = () => journey.server.urlFor(fair);

  it('reopens Home, the programme and the directory offline in a new tab, says so, keeps a typed form, and forgets it all on sign-out', async () => {
    const context = await journey.browser.newContext({
      locale: 'en-GB',
      viewport: desktop,
      serviceWorkers: 'allow',
    });
    const page = await context.newPage();
    // Signed in as the app does it (stored in this origin), so a new tab is signed in by the app alone.
    await openScreen(page, fairUrl(), '/home');
    const signIn = await fetch(`${journey.server.url}/api/account/token-auth/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(journalist),
    });
    const { token, user } = (await signIn.json()) as { token: string; user: { id: number } };
    await page.evaluate(
      ({ token, user }) => {
        localStorage.setItem('token', token);
        localStorage.setItem('user', JSON.stringify(user));
      },
      { token, user },
    );
    const { badge, heldEvent, openEvent } = await accreditedAndSignedUp(journey.server, token);
    expect(badge.badge_check_url).toMatch(/\/badges\/[\w-]{22}\.[\w-]{22}$/);
    await openScreen(page, fairUrl(), '/home');
    await page.reload();
    await page.locator('main#main-content').waitFor();
    const releases = await headingsOf(page, 'release-list');
    expect(releases.length).toBeGreaterThan(0);
    await expect.poll(() => keptAnswers(page)).toContain('press-releases');

    await openScreen(page, fairUrl(), '/programme');
    await page.getByTestId('programme-event').first().waitFor();
    const events = await page.getByTestId('programme-event').allTextContents();
    expect(events.length).toBeGreaterThan(0);
    await expect.poll(() => keptAnswers(page)).toContain('programme/list');
    await openScreen(page, fairUrl(), '/exhibitors');
    await page.getByTestId('exhibitor-entry').first().waitFor();
    const stands = await page.getByTestId('exhibitor-stand').allTextContents();
    expect(stands.length).toBeGreaterThan(0);
    await expect.poll(() => keptAnswers(page)).toContain('exhibitor-directory');
    // Their badge, their programme, and an event they could still sign up for.
    await openScreen(page, fairUrl(), '/account/accreditation');
    await page.getByTestId('badge-qr').waitFor();
    expect(await qrOnScreen(page, 'badge-qr')).toBe(badge.badge_check_url);
    await expect.poll(() => keptAnswers(page)).toContain('accreditation');
    await openScreen(page, fairUrl(), '/account/my-programme');
    await page.getByTestId('my-programme-event').first().waitFor();
    const myEvents = await page.getByTestId('my-programme-event').allTextContents();
    await expect.poll(() => keptAnswers(page)).toContain('programme/mine');
    expect(myEvents.some((text) => text.includes(heldEvent.title.en ?? ''))).toBe(true);
    await openScreen(page, fairUrl(), `/programme/${openEvent.id}`);
    await page.getByTestId('event-sign-up').waitFor();
    await expect.poll(() => keptAnswers(page)).toContain('programme/event');
    // Each screen was a page of its own: what the earlier ones kept was restored and kept again.
    expect(await keptAnswers(page)).toEqual(
      expect.arrayContaining(['press-releases', 'programme/list', 'programme/mine', 'accreditation/mine']),
    );
    await appKeptForOffline(page);
    await expect.poll(() => keptAccounts(page)).toEqual([`account:${user.id}`]);

    // The network goes: a new tab opens the app from what the worker and the device kept.
    await context.setOffline(true);
    const offline = await context.newPage();
    await openScreen(offline, fairUrl(), '/exhibitors');
    await offline.getByTestId('exhibitor-entry').first().waitFor();
    expect(await offline.getByTestId('exhibitor-stand').allTextContents()).toEqual(stands);
    const notice = offline.getByTestId('offline-notice');
    await expect
      .poll(() => notice.textContent())
      .toMatch(/^You are offline\. What you see was saved on .+\.$/);
    expect(await offline.getByRole('status').filter({ has: notice }).count()).toBe(1);
    await expectNoAxeViolations(offline);

    await openScreen(offline, fairUrl(), '/programme');
    await offline.getByTestId('programme-event').first().waitFor();
    expect(await offline.getByTestId('programme-event').allTextContents()).toEqual(events);
    await openScreen(offline, fairUrl(), '/home');
    expect(await headingsOf(offline, 'release-list')).toEqual(releases);

    // At the door with no network: the badge's QR code reads back to the badge, its short code beside it.
    await openScreen(offline, fairUrl(), '/account/accreditation');
    await offline.getByTestId('badge-qr').waitFor();
    expect(await qrOnScreen(offline, 'badge-qr')).toBe(badge.badge_check_url);
    expect(await offline.getByTestId('badge-code').textContent()).toBe(badge.badge_code);
    await openScreen(offline, fairUrl(), '/account/my-programme');
    await offline.getByTestId('my-programme-event').first().waitFor();
    expect(await offline.getByTestId('my-programme-event').allTextContents()).toEqual(myEvents);
    // Signing up needs the server: the button says so rather than failing.
    await openScreen(offline, fairUrl(), `/programme/${openEvent.id}`);
    const signUp = offline.getByTestId('event-sign-up');
    await signUp.waitFor();
    expect(await signUp.isDisabled()).toBe(true);
    expect(await offline.locator('#signup-needs-connection').textContent()).toBe(
      'Needs a connection: you are offline.',
    );
    // The offline states pass axe in dark mode and in Arabic (right to left) as well.
    await offline.evaluate(() => localStorage.setItem('settings', JSON.stringify({ darkMode: true })));
    await offline.reload();
    await signUp.waitFor();
    await expectNoAxeViolations(offline);
    // In Arabic, the event was never asked for in that language: the notice says it comes with the network.
    await offline.evaluate(() => localStorage.setItem('language', 'ar'));
    await offline.reload();
    await offline.getByTestId('offline-missing').waitFor();
    expect(await offline.locator('html').getAttribute('dir')).toBe('rtl');
    await expectNoAxeViolations(offline);
    await offline.evaluate(() => {
      localStorage.setItem('language', 'en');
      localStorage.removeItem('settings');
    });

    // A form's text waits for the network; its sending says it needs one.
    await openScreen(offline, fairUrl(), '/contact-us');
    const message = offline.getByLabel('Message');
    await message.fill('Could we meet at your stand on Thursday?');
    expect(await offline.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    expect(await offline.getByTestId('needs-connection').textContent()).toBe(
      'Needs a connection: you are offline.',
    );
    await context.setOffline(false);
    await expect.poll(() => offline.getByRole('button', { name: 'Send' }).isDisabled()).toBe(false);
    expect(await message.inputValue()).toBe('Could we meet at your stand on Thursday?');
    expect(await offline.getByTestId('offline-notice').count()).toBe(0);

    // Signing out while offline leaves nothing of the account on the device.
    await context.setOffline(true);
    await offline.getByTestId('user-menu').click();
    await offline.getByTestId('logout').click();
    await expect.poll(() => keptAccounts(offline)).toEqual([]);
    const afterSignOut = await context.newPage();
    await openScreen(afterSignOut, fairUrl(), '/exhibitors');
    expect(await afterSignOut.getByTestId('exhibitor-entry').count()).toBe(0);
    await context.close();
  });
});
