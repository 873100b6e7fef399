import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { desktop, startJourney } from './journey-support.ts';
import { expectNoAxeViolations, journalist, startPressServer } from './press-content-support.ts';
import { openScreen } from './web-app.ts';

const fair = 'fair.localhost';

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

/** The answers the app keeps on this device for the account, by the start of their keys. */
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
                value.state.queries.map((query) => String(query.queryKey[0])),
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
    await expect.poll(() => keptAnswers(page)).toContain('programme');
    await openScreen(page, fairUrl(), '/exhibitors');
    await page.getByTestId('exhibitor-entry').first().waitFor();
    const stands = await page.getByTestId('exhibitor-stand').allTextContents();
    expect(stands.length).toBeGreaterThan(0);
    await expect.poll(() => keptAnswers(page)).toContain('exhibitor-directory');
    // Each screen was a page of its own: what the earlier ones kept was restored and kept again.
    expect(await keptAnswers(page)).toEqual(expect.arrayContaining(['press-releases', 'programme']));
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
