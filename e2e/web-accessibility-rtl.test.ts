import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { expectNoViolations, screens } from './accessibility-screens.ts';
import { launchBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { demoSeed, relaxedRateLimits, webServerEnv } from './web-app.ts';

// axe finds no violations on any screen of the web application's shell and account pages in Arabic
// (right-to-left); English and dark mode are web-accessibility.test.ts.
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

  const variants = [{ name: 'ar', language: 'ar', dark: false, screens }];
  for (const { name, language, dark, screens: variantScreens } of variants) {
    describe(name, () => {
      it.each(variantScreens.map((screen) => [screen.name, screen] as const))('%s', (_name, screen) =>
        expectNoViolations(browser, server.url, screen, { language, dark }),
      );
    });
  }
});
