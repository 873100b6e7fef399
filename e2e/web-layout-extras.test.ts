import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journeyUsers } from './journey-users.ts';
import { axeCheckOf } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import {
  animationsSettled,
  demoSeed,
  expectNotification,
  openScreen,
  presetLanguage,
  presetStoredItem,
  relaxedRateLimits,
  signInThroughApi,
  storedItem,
  webServerEnv,
} from './web-app.ts';

const journalist = journeyUsers.extrasJournalist;
const admin = journeyUsers.extrasAdministrator;
const screenshotDir = process.env.LAYOUT_EXTRAS_SCREENSHOTS ?? '';

async function shoot(page: Page, name: string) {
  if (!screenshotDir) return;
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: `${screenshotDir}/${name}.png` });
}

async function axeViolations(page: Page) {
  const results = await axeCheckOf(page).analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary}`),
  }));
}

/** The releases list of Home cannot be fetched (the network fails): the app holds the error. */
async function breakReleaseList(page: Page) {
  await page.route(/\/api\/press_room\/press_release\/\?/, (route) => route.abort('failed'));
}

async function openCustomizer(page: Page) {
  await page.getByTestId('customizer').click();
  await page.getByTestId('customizer-rtl').waitFor();
  // The drawer's slide transition has ended.
  await page.waitForFunction(() => {
    const paper = document.querySelector('.MuiDrawer-paper');
    return paper !== null && getComputedStyle(paper).transform === 'none';
  });
}

// The layout extras: floating error button with the crash-report dialog, the customizer's layout options
// kept per browser, and the five-step guided tour.
describe('layout extras in the browser', () => {
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

  async function newContext(language = 'en', width = 1366): Promise<BrowserContext> {
    const context = await browser.newContext({ locale: language, viewport: { width, height: 900 } });
    await presetLanguage(context, language);
    return context;
  }

  it('offers to report a failed call; the sent report is listed for the global administrator', async () => {
    const context = await newContext();
    try {
      await signInThroughApi(context, server.url, journalist);
      const page = await context.newPage();
      await breakReleaseList(page);
      await openScreen(page, server.url, '/home');
      const button = page.getByTestId('error-report-button');
      await button.waitFor({ timeout: 15_000 });
      await shoot(page, 'error-button-desktop');

      await button.click();
      const dialog = page.getByRole('dialog', { name: 'Report a problem' });
      await dialog.waitFor();
      expect(await dialog.locator('input[name=name]').inputValue()).toBe('Grace Hopper');
      expect(await dialog.locator('input[name=email]').inputValue()).toBe(journalist.email);
      // Focus starts in the dialog, on the comments.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('comments');
      await page.keyboard.type('I opened the home page.');
      await shoot(page, 'error-dialog-desktop');
      await dialog.getByTestId('error-report-send').click();
      await expectNotification(page, 'success', 'Your feedback has been sent. Thank you!');
      await button.waitFor({ state: 'detached' });

      const auth = await fetch(`${server.url}/api/account/token-auth/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(admin),
      });
      const { token } = (await auth.json()) as { token: string };
      const list = await fetch(`${server.url}/api/error_reports/`, {
        headers: { authorization: `JWT ${token}` },
      });
      expect(list.status).toBe(200);
      const body = (await list.json()) as { count: number; results: Record<string, unknown>[] };
      expect(body.count).toBe(1);
      expect(body.results[0]).toMatchObject({
        level: 'warning',
        name: 'Grace Hopper',
        email: journalist.email,
        comments: 'I opened the home page.',
        user: { email: journalist.email },
      });
      expect(String(body.results[0].message)).toMatch(/\(HTTP 0\)$/);
      expect(String(body.results[0].url)).toContain('#/home');
    } finally {
      await context.close();
    }
  });

  it('shows the guided tour after the first sign-in: five steps by keyboard, Escape closes it', async () => {
    const context = await newContext();
    try {
      const page = await context.newPage();
      await openScreen(page, server.url, '/account/login');
      await page.locator('input[name=email]').fill(journalist.email);
      await page.locator('input[name=password]').fill(journalist.password);
      await page.locator('form button[type=submit]').click();
      const tour = page.getByTestId('guided-tour');
      await tour.waitFor({ timeout: 15_000 });
      const steps: string[] = [];
      for (let step = 1; step <= 5; step += 1) {
        await page.waitForFunction(
          (n) =>
            document.querySelector('[data-testid=tour-progress]')?.textContent?.includes(`Step ${n} of 5`),
          step,
        );
        // Focus is on the main button: Enter walks on.
        expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
          'tour-next',
        );
        steps.push((await tour.getAttribute('data-step')) ?? '');
        if (step === 3) await shoot(page, 'tour-desktop');
        if (step < 5) await page.keyboard.press('Enter');
      }
      expect(steps).toEqual(['sidebarToggle', 'language', 'user', 'sidebar', 'content']);
      expect(await page.getByTestId('tour-next').textContent()).toBe('Done');
      await page.keyboard.press('Escape');
      await tour.waitFor({ state: 'detached' });
      expect(JSON.parse((await storedItem(page, 'settings')) ?? '{}').tourSeen).toBe(true);

      // Not again after a reload; restartable from the user menu.
      await page.reload();
      await page.locator('main').first().waitFor();
      // Settled: the header the tour would point at is shown, every module the app asked for has arrived (the
      // tour's among them, had it opened) and nothing is still moving in.
      await page.getByTestId('user-menu').waitFor();
      await page.waitForLoadState('networkidle');
      await animationsSettled(page);
      expect(await tour.count()).toBe(0);
      await page.getByTestId('user-menu').click();
      // The menu grows from the button: an item low in it moves until the growth ends, and a click aimed at
      // where it was may land on the backdrop instead, which closes the menu and starts nothing.
      await page.getByTestId('start-tour').waitFor();
      await animationsSettled(page);
      await page.getByTestId('start-tour').click();
      await tour.waitFor();
      await page.keyboard.press('Escape');
      await tour.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });

  it('keeps the router animation, the sidebar background and the right-to-left choice after a reload', async () => {
    const context = await newContext();
    try {
      await signInThroughApi(context, server.url, journalist);
      const page = await context.newPage();
      await openScreen(page, server.url, '/home');
      await openCustomizer(page);
      await page.getByTestId('customizer-background-image').check();
      await page.getByRole('radio', { name: 'Terrazzo' }).check();
      await page.getByTestId('customizer-sidebar-filter').getByRole('radio', { name: 'Wine' }).check();
      await page.getByTestId('customizer-header-filter').getByRole('radio', { name: 'Teal' }).check();
      await page.getByRole('radio', { name: 'Zoom in' }).check();
      // The switch turns right-to-left on after loading its style cache, so wait for the document instead.
      const rtl = page.getByLabel('Right-to-left layout');
      await rtl.click();
      await page.waitForFunction(() => document.documentElement.dir === 'rtl');
      expect(await rtl.isChecked()).toBe(true);
      await rtl.click();
      await page.waitForFunction(() => document.documentElement.dir === 'ltr');
      await page.keyboard.press('Escape');

      await page.reload();
      await page.locator('main').first().waitFor();
      expect(await page.locator('#app-sidebar').getAttribute('data-sidebar-image')).toBe('terrazzo');
      expect(await page.locator('header').first().getAttribute('data-header-filter')).toBe('teal');
      expect(JSON.parse((await storedItem(page, 'settings')) ?? '{}')).toMatchObject({
        backgroundImage: true,
        sidebarImage: 'terrazzo',
        sidebarFilter: 'wine',
        headerFilter: 'teal',
        routerAnimation: 'zoomIn',
        rtlLayout: false,
      });
      await openCustomizer(page);
      expect(await page.getByRole('radio', { name: 'Zoom in' }).isChecked()).toBe(true);
      expect(await page.getByRole('radio', { name: 'Terrazzo' }).isChecked()).toBe(true);
    } finally {
      await context.close();
    }
  });

  for (const language of ['en', 'ar']) {
    it(`passes axe with the customizer, the tour and the report dialog open (${language})`, async () => {
      for (const width of [1366, 390]) {
        const context = await newContext(language, width);
        try {
          await presetStoredItem(
            context,
            'settings',
            JSON.stringify({ backgroundImage: true, sidebarImage: 'majolica', headerFilter: 'wine' }),
            { unlessSet: true },
          );
          await signInThroughApi(context, server.url, journalist, language);
          const page = await context.newPage();
          await breakReleaseList(page);
          await openScreen(page, server.url, '/home');
          await page.getByTestId('loading-overlay').waitFor({ state: 'detached' });
          const found: Record<string, unknown> = {};

          await openCustomizer(page);
          await shoot(page, `customizer-${language}-${width}`);
          found.customizer = await axeViolations(page);
          await page.keyboard.press('Escape');
          await page.locator('.MuiDrawer-paper').waitFor({ state: 'detached' });

          await page.getByTestId('user-menu').click();
          await page.getByTestId('start-tour').click();
          await page.getByTestId('guided-tour').waitFor();
          for (let step = 0; step < 3; step += 1) {
            await page.waitForFunction(
              () => document.activeElement?.getAttribute('data-testid') === 'tour-next',
            );
            const from = await page.getByTestId('guided-tour').getAttribute('data-step');
            await page.keyboard.press('Enter');
            // The next step is shown, placed and focused (focus moves once the popper has placed itself).
            await page.waitForFunction(
              (from) =>
                document.querySelector('[data-testid=guided-tour]')?.getAttribute('data-step') !== from &&
                document.activeElement?.getAttribute('data-testid') === 'tour-next',
              from,
            );
          }
          await animationsSettled(page);
          await shoot(page, `tour-${language}-${width}`);
          found.tour = await axeViolations(page);
          await page.keyboard.press('Escape');

          await page.getByTestId('error-report-button').click();
          await page.getByTestId('error-report-dialog').getByRole('dialog').waitFor();
          await animationsSettled(page);
          await shoot(page, `report-${language}-${width}`);
          found.report = await axeViolations(page);
          expect(found).toEqual({ customizer: [], tour: [], report: [] });
        } finally {
          await context.close();
        }
      }
    });
  }
});
