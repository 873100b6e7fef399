/**
 * `npm run screenshots`: every screen of the web app, in English and Arabic, at desktop (1366x900) and
 * phone (360 px wide) sizes, saved as PNG files in screenshots/ (git-ignored), to be looked at by a person.
 * Starts its own server (demo content, a journalist) and builds the web app first when it is stale.
 * SCREENSHOTS_ONLY narrows it to the screens whose name contains that text (or one of a comma-separated list).
 */
import { mkdir, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { demoJournalistPassword, demoJournalists } from '../apps/api/src/demo/demo-journalists.ts';
import { demoAdministrator } from '../apps/api/src/demo/seed-demo.ts';
import { buildWebIfStale, snapshotWebBuild } from './build-web.ts';
import { contentAdminScreens } from './content-admin-screens.ts';
import { demoSeedCommands, journeyUsers, writeJourneyUsersFile } from './journey-users.ts';
import { launchBrowser } from './support/browser.ts';
import { repoRoot, startServer } from './support/server.ts';
import { demoArchive, presetLanguage, relaxedRateLimits, signInThroughApi } from './web-app.ts';

const outputDir = path.join(repoRoot, 'screenshots');
const journalist = journeyUsers.journalist;
const viewports = {
  desktop: { width: 1366, height: 900 },
  // The narrowest common phone: what fits there fits on every phone (SCREENSHOTS_PHONE_WIDTH: another width).
  phone: { width: Number(process.env.SCREENSHOTS_PHONE_WIDTH) || 360, height: 800 },
} as const;

interface Screen {
  name: string;
  route: string;
  signedIn: boolean;
  /** In dark mode (UI setting). */
  dark?: boolean;
  /** Who signs in when signedIn (default: the journalist). */
  as?: { email: string; password: string };
  /** A page the server renders (a public release page), not a route of the web app. */
  serverPage?: boolean;
  /** Something to do before the picture (open a menu, fill a form). */
  prepare?: (page: import('playwright-core').Page) => Promise<void>;
}

/** The newest public release with an image (for the preview picture), else the given one. */
async function releaseWithImage(baseUrl: string, fallback: number): Promise<number> {
  const list = await fetch(`${baseUrl}/api/press_room/press_release/?format=datatables&length=20`);
  for (const { id } of ((await list.json()) as { data: { id: number }[] }).data) {
    const release = (await (await fetch(`${baseUrl}/api/press_room/press_release/${id}/`)).json()) as {
      images: unknown[];
    };
    if (release.images.length > 0) return id;
  }
  return fallback;
}

/** The newest public release with approved coverage on the site, else the given one. */
async function releaseWithCoverage(baseUrl: string, fallback: number): Promise<number> {
  const list = await fetch(`${baseUrl}/api/press_room/press_release/?format=datatables&length=20`);
  for (const { id } of ((await list.json()) as { data: { id: number }[] }).data) {
    const coverage = (await (await fetch(`${baseUrl}/api/site/coverage/releases/${id}/`)).json()) as {
      data: unknown[];
    };
    if (coverage.data.length > 0) return id;
  }
  return fallback;
}

/** The newest public release with a video (the demo's), else the given one. */
async function releaseWithVideo(baseUrl: string, fallback: number): Promise<number> {
  const list = await fetch(`${baseUrl}/api/press_room/press_release/?format=datatables&length=20`);
  for (const { id } of ((await list.json()) as { data: { id: number }[] }).data) {
    const release = (await (await fetch(`${baseUrl}/api/press_room/press_release/${id}/`)).json()) as {
      videos?: unknown[];
    };
    if ((release.videos?.length ?? 0) > 0) return id;
  }
  return fallback;
}

async function main() {
  await buildWebIfStale();
  await mkdir(outputDir, { recursive: true });
  // A private copy of the build: a rebuild meanwhile must not swap the files under the server.
  const build = snapshotWebBuild();
  const server = await startServer({
    env: { ...relaxedRateLimits, WEB_DIST_DIR: build.dir },
    cli: demoSeedCommands(
      await writeJourneyUsersFile(await mkdtemp(path.join(os.tmpdir(), 'pressroom-users-'))),
    ),
  });
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const list = await fetch(`${server.url}/api/press_room/press_release/?format=datatables&length=1`);
    const firstRelease = ((await list.json()) as { data: { id: number }[] }).data[0]?.id ?? 1;
    const link = 'user_id=1&timestamp=1700000000&signature=expired';
    const firstPage = (
      (await (await fetch(`${server.url}/api/press_room/press_release/?page_size=1`)).json()) as {
        results: { page_path: string | null }[];
      }
    ).results[0]?.page_path;
    const firstExhibitor = (
      (await (await fetch(`${server.url}/api/site/exhibitors/?page_size=1`)).json()) as {
        results: { id: number }[];
      }
    ).results[0]?.id;
    const firstCompany = (
      (await (await fetch(`${server.url}/api/site/exhibitors/?page_size=1`)).json()) as {
        results: { company: { id: number } }[];
      }
    ).results[0]?.company.id;
    // The journeys' company administrator administers the first exhibitor's company: its profile offers the
    // coverage mail.
    if (firstCompany) {
      const admin = (await (
        await fetch(`${server.url}/api/account/token-auth/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(demoAdministrator),
        })
      ).json()) as { token: string };
      const auth = { authorization: `JWT ${admin.token}`, 'content-type': 'application/json' };
      const users = (await (
        await fetch(`${server.url}/api/back_office/users/?page_size=100`, { headers: auth })
      ).json()) as { results: { id: number; email: string }[] };
      const boss = users.results.find((user) => user.email === journeyUsers.companyAdministrator.email);
      if (boss) {
        await fetch(`${server.url}/api/back_office/users/${boss.id}/`, {
          method: 'PATCH',
          headers: auth,
          // A company's user: the type the company goes with.
          body: JSON.stringify({ user_type: 'COMPANY', company_id: firstCompany }),
        });
      }
    }
    // Its bare address answers 301 to the one with its name.
    const exhibitorPage = firstExhibitor ? `/exhibitors/${firstExhibitor}` : '/exhibitors/';
    const videoRelease = await releaseWithVideo(server.url, firstRelease);
    /** Puts the release's first video in the journalist's basket, unless it already is. */
    const putVideoInBasket = async (page: import('playwright-core').Page) => {
      const toggle = page.locator('[data-testid^="basket-toggle-video-"]').first();
      await toggle.waitFor();
      if ((await toggle.getAttribute('aria-pressed')) === 'false') {
        await toggle.click();
        await page.waitForFunction(
          () =>
            document.querySelector('[data-testid^="basket-toggle-video-"]')?.getAttribute('aria-pressed') ===
            'true',
        );
      }
    };
    // The demo fair's first event (its door's attendance screen) and its cancelled one (the red chip).
    const programmeEvents = (
      (await (await fetch(`${server.url}/api/site/programme/`)).json()) as {
        data: { id: number; status: string }[];
      }
    ).data;
    const firstEvent = programmeEvents[0]?.id;
    const cancelledEvent = programmeEvents.find((event) => event.status === 'cancelled')?.id;
    const screens: Screen[] = [
      // The first screen served with index.html, before the app starts (decision 15).
      { name: 'home-served', route: '/home', signedIn: false },
      { name: 'home-served-dark', route: '/home', signedIn: false, dark: true },
      // The app once it has taken over (a reader's first pointer move starts it).
      {
        name: 'home',
        route: '/home',
        signedIn: false,
        prepare: async (page) => {
          await page.mouse.move(10, 10);
          await page.getByTestId('release-list').waitFor();
          await page.getByTestId('language-menu').waitFor();
        },
      },
      { name: 'home-signed-in', route: '/home', signedIn: true },
      { name: 'home-redirect', route: '/home?redirect=%2Fpress-gallery', signedIn: false },
      { name: 'press-release', route: `/press-release/${firstRelease}`, signedIn: false },
      { name: 'public-release-page', route: firstPage ?? '/releases/', signedIn: false, serverPage: true },
      {
        name: 'public-release-page-dark',
        route: firstPage ?? '/releases/',
        signedIn: false,
        serverPage: true,
        dark: true,
      },
      { name: 'public-releases-list', route: '/releases/', signedIn: false, serverPage: true },
      { name: 'public-exhibitors', route: '/exhibitors/', signedIn: false, serverPage: true },
      {
        name: 'public-exhibitors-dark',
        route: '/exhibitors/',
        signedIn: false,
        serverPage: true,
        dark: true,
      },
      { name: 'public-exhibitor-page', route: exhibitorPage, signedIn: false, serverPage: true },
      {
        name: 'public-exhibitor-page-dark',
        route: exhibitorPage,
        signedIn: false,
        serverPage: true,
        dark: true,
      },
      { name: 'privacy', route: '/account/user-privacy', signedIn: false },
      { name: 'not-found', route: '/no-such-page', signedIn: false },
      { name: 'login', route: '/account/login', signedIn: false },
      {
        name: 'login-error',
        route: '/account/login',
        signedIn: false,
        prepare: async (page) => {
          await page
            .getByLabel(/e-mail|البريد/i)
            .first()
            .fill('nobody@example.com');
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
        name: 'press-gallery-open',
        route: '/press-gallery',
        signedIn: true,
        prepare: async (page) => {
          // A gallery of the tree opened, its pictures with their captions.
          const archive = await demoArchive(new URL(page.url()).origin);
          const tree = page.getByTestId('gallery-tree');
          await tree.getByText(archive.category).click();
          await tree.getByText('Exhibition', { exact: true }).click();
          await tree.getByText('Halls', { exact: true }).click();
          await tree.getByText(`${archive.halls} (3)`).click();
          await page.getByTestId('gallery-thumbnail').nth(2).waitFor();
        },
      },
      { name: 'pictures', route: '/pictures?search=ceramica', signedIn: true },
      { name: 'pictures-dark', route: '/pictures?search=ceramica', signedIn: true, dark: true },
      {
        // The demo's videos among the pictures: their cards (poster, play mark, running time) and the kind
        // filter's counts.
        name: 'pictures-videos',
        route: '/pictures?kind=video',
        signedIn: true,
        prepare: async (page) => {
          await page.getByTestId('video-result').first().waitFor();
          await page.waitForTimeout(400);
        },
      },
      {
        name: 'pictures-viewer',
        route: '/pictures?search=effetto%20legno',
        signedIn: true,
        prepare: async (page) => {
          await page.getByTestId('picture-thumbnail').first().click();
          await page.getByTestId('viewer-image').waitFor();
          await page.waitForTimeout(400);
        },
      },
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
        name: 'customizer',
        route: '/home',
        signedIn: false,
        prepare: async (page) => {
          await page.getByTestId('customizer').click();
          await page.getByRole('radiogroup').first().waitFor();
          await page.waitForTimeout(400);
        },
      },
      { name: 'home-dark', route: '/home', signedIn: true, dark: true },
      { name: 'sign-up-dark', route: '/account/sign-up', signedIn: false, dark: true },
      {
        name: 'sidebar-open',
        route: '/home',
        signedIn: true,
        prepare: async (page) => {
          await page.getByTestId('sidebar-toggle').click();
          await page.waitForTimeout(400);
        },
      },
      // Press releases (helper releases-web): search, image preview, and the back office as the demo admin.
      { name: 'home-search', route: '/home?q=tile', signedIn: false },
      {
        name: 'press-release-image-preview',
        route: `/press-release/${await releaseWithImage(server.url, firstRelease)}`,
        signedIn: false,
        prepare: async (page) => {
          // The demo content has images; without any, the picture is the plain release page.
          if ((await page.getByTestId('release-image').count()) === 0) return;
          await page.getByTestId('release-image').first().click();
          await page.getByTestId('image-preview').getByRole('dialog').waitFor();
          await page.waitForTimeout(400);
        },
      },
      ...(['light', 'dark'] as const).flatMap((look) => {
        const dark = look === 'dark';
        const suffix = dark ? '-dark' : '';
        return [
          // A journalist's video of a release, put in the basket from its player, then the basket listing it.
          {
            name: `release-video-in-basket${suffix}`,
            route: `/press-release/${videoRelease}`,
            signedIn: true,
            dark,
            prepare: async (page: import('playwright-core').Page) => {
              await putVideoInBasket(page);
              await page.getByTestId('video').first().scrollIntoViewIfNeeded();
            },
          },
          {
            name: `basket-with-video${suffix}`,
            route: `/press-release/${videoRelease}`,
            signedIn: true,
            dark,
            prepare: async (page: import('playwright-core').Page) => {
              await putVideoInBasket(page);
              await page.goto(`${server.url}/#/basket`);
              await page.getByTestId('basket-video').first().waitFor();
              await page.waitForTimeout(400);
            },
          },
        ];
      }),
      { name: 'press-releases-admin', route: '/admin/press-releases', signedIn: true, as: demoAdministrator },
      {
        name: 'press-release-new',
        route: '/admin/press-releases/new',
        signedIn: true,
        as: demoAdministrator,
      },
      {
        name: 'press-release-editor',
        route: `/admin/press-releases/${firstRelease}`,
        signedIn: true,
        as: demoAdministrator,
      },
      ...contentAdminScreens(demoAdministrator),
      // The demo fair's interview requests: the back office's list, a demo journalist's "My fair", and the
      // press box of the exhibitor they asked.
      { name: 'interviews-admin', route: '/admin/interviews', signedIn: true, as: demoAdministrator },
      {
        name: 'interviews-admin-dark',
        route: '/admin/interviews',
        signedIn: true,
        as: demoAdministrator,
        dark: true,
      },
      {
        name: 'my-fair',
        route: '/account/my-fair',
        signedIn: true,
        as: { email: demoJournalists[2].email, password: demoJournalistPassword },
      },
      ...(firstCompany
        ? [
            {
              name: 'press-box',
              route: `/admin/press-box?company=${firstCompany}`,
              signedIn: true,
              as: demoAdministrator,
            },
            {
              name: 'press-box-dark',
              route: `/admin/press-box?company=${firstCompany}`,
              signedIn: true,
              as: demoAdministrator,
              dark: true,
            },
          ]
        : []),
      // Coverage: the public "In the press", a demo journalist's pieces and report form, the office's review.
      { name: 'coverage-in-the-press', route: '/in-the-press', signedIn: false },
      {
        name: 'coverage-of-a-release',
        route: `/press-release/${await releaseWithCoverage(server.url, firstRelease)}`,
        signedIn: false,
      },
      { name: 'coverage-in-the-press-dark', route: '/in-the-press', signedIn: false, dark: true },
      {
        name: 'accreditation-badge',
        route: '/account/accreditation',
        signedIn: true,
        as: { email: demoJournalists[0].email, password: demoJournalistPassword },
      },
      {
        name: 'coverage-mine',
        route: '/account/coverage',
        signedIn: true,
        as: { email: demoJournalists[0].email, password: demoJournalistPassword },
      },
      {
        name: 'coverage-report',
        route: '/account/coverage',
        signedIn: true,
        as: { email: demoJournalists[0].email, password: demoJournalistPassword },
        prepare: async (page) => {
          await page.getByTestId('coverage-report').click();
          await page.getByTestId('coverage-form').waitFor();
          await page.getByTestId('coverage-send').click();
          await page.waitForTimeout(400);
        },
      },
      // The campaign editor with an event of the programme picked: an invitation, sent now.
      {
        name: 'campaign-editor-event',
        route: '/admin/campaigns',
        signedIn: true,
        as: demoAdministrator,
        prepare: async (page) => {
          await page.getByTestId('campaign-new').click();
          await page.getByTestId('campaign-subject-event').click();
          await page.getByTestId('campaign-event').locator('input').click();
          await page.getByRole('option').first().click();
          await page.getByTestId('campaign-lists').locator('input').click();
          await page.getByRole('option').first().click();
          await page.getByRole('dialog').getByRole('heading').first().click();
          await page.waitForTimeout(400);
        },
      },
      { name: 'coverage-admin', route: '/admin/coverage', signedIn: true, as: demoAdministrator },
      {
        name: 'coverage-admin-dark',
        route: '/admin/coverage?status=rejected',
        signedIn: true,
        as: demoAdministrator,
        dark: true,
      },
      // A company administrator's profile, with the choice of the coverage mail.
      ...[false, true].map((dark) => ({
        name: `profile-coverage-mail${dark ? '-dark' : ''}`,
        route: '/account/user-profile',
        signedIn: true,
        as: journeyUsers.companyAdministrator,
        dark,
        prepare: async (page: import('playwright-core').Page) => {
          const choice = page.getByTestId('profile-coverage-mail');
          await choice.scrollIntoViewIfNeeded();
          if (dark) {
            await choice.locator('input').check();
            await page.waitForTimeout(400);
          }
        },
      })),
      // The import wizard's coverage target: a clipping service's export, at its columns and at its check.
      ...[false, true].map((dark) => ({
        name: `admin-import-coverage${dark ? '-dark' : ''}`,
        route: '/admin/imports/new',
        signedIn: true,
        as: demoAdministrator,
        dark,
        prepare: async (page: import('playwright-core').Page) => {
          await page.getByTestId('import-target').locator('input[value="coverage"]').check();
          await page
            .getByTestId('import-file')
            .setInputFiles(
              path.join(repoRoot, 'apps/api/src/features/imports/fixtures/clipping-service.csv'),
            );
          await page.getByTestId('upload').click();
          await page.getByTestId('mapping-table').waitFor();
          if (dark) {
            await page.getByTestId('start-dry-run').click();
            await page.getByTestId('start-import').waitFor();
            await page.waitForTimeout(400);
          }
        },
      })),
      // The fair week's lists on a phone: results first, their filters folded behind one button (opened in
      // the "-filters" pictures), and the door's counters.
      { name: 'fair-exhibitors', route: '/exhibitors', signedIn: true },
      { name: 'fair-programme', route: '/programme', signedIn: true },
      { name: 'fair-programme-dark', route: '/programme', signedIn: true, dark: true },
      { name: 'fair-pictures', route: '/pictures', signedIn: true },
      ...(['exhibitors', 'programme', 'pictures'] as const).map((screen) => ({
        name: `fair-${screen}-filters`,
        route: `/${screen}`,
        signedIn: true,
        prepare: async (page: import('playwright-core').Page) => {
          const toggle = page.locator('[data-testid$="filters-toggle"]');
          if (await toggle.count()) {
            await toggle.click();
            await page.waitForTimeout(400);
          }
        },
      })),
      ...(cancelledEvent
        ? [{ name: 'fair-event-cancelled', route: `/programme/${cancelledEvent}`, signedIn: true }]
        : []),
      ...(firstEvent
        ? [
            {
              name: 'fair-attendance',
              route: `/admin/programme/${firstEvent}/attendance`,
              signedIn: true,
              as: demoAdministrator,
            },
          ]
        : []),
      // Back office of companies, users, imports and error reports (helper backoffice-web), as the demo admin.
      ...[
        ['admin-companies', '/admin/companies'],
        ['admin-company-new', '/admin/companies/new'],
        ['admin-users', '/admin/users'],
        ['admin-user', '/admin/users/1'],
        ['admin-accreditations', '/admin/accreditations'],
        ['admin-imports', '/admin/imports'],
        ['admin-import-new', '/admin/imports/new'],
        ['admin-error-reports', '/admin/error-reports'],
        ['admin-press-contacts', '/admin/press-contacts'],
      ].map(([name, route]) => ({ name, route, signedIn: true, as: demoAdministrator })),
    ];
    // SCREENSHOTS_ONLY=admin-company takes only the screens whose name contains it (or one of a comma list).
    const only = process.env.SCREENSHOTS_ONLY?.split(',').filter(Boolean);
    let count = 0;
    // SCREENSHOTS_LANGUAGES=de,ar: other languages than English and Arabic (German has the longest words).
    const shownLanguages = process.env.SCREENSHOTS_LANGUAGES?.split(',').filter(Boolean) ?? ['en', 'ar'];
    for (const language of shownLanguages) {
      for (const [viewportName, viewport] of Object.entries(viewports)) {
        for (const screen of screens.filter(
          ({ name }) => !only?.length || only.some((part) => name.includes(part)),
        )) {
          const context = await browser.newContext({
            viewport,
            locale: language === 'en' ? 'en-GB' : language,
            colorScheme: screen.dark ? 'dark' : 'light',
          });
          await presetLanguage(context, language);
          if (screen.dark) {
            await context.addInitScript(() => {
              window.localStorage.setItem('settings', JSON.stringify({ darkMode: true }));
            });
          }
          if (screen.signedIn) {
            await signInThroughApi(context, server.url, screen.as ?? journalist, language);
          }
          const page = await context.newPage();
          await page.goto(
            screen.serverPage
              ? `${server.url}${screen.route}${screen.route.includes('?') ? '&' : '?'}lang=${language}`
              : `${server.url}/#${screen.route}`,
          );
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
    build.remove();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
