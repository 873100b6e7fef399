import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journeyUsers } from './journey-users.ts';
import { launchBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import {
  animationsSettled,
  demoSeed,
  presetDarkMode,
  presetLanguage,
  relaxedRateLimits,
  signInThroughApi,
  webServerEnv,
} from './web-app.ts';

const journalist = journeyUsers.axeJournalist;
const expiredLink = 'user_id=1&timestamp=1700000000&signature=expired';

/** A menu has finished opening (its grow transition ends fully opaque). */
async function menuOpened(page: Page) {
  await page.getByRole('menu').waitFor();
  await page.waitForFunction(() => {
    const paper = document.querySelector('[role=menu]')?.closest('.MuiPaper-root');
    return paper !== null && paper !== undefined && getComputedStyle(paper).opacity === '1';
  });
}

interface Screen {
  name: string;
  route: string;
  signedIn?: boolean;
  prepare?: (page: Page) => Promise<void>;
}

const screens: Screen[] = [
  { name: 'home', route: '/home' },
  { name: 'home asking to sign in', route: '/home?redirect=%2Fpress-kit' },
  { name: 'home signed in', route: '/home', signedIn: true },
  { name: 'a press release', route: '/home/press-release/1' },
  { name: 'privacy notice', route: '/account/user-privacy' },
  { name: 'not found', route: '/nowhere' },
  { name: 'login', route: '/account/login' },
  {
    name: 'login with errors',
    route: '/account/login',
    prepare: async (page) => {
      await page.locator('form button[type=submit]').click();
      await page.locator('[aria-invalid=true]').first().waitFor();
    },
  },
  { name: 'sign-up', route: '/account/sign-up' },
  {
    name: 'sign-up with errors',
    route: '/account/sign-up',
    prepare: async (page) => {
      await page.locator('input[name=password]').fill('abc');
      await page.locator('form button[type=submit]').click();
      await page.locator('[aria-invalid=true]').first().waitFor();
    },
  },
  { name: 'forgot password', route: '/account/forgot-password' },
  { name: 'reset password', route: `/account/reset-password/${expiredLink}` },
  {
    name: 'verify account, expired link',
    route: `/account/verify-account/${expiredLink}`,
    prepare: (page) => page.locator('input[name=email]').waitFor(),
  },
  {
    name: 'profile',
    route: '/account/user-profile',
    signedIn: true,
    prepare: (page) => page.getByTestId('edit-profile').waitFor(),
  },
  {
    name: 'profile editor',
    route: '/account/user-profile',
    signedIn: true,
    prepare: async (page) => {
      await page.getByTestId('edit-profile').click();
      await page.locator('input[name=newspaper]').waitFor();
    },
  },
  { name: 'change password', route: '/account/change-password/', signedIn: true },
  { name: 'lock screen', route: '/account/lock-screen?redirect=%2Fhome', signedIn: true },
  { name: 'press area section', route: '/press-gallery', signedIn: true },
  {
    name: 'language menu open',
    route: '/home',
    prepare: async (page) => {
      await page.getByTestId('language-menu').click();
      await menuOpened(page);
    },
  },
  {
    name: 'user menu open',
    route: '/home',
    signedIn: true,
    prepare: async (page) => {
      await page.getByTestId('user-menu').click();
      await menuOpened(page);
    },
  },
  {
    name: 'customizer open',
    route: '/home',
    prepare: async (page) => {
      await page.getByTestId('customizer').click();
      await page.getByRole('radiogroup').first().waitFor();
      await animationsSettled(page);
    },
  },
  {
    name: 'notification shown',
    route: '/account/login',
    prepare: async (page) => {
      await page.locator('input[name=email]').fill('nobody@example.com');
      await page.locator('input[name=password]').fill('Wrong-password1');
      await page.locator('form button[type=submit]').click();
      const notification = page.getByTestId('notification-error');
      await notification.waitFor();
      // axe measures contrast as painted: wait until the notification has finished fading in.
      await notification.evaluate((element) =>
        Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
      );
    },
  },
];

// axe finds no violations on any screen of the web application's shell and account pages, in English
// (left-to-right) and Arabic (right-to-left), and on the main ones in dark mode.
describe('accessibility of every screen (axe)', () => {
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

  const darkScreens = ['home', 'home signed in', 'login with errors', 'sign-up with errors', 'profile'];
  const variants = [
    { name: 'en', language: 'en', dark: false, screens },
    { name: 'ar', language: 'ar', dark: false, screens },
    {
      name: 'en, dark mode',
      language: 'en',
      dark: true,
      screens: screens.filter((screen) => darkScreens.includes(screen.name)),
    },
  ];
  for (const { name, language, dark, screens: variantScreens } of variants) {
    describe(name, () => {
      it.each(variantScreens.map((screen) => [screen.name, screen] as const))('%s', async (_name, screen) => {
        const context = await browser.newContext({
          locale: language,
          viewport: { width: 1366, height: 900 },
        });
        try {
          await presetLanguage(context, language);
          if (dark) {
            await presetDarkMode(context);
          }
          if (screen.signedIn) await signInThroughApi(context, server.url, journalist, language);
          const page = await context.newPage();
          await page.goto(`${server.url}/#${screen.route}`);
          await page.locator('main').first().waitFor();
          await page.getByTestId('loading-overlay').waitFor({ state: 'detached' });
          await page.waitForLoadState('networkidle');
          await screen.prepare?.(page);
          expect(await page.evaluate(() => document.documentElement.dir)).toBe(
            language === 'ar' ? 'rtl' : 'ltr',
          );
          const results = await new AxeBuilder({ page }).analyze();
          const violations = results.violations.map((violation) => ({
            rule: violation.id,
            impact: violation.impact,
            nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary}`),
          }));
          expect(violations).toEqual([]);
        } finally {
          await context.close();
        }
      });
    });
  }
});
