/**
 * Helpers for the browser journeys of the web app (not a test file): open a screen of the hash-routed app,
 * sign in through the API, and read what the app keeps in local storage.
 */
import { apiPaths, type GalleryTreeNode } from '@pressroom/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { journeyUsers } from './journey-users.ts';
import type { SeedCopy } from './support/server.ts';

export { journalistPassword } from './journey-users.ts';

/** Environment of a journey's server: this run's copy of the built web app (see build-web.ts). */
export function webServerEnv(extra: Record<string, string> = {}): Record<string, string> {
  return { WEB_DIST_DIR: inject('webDistDir'), ...extra };
}

/**
 * The demo sites and content with every journey's users (journey-users.ts), seeded once for the run
 * (demo-seed-setup.ts): `startServer({ from: demoSeed() })` starts on a copy of it.
 */
export function demoSeed(): SeedCopy {
  return inject('demoSeed');
}

/** Rate limits high enough for a test that signs in and mails many times from one address. */
export const relaxedRateLimits: Record<string, string> = {
  RATE_LIMIT_SIGN_IN_PER_IP: '1000/1m',
  RATE_LIMIT_SIGN_IN_PER_EMAIL: '1000/1m',
  RATE_LIMIT_SIGN_IN_FAILURES_PER_EMAIL: '1000/1m',
  RATE_LIMIT_CONTACT_PER_USER: '1000/1m',
  RATE_LIMIT_CONTACT_PER_IP: '1000/1m',
  RATE_LIMIT_REGISTER_PER_IP: '1000/1m',
  RATE_LIMIT_MAIL_PER_IP: '1000/1m',
  RATE_LIMIT_MAIL_PER_EMAIL: '1000/1m',
};

/**
 * Loads an address of the app in a new document, as a reader opening a link does. A page already on the app
 * would otherwise only change its hash: Playwright's goto then returns before the router has moved, the last
 * screen still shown (a field filled then belongs to it) and its requests still in flight.
 */
export async function visit(page: Page, url: string) {
  const current = page.url();
  if (current.startsWith('http') && new URL(current).origin === new URL(url).origin) {
    await page.goto('about:blank');
  }
  return page.goto(url);
}

/**
 * The reader's first act, a pointer move: Home may come first as the first screen served with the page
 * (decision 15), whose app starts at that act (or after some seconds idle), as a reader's pointer would start it
 * on the way to a control of the app.
 */
export async function pointerMoved(page: Page) {
  await page.mouse.move(1, 1);
}

/** Opens a client route (hash routing) and waits until the app has rendered its main landmark. */
export async function openScreen(page: Page, baseUrl: string, route: string) {
  await visit(page, `${baseUrl}/#${route}`);
  await pointerMoved(page);
  await page.locator('main#main-content').waitFor();
}

/** Signs in through the API and stores token and user the way the app does, for every page of the context. */
export async function signInThroughApi(
  context: BrowserContext,
  baseUrl: string,
  credentials: { email: string; password: string },
  language?: string,
) {
  const response = await fetch(`${baseUrl}/api/account/token-auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (!response.ok) throw new Error(`token-auth answered ${response.status}: ${await response.text()}`);
  const { token, user } = (await response.json()) as { token: string; user: unknown };
  await context.addInitScript(
    ({ token, user, language }) => {
      // Not on the blank page a new page starts on: its storage is closed to scripts.
      if (window.location.protocol === 'about:') return;
      if (window.sessionStorage.getItem('seeded')) return;
      window.sessionStorage.setItem('seeded', '1');
      window.localStorage.setItem('token', token);
      window.localStorage.setItem('user', JSON.stringify(user));
      if (language) window.localStorage.setItem('language', language);
    },
    { token, user, language },
  );
  return { token, user };
}

/** Chooses the interface language before the app starts (as a returning visitor who chose it). */
export async function presetLanguage(context: BrowserContext, language: string) {
  await presetStoredItem(context, 'language', language, { unlessSet: true });
}

/**
 * Stores an item in local storage before the app starts, on every page of the context (unless already set, if
 * asked: what the app or the test stored since stays). Not on the blank page a new page starts on, whose
 * storage is closed to scripts.
 */
export async function presetStoredItem(
  context: BrowserContext,
  key: string,
  value: string,
  options: { unlessSet?: boolean } = {},
) {
  await context.addInitScript(
    ({ key, value, unlessSet }) => {
      if (window.location.protocol === 'about:') return;
      if (unlessSet && window.localStorage.getItem(key) !== null) return;
      window.localStorage.setItem(key, value);
    },
    { key, value, unlessSet: options.unlessSet === true },
  );
}

/** The settings of a reader who chose dark mode, stored before the app starts. */
export const presetDarkMode = (context: BrowserContext) =>
  presetStoredItem(context, 'settings', JSON.stringify({ darkMode: true }));

export async function storedItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((key) => window.localStorage.getItem(key), key);
}

/**
 * Waits until nothing on the page is still moving: every finite animation and transition (a dialog fading in,
 * a menu growing) has finished, so what is measured or screenshot is what stays. Endless ones (a progress bar)
 * are left running.
 */
export async function animationsSettled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
}

/** Waits for a success or error notification with exactly this text (fails after the timeout). */
export async function expectNotification(page: Page, severity: 'success' | 'error', text: string) {
  await page
    .getByTestId(`notification-${severity}`)
    .filter({ hasText: new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`) })
    .waitFor({ timeout: 10_000 });
}

/**
 * The demo's archive of pictures on the site at this address, as the seed named it after the demo's past edition
 * (apps/api/src/demo/demo-calendar.ts, a year before the coming fair): its top category ("Tile Fair 2025") and
 * the gallery of its halls ("September 2025"), in English. Read from the server, which seeded them on its own
 * day.
 */
export async function demoArchive(baseUrl: string) {
  const response = await fetch(`${baseUrl}/api/account/token-auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(journeyUsers.journalist),
  });
  if (!response.ok) throw new Error(`token-auth answered ${response.status}: ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  const tree = (await (
    await fetch(`${baseUrl}${apiPaths.galleryTree}`, { headers: { authorization: `JWT ${token}` } })
  ).json()) as GalleryTreeNode[];
  const [edition] = tree;
  const halls = edition.childs[0].childs[0].galleries[0];
  return { category: edition.name.en, halls: halls.name.en };
}

/**
 * Opens the press gallery's tree down to a gallery and chooses it, as a reader clicks: each category in turn,
 * then the gallery (its name as the tree shows it, with its count). A click on the gallery while its category
 * is still opening can be lost (seen with two journeys at a time), so it is clicked again until the address
 * names a gallery.
 */
export async function chooseGalleryInTree(page: Page, categories: string[], gallery: string) {
  const tree = page.getByTestId('gallery-tree');
  for (const category of categories) await tree.getByText(category, { exact: true }).click();
  await expect
    .poll(async () => {
      await tree.getByText(gallery, { exact: true }).click();
      return page.evaluate(() => window.location.hash);
    })
    .toMatch(/[?&]gallery=\d+/);
}
