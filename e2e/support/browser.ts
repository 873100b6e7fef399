/**
 * Chromium for browser journeys and screenshots, through playwright-core (no bundled browsers); Lighthouse
 * starts the whole browser itself with the same flags (e2e/bench/modules/web-budgets.ts).
 *
 *   const browser = await launchBrowser();
 *   const page = await browser.newPage({ locale: 'en-GB' });
 *   ...
 *   await browser.close();
 *
 * Uses Debian's headless Chromium at /usr/bin/chromium-headless-shell (the `chromium-headless-shell` package,
 * built from the same sources as `chromium`; CHROMIUM_PATH overrides), with flags that keep it quiet and
 * self-contained on a CI machine running as root (no sandbox, no GPU, no QUIC, no background or update
 * traffic). A missing Chromium is an error naming the package to install: browser tests fail rather than skip.
 *
 * Every page of every context the browser opens reports its uncaught errors (`pageerror`) here: the journeys'
 * setup file (page-errors-setup.ts) fails the test during which a page threw, since a screen that throws may
 * still show what a test looks for.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  type Browser,
  type BrowserContext,
  chromium,
  type LaunchOptions,
  type Page,
  type Request,
} from 'playwright-core';

/**
 * The headless shell rather than the whole browser: Blink, V8 and the network stack are the same, without the
 * browser's windows, profile and user-interface pages, which cost a quarter of Chromium's CPU per screen
 * (decision 16). It is what Playwright's own `chromium` starts for headless runs.
 */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

function assertChromiumInstalled(): string {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium is not installed at ${chromiumPath}: install it (Debian: apt-get install -y chromium-headless-shell) ` +
        'or set CHROMIUM_PATH. Browser tests never skip.',
    );
  }
  return chromiumPath;
}

/** The uncaught errors of pages not yet taken, kept on the process so every importer shares one list. */
const shared = globalThis as { [key: symbol]: unknown };
const pageErrorsKey = Symbol.for('pressroom.pageErrors');
const pageErrors: string[] = (shared[pageErrorsKey] as string[] | undefined) ?? [];
shared[pageErrorsKey] = pageErrors;

/** The uncaught page errors since the last call, each with the address of the page that threw; clears them. */
export function takePageErrors(): string[] {
  return pageErrors.splice(0);
}

/**
 * What the pages did lately, for the report of a failing journey: navigations, console warnings and errors,
 * API answers and failed requests, each with the time since the journal started. Bounded: the last entries.
 */
const journalKey = Symbol.for('pressroom.pageJournal');
const journal: string[] = (shared[journalKey] as string[] | undefined) ?? [];
shared[journalKey] = journal;
const journalLimit = 400;
const journalStart = Date.now();

function note(page: Page, line: string) {
  const seconds = ((Date.now() - journalStart) / 1000).toFixed(2);
  journal.push(`${seconds}s [page ${pageNumber(page)}] ${line}`);
  if (journal.length > journalLimit) journal.splice(0, journal.length - journalLimit);
}

const pageNumbers = new WeakMap<Page, number>();
let pagesSeen = 0;
function pageNumber(page: Page) {
  let number = pageNumbers.get(page);
  if (number === undefined) {
    pagesSeen += 1;
    number = pagesSeen;
    pageNumbers.set(page, number);
  }
  return number;
}

/**
 * The requests sent and not yet answered, with when they left: a screen waiting for a file or an answer that
 * never comes leaves no other trace in the journal.
 */
const pendingKey = Symbol.for('pressroom.pendingRequests');
const pending: Map<Request, { page: Page; sentAt: number }> =
  (shared[pendingKey] as Map<Request, { page: Page; sentAt: number }> | undefined) ?? new Map();
shared[pendingKey] = pending;

/** The journal since the last call, then the requests still unanswered; clears the journal. */
export function takePageJournal(): string[] {
  const now = Date.now();
  const waiting = [...pending.entries()].map(
    ([request, { page, sentAt }]) =>
      `[page ${pageNumber(page)}] still unanswered after ${((now - sentAt) / 1000).toFixed(2)}s: ${request.method()} ${request.url().slice(0, 300)}`,
  );
  return [...journal.splice(0), ...waiting];
}

function watchPage(page: Page) {
  page.on('request', (request) => pending.set(request, { page, sentAt: Date.now() }));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('close', () => {
    for (const [request, sent] of pending) if (sent.page === page) pending.delete(request);
  });
  page.on('pageerror', (error) => {
    pageErrors.push(`${page.url()}: ${error.stack ?? error.message}`);
    note(page, `uncaught ${error.message}`);
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(page, `at ${frame.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      note(page, `console.${message.type()} ${message.text().slice(0, 300)}`);
    }
  });
  page.on('requestfailed', (request) => {
    pending.delete(request);
    note(page, `failed ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`);
  });
  page.on('response', (response) => {
    if (response.url().includes('/api/')) {
      note(page, `${response.status()} ${response.request().method()} ${response.url()}`);
    }
  });
}

function watchContext(context: BrowserContext) {
  // 'page' fires for every page of the context: opened by newPage, by the app (a pop-up) or by Browser.newPage.
  context.on('page', watchPage);
  for (const page of context.pages()) watchPage(page);
  return context;
}

/**
 * For the whole browser (CHROMIUM_PATH=/usr/bin/chromium, say to watch a journey with `headless: false`):
 * Chromium 156 gives every window, and so every context's page, two pages of its own for the address bar's
 * pop-up (chrome://omnibox-popup.top-chrome/, plain and "AI mode"), each in a renderer process of its own:
 * measured on one page, 1.5 to 1.6 s of CPU beside the app's own 1.3 to 1.4 s, in a browser with no address bar.
 * Puppeteer turns them off by default too.
 */
const withoutAddressBarPopups = '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup';

/**
 * V8 compiles each function's source positions with its code, rather than parsing the function again the first
 * time a position is asked for. In the journeys' pages it is asked often: profiled, 9 % of the renderers' main
 * threads went to that second parse, under V8 capturing the stack of an Error made (by the app's libraries or
 * by the browser's built-ins) while DevTools, as Playwright uses it, is attached. Measured on four screens in
 * fresh contexts: 1.99 s of Chromium's CPU per screen against 2.19 s (decision 16).
 */
const sourcePositionsAtCompile = '--js-flags=--no-enable-lazy-source-positions';

/** Chromium through a script that joins Playwright's --disable-features with the journeys' own (see there). */
const featuresJoined = fileURLToPath(new URL('./chromium-features-joined.sh', import.meta.url));

export async function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  const executablePath = assertChromiumInstalled();
  const browser = await chromium.launch({
    headless: true,
    ...options,
    executablePath: featuresJoined,
    env: { ...process.env, ...options.env, PRESSROOM_CHROMIUM: options.executablePath ?? executablePath },
    args: [...chromiumArgs, withoutAddressBarPopups, sourcePositionsAtCompile, ...(options.args ?? [])],
  });
  // Browser.newPage opens its context through newContext too. The app's service worker precaches the whole app
  // (some 4 MB) in every context that lets it: only the journeys about it (offline) allow it.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (contextOptions) =>
    watchContext(await newContext({ serviceWorkers: 'block', ...contextOptions }));
  return browser;
}
