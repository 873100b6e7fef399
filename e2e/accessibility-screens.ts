/**
 * The screens the accessibility journeys check with axe (not a test file), and the check itself: each screen in
 * a fresh browser context of its language and colour mode. The journeys split the variants between files so
 * that two can run at once.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journeyUsers } from './journey-users.ts';
import { axeCheckOf } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import {
  animationsSettled,
  demoSeed,
  pointerMoved,
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

export interface Screen {
  name: string;
  route: string;
  signedIn?: boolean;
  prepare?: (page: Page) => Promise<void>;
}

export const screens: Screen[] = [
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
    name: 'pictures search',
    route: '/pictures?search=ceramica',
    signedIn: true,
    prepare: async (page) => {
      await page.getByTestId('picture-result').first().waitFor();
    },
  },
  {
    name: 'language menu open',
    route: '/home',
    prepare: async (page) => {
      await pointerMoved(page);
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
      await pointerMoved(page);
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

/** The main screens, also checked in dark mode. */
export const darkScreens = screens.filter((screen) =>
  [
    'home',
    'home signed in',
    'login with errors',
    'sign-up with errors',
    'profile',
    'pictures search',
  ].includes(screen.name),
);

/** Opens the screen in a fresh context of the language (and dark mode) and expects axe to find nothing. */
async function expectNoViolations(
  browser: Browser,
  serverUrl: string,
  screen: Screen,
  { language, dark }: { language: string; dark: boolean },
) {
  const context = await browser.newContext({
    locale: language,
    viewport: { width: 1366, height: 900 },
  });
  try {
    await presetLanguage(context, language);
    if (dark) {
      await presetDarkMode(context);
    }
    if (screen.signedIn) await signInThroughApi(context, serverUrl, journalist, language);
    const page = await context.newPage();
    await page.goto(`${serverUrl}/#${screen.route}`);
    await page.locator('main').first().waitFor();
    await page.getByTestId('loading-overlay').waitFor({ state: 'detached' });
    await page.waitForLoadState('networkidle');
    await screen.prepare?.(page);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
    const results = await axeCheckOf(page).analyze();
    const violations = results.violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary}`),
    }));
    expect(violations).toEqual([]);
  } finally {
    await context.close();
  }
}

/** One variant of the check: the screens, in a language, light or dark. */
export interface AccessibilityVariant {
  name: string;
  language: string;
  dark: boolean;
  screens: Screen[];
}

/** The axe journey of the variants: one server on a copy of the demo, one browser, a test per screen. */
export function describeAccessibility(variants: AccessibilityVariant[]) {
  describe('accessibility of every screen (axe)', () => {
    let server: RunningServer;
    let browser: Browser;

    beforeAll(async () => {
      server = await startServer({ env: webServerEnv(relaxedRateLimits), from: demoSeed() });
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    for (const { name, language, dark, screens: variantScreens } of variants) {
      describe(name, () => {
        it.each(variantScreens.map((screen) => [screen.name, screen] as const))('%s', (_name, screen) =>
          expectNoViolations(browser, server.url, screen, { language, dark }),
        );
      });
    }
  });
}
