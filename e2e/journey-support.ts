/**
 * The frame of a browser journey (not a test file): one server and one browser for the tests of a file, and
 * pages signed in through the API the way the app stores a session.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { openScreen, signInThroughApi } from './web-app.ts';

export interface Journey {
  readonly server: RunningServer;
  readonly browser: Browser;
}

/** A desktop window, wide enough for the back-office tables and the permanent sidebar. */
export const desktop = { width: 1366, height: 900 };

/** Starts the server and a browser before the tests of the file and stops both after them. */
export function startJourney(startServer: () => Promise<RunningServer>): Journey {
  const journey = {} as { server: RunningServer; browser: Browser };
  beforeAll(async () => {
    journey.server = await startServer();
    journey.browser = await launchBrowser();
  });
  afterAll(async () => {
    await journey.browser?.close();
    await journey.server?.stop();
  });
  return journey;
}

/**
 * A new browser context signed in as the user (British English unless `context` says otherwise) and a page
 * open on the client route.
 */
export async function signedInPage(
  journey: Journey,
  credentials: { email: string; password: string },
  route: string,
  options: { language?: string; context?: BrowserContextOptions } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await journey.browser.newContext({ locale: 'en-GB', ...options.context });
  await signInThroughApi(context, journey.server.url, credentials, options.language ?? 'en');
  const page = await context.newPage();
  await openScreen(page, journey.server.url, route);
  return { context, page };
}
