import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startJourney } from './journey-support.ts';
import { journeyUsers } from './journey-users.ts';
import { axeCheckOf } from './support/axe.ts';
import { startServer } from './support/server.ts';
import { demoSeed, presetDarkMode, presetLanguage, signInThroughApi, webServerEnv } from './web-app.ts';

const journalist = journeyUsers.firstScreenJournalist;

/** Every request the page makes, by path. */
function requestsOf(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => paths.push(new URL(request.url()).pathname));
  return paths;
}

const appScript = (path: string) => /^\/assets\/app-[\w-]+\.js$/.test(path);

/**
 * Holds the app's script on its way until the returned function lets it go: the page starts the app by itself
 * once it has been idle for a few seconds, and a check slower than that (axe on a busy machine) must still read
 * the served screen, as a reader on a slow network would have it.
 */
async function holdAppScript(context: BrowserContext): Promise<() => Promise<void>> {
  let letGo = () => {};
  const goes = new Promise<void>((resolve) => {
    letGo = resolve;
  });
  await context.route(
    (url) => appScript(url.pathname),
    async (route) => {
      await goes;
      await route.continue();
    },
  );
  return async () => {
    letGo();
    await context.unrouteAll({ behavior: 'wait' });
  };
}

// The list's calls, not the covers' files (which the served screen's pictures ask for).
const listCalls = (path: string) =>
  path.startsWith('/api/press_room/press_release') && !path.startsWith('/api/press_room/press_release_file/');

async function axeViolations(page: Page) {
  const results = await axeCheckOf(page).analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary}`),
  }));
}

// Home's first screen is in index.html (decision 15): a reader has the list before any script of the app, which
// starts when they act or the page has been idle, and shows the same list from the answers served with it.
describe("Home's first screen served with the page", () => {
  const journey = startJourney(() =>
    startServer({
      env: webServerEnv(),
      from: demoSeed(),
    }),
  );

  async function open(
    options: BrowserContextOptions & { language?: string; dark?: boolean } = {},
    { holdingAppScript = false } = {},
  ) {
    const { language, dark, ...contextOptions } = options;
    const context = await journey.browser.newContext({
      locale: 'en-GB',
      viewport: { width: 1366, height: 900 },
      ...contextOptions,
    });
    if (language) await presetLanguage(context, language);
    if (dark) {
      await presetDarkMode(context);
    }
    const letAppGo = holdingAppScript ? await holdAppScript(context) : async () => {};
    const page = await context.newPage();
    const requests = requestsOf(page);
    await page.goto(`${journey.server.url}/#/home`);
    return { context, page, requests, letAppGo };
  }

  const servedTitles = (page: Page) => page.locator('#first-screen .fs-card-title').allInnerTexts();

  it('shows the list before any script of the app, and the app takes over with the same list without asking again', async () => {
    const { context, page, requests } = await open();
    await page.locator('#first-screen').waitFor();
    const served = await servedTitles(page);
    expect(served.length).toBeGreaterThan(0);
    // The site's featured releases come first, each under its cover.
    const servedFeatured = await page.locator('#first-screen .fs-feature-title').allInnerTexts();
    expect(servedFeatured).toHaveLength(2);
    expect(await page.locator('#first-screen .fs-feature img.fs-feature-cover').count()).toBe(2);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Press releases');
    expect(requests.filter(appScript)).toEqual([]);
    expect(requests.filter(listCalls)).toEqual([]);

    // A pointer event without movement, as the browser sends while the page lays out, is not the reader acting.
    await page.mouse.move(0, 0);
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))),
    );
    expect(requests.filter(appScript)).toEqual([]);

    // The reader moves the pointer: the app starts.
    await page.mouse.move(400, 300);
    await page.getByTestId('release-list').waitFor();
    expect(await page.getByTestId('release-list').getByRole('heading', { level: 2 }).allInnerTexts()).toEqual(
      served,
    );
    expect(
      await page.getByTestId('featured-release').getByRole('heading', { level: 3 }).allInnerTexts(),
    ).toEqual(servedFeatured);
    expect(await page.locator('#first-screen').count()).toBe(0);
    expect(requests.filter(appScript)).toHaveLength(1);
    expect(requests.filter(listCalls)).toEqual([]);
    await context.close();
  });

  it('starts the app by itself once the page has been idle', async () => {
    const { context, page } = await open();
    await page.locator('#first-screen').waitFor();
    await page.getByTestId('language-menu').waitFor({ timeout: 20_000 });
    await context.close();
  });

  it('passes axe before the app starts: light, dark, and Arabic right to left', async () => {
    for (const options of [{}, { dark: true }, { locale: 'ar', language: 'ar' }]) {
      const { context, page, letAppGo } = await open(options, { holdingAppScript: true });
      await page.locator('#first-screen').waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(options.language ? 'rtl' : 'ltr');
      expect(await axeViolations(page), JSON.stringify(options)).toEqual([]);
      // Still the served screen that axe read: its list, and no app in the page.
      expect((await servedTitles(page)).length).toBeGreaterThan(0);
      expect(await page.getByTestId('release-list').count()).toBe(0);
      await letAppGo();
      await context.close();
    }
  });

  it("lets a reader type in the served search and go on in the app's, which searches all they typed", async () => {
    const { context, page } = await open();
    await page.locator('#first-screen-search').click();
    await page.keyboard.type('fair', { delay: 80 });
    const search = page.getByTestId('release-search');
    await search.waitFor();
    await expect.poll(() => search.inputValue()).toBe('fair');
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#/home?q=fair');
    expect(await search.evaluate((input) => input === document.activeElement)).toBe(true);
    await context.close();
  });

  it('opens a release from the served list in the app', async () => {
    const { context, page } = await open();
    const first = page.locator('#first-screen .fs-list a').first();
    const title = (await first.locator('h2').textContent()) ?? '';
    await first.click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await page.evaluate(() => window.location.hash)).toMatch(/^#\/press-release\/\d+$/);
    await context.close();
  });

  it('serves no list to a signed-in reader (who may see more): the app starts at once', async () => {
    const context = await journey.browser.newContext({
      locale: 'en-GB',
      viewport: { width: 1366, height: 900 },
    });
    await signInThroughApi(context, journey.server.url, journalist, 'en');
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/#/home`);
    // The page's script did not keep the served screen: nothing marked it, the app is on its way.
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-first-screen'))).toBe(false);
    await page.getByTestId('user-menu').waitFor();
    await page.getByTestId('release-list').waitFor();
    await context.close();
  });
});
