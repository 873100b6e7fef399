import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationBody } from '../apps/api/src/features/account/test-helpers.ts';
import { expectNoAxeViolations } from './press-content-support.ts';
import { launchBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { startSmtpServer, type TestSmtpServer } from './support/smtp.ts';
import { presetLanguage, webServerEnv } from './web-app.ts';

// With manual accreditation a verified journalist who signs in is told where the request stands, not only
// "not allowed".
describe('a journalist waiting for accreditation signs in', () => {
  let smtp: TestSmtpServer;
  let server: RunningServer;
  let browser: Browser;
  const email = 'waiting.journalist@example.com';

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer({
      env: webServerEnv({ SMTP_URL: smtp.url, MAIL_POLL_INTERVAL: '1', ACCREDITATION_MODE: 'manual' }),
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.stop();
  });

  it('follows the verification link, then reads that the request is reviewed since that day, in Italian too', async () => {
    const registered = await fetch(`${server.url}/api/account/register/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(registrationBody({ email })),
    });
    expect(registered.status).toBe(201);
    const mail = await smtp.waitFor((message) => message.to.includes(email), 20_000);
    const link = mail.links.find((url) => url.includes('/#/account/verify-account/user_id=')) as string;

    const context = await browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(link);
    await page.getByRole('status').filter({ hasText: 'accreditation' }).waitFor();
    await page.getByRole('link', { name: 'Sign in', exact: true }).last().click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.locator('input[name=email]').fill(email);
    await page.locator('input[name=password]').fill('Ceramics_2026');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const today = new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(new Date());
    await page
      .getByTestId('sign-in-standing')
      .getByText(
        `Your request for accreditation, received on ${today}, is being reviewed by the press office. You will receive an e-mail as soon as it is decided.`,
      )
      .waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    await expectNoAxeViolations(page);
    await context.close();

    const italian = await browser.newContext({ locale: 'it-IT' });
    await presetLanguage(italian, 'it');
    const italianPage = await italian.newPage();
    await italianPage.goto(`${server.url}/#/account/login`);
    await italianPage.locator('input[name=email]').fill(email);
    await italianPage.locator('input[name=password]').fill('Ceramics_2026');
    await italianPage.getByRole('button', { name: 'Accedi', exact: true }).click();
    await italianPage
      .getByTestId('sign-in-standing')
      .getByText(/La tua richiesta di accredito, ricevuta il/)
      .waitFor();
    await italian.close();
  });
});
