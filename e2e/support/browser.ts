/**
 * Chromium for browser journeys, screenshots and Lighthouse, through playwright-core (no bundled browsers).
 *
 *   const browser = await launchBrowser();
 *   const page = await browser.newPage({ locale: 'en-GB' });
 *   ...
 *   await browser.close();
 *
 * Uses the system Chromium at /usr/bin/chromium (Debian's `chromium` package; CHROMIUM_PATH overrides),
 * headless, with flags that keep it quiet and self-contained on a CI machine running as root (no sandbox, no
 * GPU, no QUIC, no background or update traffic). A missing Chromium is an error naming the package to
 * install: browser tests fail rather than skip.
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium, type LaunchOptions } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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

export function assertChromiumInstalled(): string {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium is not installed at ${chromiumPath}: install it (Debian: apt-get install -y chromium) ` +
        'or set CHROMIUM_PATH. Browser tests never skip.',
    );
  }
  return chromiumPath;
}

export async function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  const executablePath = assertChromiumInstalled();
  return chromium.launch({
    executablePath,
    headless: true,
    ...options,
    args: [...chromiumArgs, ...(options.args ?? [])],
  });
}
