import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const { email } = journeyUsers.twoSitesJournalist;

// One server, two demo sites chosen by hostname (*.localhost resolves to loopback in Chromium), one account.
describe('two sites with one account', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({
      env: webServerEnv(relaxedRateLimits),
      from: demoSeed(),
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function releaseTitles(page: Page) {
    await page.getByTestId('release-list').waitFor();
    return page.getByTestId('release-list').getByRole('heading', { level: 2 }).allInnerTexts();
  }

  async function visit(hostname: string) {
    const page = await (await browser.newContext({ locale: 'en-GB' })).newPage();
    await page.goto(`${server.urlFor(hostname)}/#/home`);
    await page.getByTestId('site-name').waitFor();
    await expect.poll(() => page.getByTestId('site-name').textContent()).not.toBe('Press room');
    return page;
  }

  it('shows each site with its own name, group and releases', async () => {
    const fair = await visit('fair.localhost');
    const association = await visit('association.localhost');
    expect(await fair.getByTestId('site-name').textContent()).toBe('Tile Fair');
    expect(await association.getByTestId('site-name').textContent()).toBe('Ceramics Association');
    // The group is looked up once by the site's name and kept in local storage.
    expect(JSON.parse((await storedItem(fair, 'group')) ?? '{}').name).toBe('Tile Fair');
    expect(JSON.parse((await storedItem(association, 'group')) ?? '{}').name).toBe('Ceramics Association');
    const fairTitles = await releaseTitles(fair);
    const associationTitles = await releaseTitles(association);
    expect(fairTitles.length).toBeGreaterThan(0);
    expect(associationTitles.length).toBeGreaterThan(0);
    expect(fairTitles).not.toEqual(associationTitles);
    expect(await fair.title()).toBe('Press releases · Tile Fair');
  });

  it('signs the same account in on both sites', async () => {
    for (const hostname of ['fair.localhost', 'association.localhost']) {
      const page = await visit(hostname);
      await page.getByTestId('sign-in').click();
      await page.locator('input[name=email]').fill(email);
      await page.locator('input[name=password]').fill(journalistPassword);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expectNotification(page, 'success', 'Login successful!');
      await page.getByRole('link', { name: 'Press gallery' }).waitFor();
      expect(JSON.parse((await storedItem(page, 'user')) ?? '{}').email).toBe(email);
    }
  });
});
