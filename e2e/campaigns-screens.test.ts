import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { officer, startOfficeServer } from './content-admin-support.ts';
import { desktop } from './journey-support.ts';
import { expectNoAxeViolations } from './press-content-support.ts';
import { launchBrowser } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { openScreen, presetDarkMode, signInThroughApi } from './web-app.ts';

describe("the press office's mail screens pass axe in light, dark and Arabic", () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startOfficeServer({ env: { MAIL_POLL_INTERVAL: '0' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const look of [
    { language: 'en', dark: false, invitation: 'Send an invitation to an event' },
    { language: 'en', dark: true, invitation: 'Send an invitation to an event' },
    { language: 'ar', dark: false, invitation: 'إرسال دعوة إلى فعالية' },
  ]) {
    it(`the lists, the list editor and the campaign editor with an event picked (${look.language}${look.dark ? ', dark' : ''})`, async () => {
      const context = await browser.newContext({
        locale: look.language === 'en' ? 'en-GB' : look.language,
        viewport: desktop,
      });
      await signInThroughApi(context, server.url, officer, look.language);
      if (look.dark) await presetDarkMode(context);
      const page = await context.newPage();
      await openScreen(page, server.url, '/admin/campaigns');
      await page.getByTestId('list-new').waitFor();
      await expectNoAxeViolations(page);
      await page.getByTestId('list-new').click();
      await page.getByTestId('list-name').waitFor();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await page.getByTestId('list-name').waitFor({ state: 'detached' });
      await page.getByTestId('campaign-new').click();
      await page.getByTestId('campaign-subject-event').click();
      await page.getByTestId('campaign-event').waitFor();
      // An invitation picked, the dialog no longer says it sends a release.
      await page.getByRole('dialog', { name: look.invitation }).waitFor();
      await expectNoAxeViolations(page);
      await context.close();
    });
  }
});
