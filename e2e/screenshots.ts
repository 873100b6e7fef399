/**
 * `npm run screenshots`: every screen of the web app, in English and Arabic, at desktop (1366x900) and
 * phone (390 px wide) sizes, saved as PNG files in screenshots/ (git-ignored), to be looked at by a person.
 * Starts its own server (demo content, a journalist) and builds the web app first when it is stale.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { buildWebIfStale } from './build-web.ts';
import { launchBrowser } from './support/browser.ts';
import { repoRoot, startServer } from './support/server.ts';
import { journalistPassword, presetLanguage, relaxedRateLimits, signInThroughApi } from './web-app.ts';

const outputDir = path.join(repoRoot, 'screenshots');
const journalist = { email: 'journalist@example.com', password: journalistPassword };
const viewports = {
  desktop: { width: 1366, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

interface Screen {
  name: string;
  route: string;
  signedIn: boolean;
  /** Something to do before the picture (open a menu, fill a form). */
  prepare?: (page: import('playwright-core').Page) => Promise<void>;
}

async function main() {
  buildWebIfStale();
  await mkdir(outputDir, { recursive: true });
  const server = await startServer({
    env: relaxedRateLimits,
    cli: [
      ['seed-demo'],
      [
        'create-user',
        '--email',
        journalist.email,
        '--password',
        journalist.password,
        '--first-name',
        'Giulia',
        '--last-name',
        'Bianchi',
        '--groups',
        'user_press_room',
      ],
    ],
  });
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const list = await fetch(`${server.url}/api/press_room/press_release/?format=datatables&length=1`);
    const firstRelease = ((await list.json()) as { data: { id: number }[] }).data[0]?.id ?? 1;
    const link = 'user_id=1&timestamp=1700000000&signature=expired';
    const screens: Screen[] = [
      { name: 'home', route: '/home', signedIn: false },
      { name: 'home-signed-in', route: '/home', signedIn: true },
      { name: 'home-redirect', route: '/home?redirect=%2Fpress-gallery', signedIn: false },
      { name: 'press-release', route: `/home/press-release/${firstRelease}`, signedIn: false },
      { name: 'privacy', route: '/account/user-privacy', signedIn: false },
      { name: 'not-found', route: '/no-such-page', signedIn: false },
      { name: 'login', route: '/account/login', signedIn: false },
      {
        name: 'login-error',
        route: '/account/login',
        signedIn: false,
        prepare: async (page) => {
          await page.getByLabel(/e-mail|البريد/i).first().fill('nobody@example.com');
          await page.locator('input[type=password]').fill('Wrong-password1!');
          await page.locator('form button[type=submit]').click();
          await page.getByTestId('notification-error').waitFor();
        },
      },
      { name: 'sign-up', route: '/account/sign-up', signedIn: false },
      {
        name: 'sign-up-errors',
        route: '/account/sign-up',
        signedIn: false,
        prepare: async (page) => {
          await page.locator('input[name=password]').fill('abc');
          await page.locator('form button[type=submit]').click();
          await page.waitForTimeout(300);
        },
      },
      { name: 'forgot-password', route: '/account/forgot-password', signedIn: false },
      { name: 'reset-password', route: `/account/reset-password/${link}`, signedIn: false },
      { name: 'verify-account-expired', route: `/account/verify-account/${link}`, signedIn: false },
      { name: 'profile', route: '/account/user-profile', signedIn: true },
      {
        name: 'profile-edit',
        route: '/account/user-profile',
        signedIn: true,
        prepare: async (page) => {
          await page.getByTestId('edit-profile').click();
          await page.locator('form').waitFor();
        },
      },
      { name: 'change-password', route: '/account/change-password/', signedIn: true },
      { name: 'lock-screen', route: '/account/lock-screen?redirect=%2Fhome', signedIn: true },
      { name: 'press-gallery', route: '/press-gallery', signedIn: true },
      {
        name: 'language-menu',
        route: '/home',
        signedIn: false,
        prepare: async (page) => {
          await page.getByTestId('language-menu').click();
          await page.getByTestId('language-it').waitFor();
        },
      },
      {
        name: 'user-menu',
        route: '/home',
        signedIn: true,
        prepare: async (page) => {
          await page.getByTestId('user-menu').click();
          await page.getByTestId('logout').waitFor();
        },
      },
      {
        name: 'sidebar-open',
        route: '/home',
        signedIn: true,
        prepare: async (page) => {
          await page.getByTestId('sidebar-toggle').click();
          await page.waitForTimeout(400);
        },
      },
    ];
    let count = 0;
    for (const language of ['en', 'ar']) {
      for (const [viewportName, viewport] of Object.entries(viewports)) {
        for (const screen of screens) {
          const context = await browser.newContext({ viewport, locale: language === 'ar' ? 'ar' : 'en-GB' });
          await presetLanguage(context, language);
          if (screen.signedIn) await signInThroughApi(context, server.url, journalist, language);
          const page = await context.newPage();
          await page.goto(`${server.url}/#${screen.route}`);
          await page.locator('main').first().waitFor();
          await page.waitForLoadState('networkidle');
          await page.waitForTimeout(250);
          await screen.prepare?.(page);
          const file = path.join(outputDir, `${screen.name}.${language}.${viewportName}.png`);
          await page.screenshot({ path: file, fullPage: true });
          count += 1;
          await context.close();
        }
      }
    }
    console.log(`${count} screenshots in ${outputDir}`);
  } finally {
    await browser?.close();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
