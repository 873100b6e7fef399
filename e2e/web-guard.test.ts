import { apiPaths } from '@pressroom/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ar } from '../apps/web/src/app/i18n/locales/ar.ts';
import { de } from '../apps/web/src/app/i18n/locales/de.ts';
import { en } from '../apps/web/src/app/i18n/locales/en.ts';
import { es } from '../apps/web/src/app/i18n/locales/es.ts';
import { fr } from '../apps/web/src/app/i18n/locales/fr.ts';
import { he } from '../apps/web/src/app/i18n/locales/he.ts';
import { it as italian } from '../apps/web/src/app/i18n/locales/it.ts';
import { journeyUsers } from './journey-users.ts';
import { launchBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import {
  demoSeed,
  expectNotification,
  journalistPassword,
  relaxedRateLimits,
  storedItem,
  webServerEnv,
} from './web-app.ts';

const { email } = journeyUsers.guardedJournalist;
/**
 * Long enough that a busy machine does not outlive it in real time (the server's clock is real), short enough
 * that the lock screen (a minute before expiry) never comes into play; the browser's clock jumps past it.
 */
const tokenLifetimeSeconds = 30;

// The route guard of specification section 4, in the real browser against the real server.
describe('route guard in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const hash = () => page.evaluate(() => window.location.hash);

  beforeAll(async () => {
    server = await startServer({
      env: webServerEnv({ ...relaxedRateLimits, ACCESS_TOKEN_LIFETIME: `${tokenLifetimeSeconds}s` }),
      from: demoSeed(),
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  beforeEach(async () => {
    await context?.close();
    context = await browser.newContext({ locale: 'en-GB' });
    page = await context.newPage();
  });

  async function signInOnLoginScreen() {
    await page.locator('input[name=email]').fill(email);
    await page.locator('input[name=password]').fill(journalistPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectNotification(page, 'success', 'Login successful!');
  }

  it('sends a deep link to a protected route Home with the redirect, and lands there after sign-in', async () => {
    await page.goto(`${server.url}/#/account/user-profile`);
    await page.getByTestId('sign-in-required').waitFor();
    expect(await hash()).toBe('#/home?redirect=%2Faccount%2Fuser-profile');
    await page.getByTestId('sign-in-required').getByRole('link', { name: 'Sign in' }).click();
    await expect.poll(hash).toBe('#/account/login?redirect=%2Faccount%2Fuser-profile');
    await signInOnLoginScreen();
    await expect.poll(hash, { timeout: 5000 }).toBe('#/account/user-profile');
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
  });

  it('keeps the redirect when the visitor signs in from the header instead', async () => {
    await page.goto(`${server.url}/#/press-kit`);
    await page.getByTestId('sign-in-required').waitFor();
    await page.getByTestId('sign-in').click();
    await signInOnLoginScreen();
    await expect.poll(hash, { timeout: 5000 }).toBe('#/press-kit');
  });

  it('always lets the privacy notice through, signed out', async () => {
    await page.goto(`${server.url}/#/account/user-privacy`);
    await page.getByRole('heading', { name: 'Privacy notice', level: 1 }).waitFor();
    expect(await hash()).toBe('#/account/user-privacy');
    expect(await page.getByTestId('privacy-version').textContent()).toBe('Version 20261126');
  });

  it('shows the notice of 20261126 with what is counted in each of the seven languages', async () => {
    for (const [language, catalog] of Object.entries({ en, it: italian, fr, es, de, he, ar })) {
      const reader = await browser.newContext({ locale: language });
      const notice = await reader.newPage();
      await notice.goto(`${server.url}/#/account/user-privacy`);
      const { privacy } = catalog;
      const counting = notice.locator('section', {
        has: notice.getByRole('heading', { name: privacy.countingTitle, level: 2 }),
      });
      await counting.waitFor();
      expect([
        await notice.getByTestId('privacy-version').textContent(),
        await counting.textContent(),
      ]).toEqual([
        privacy.version.replace('{{version}}', '20261126'),
        `${privacy.countingTitle}${privacy.counting}`,
      ]);
      await reader.close();
    }
  });

  it('refreshes a valid token on navigation and stores the new one', async () => {
    await page.goto(`${server.url}/#/account/login`);
    await signInOnLoginScreen();
    await expect.poll(hash, { timeout: 5000 }).toBe('#/home');
    const first = await storedItem(page, 'token');
    // Token times have a one-second resolution: a refresh a second later is a different token.
    await page.waitForTimeout(1100);
    await page.getByRole('link', { name: 'Press kit' }).click();
    await expect.poll(() => storedItem(page, 'token')).not.toBe(first);
    expect(await storedItem(page, 'token')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('logs out an expired token and redirects Home with the wanted path', async () => {
    // The browser's clock is the test's, so the token's lifetime can pass at once.
    await page.clock.install();
    await page.goto(`${server.url}/#/account/login`);
    // Arriving Home refreshes the token: the clock jumps once that answer is in, so no refresh is in flight.
    const homeRefresh = page.waitForResponse((response) => response.url().endsWith(apiPaths.tokenRefresh));
    await signInOnLoginScreen();
    await expect.poll(hash, { timeout: 5000 }).toBe('#/home');
    expect((await homeRefresh).status()).toBe(200);
    await page.getByTestId('user-menu').waitFor();
    // Let the token die without navigating (no refresh happens meanwhile).
    await page.clock.fastForward((tokenLifetimeSeconds + 1.5) * 1000);
    await page.getByRole('link', { name: 'Press gallery' }).click();
    await expect.poll(hash).toBe('#/home?redirect=%2Fpress-gallery');
    expect(await storedItem(page, 'token')).toBeNull();
    expect(await storedItem(page, 'user')).toBeNull();
    await page.getByTestId('sign-in').waitFor();
    await page.getByTestId('sign-in-required').waitFor();
  });

  it('shows a not-found page for an unknown route and redirects the root to Home', async () => {
    await page.goto(`${server.url}/#/no-such-screen`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.goto(`${server.url}/#/`);
    await expect.poll(hash).toBe('#/home');
  });
});
