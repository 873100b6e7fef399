import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, journalist, startPressServer } from './press-content-support.ts';
import { launchBrowser } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { startSmtpServer, type TestSmtpServer } from './support/smtp.ts';
import { openScreen, signInThroughApi } from './web-app.ts';

describe('a journalist writes to the press office and takes the press kit', () => {
  let smtp: TestSmtpServer;
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startPressServer({
      env: { SMTP_URL: smtp.url, PRESS_OFFICE_EMAIL: 'press-office@fair.test' },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.stop();
  });

  it("sends the contact form, and the press office's mailbox receives it", async () => {
    const context = await browser.newContext({ locale: 'en-GB' });
    await signInThroughApi(context, server.url, journalist, 'en');
    const page = await context.newPage();
    await openScreen(page, server.url, '/contact-us');
    await page.getByText('From: Anna Rossi (anna.rossi@giornale.test)').waitFor();
    const address = page.getByTestId('press-office-address');
    expect(await address.textContent()).toBe('Or write directly to the press office: press-office@fair.test');
    expect(await address.getByRole('link').getAttribute('href')).toBe('mailto:press-office@fair.test');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Field required').first().waitFor();
    expect(await page.getByText('Field required').count()).toBe(2);

    await page.getByLabel('Subject').fill('Interview with the president');
    await page.getByLabel('Message').fill('Could I interview the president on the opening day?');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByTestId('contact-sent').waitFor();

    const office = await smtp.waitFor((mail) => mail.to.includes('press-office@fair.test'));
    expect(office.subject).toBe('[Press room] Interview with the president');
    expect(office.text).toContain('Could I interview the president on the opening day?');
    const acknowledgement = await smtp.waitFor((mail) => mail.to.includes(journalist.email));
    expect(acknowledgement.subject).toBe('We received your message');
    await context.close();
  });

  it('lists the press kit and offers the whole kit as a ZIP', async () => {
    const context = await browser.newContext({ locale: 'en-GB' });
    await signInThroughApi(context, server.url, journalist, 'en');
    const page = await context.newPage();
    await openScreen(page, server.url, '/press-kit');
    await page.getByRole('heading', { name: 'Fact sheet' }).waitFor();
    expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
      'Fact sheet',
      'Exhibitor list',
      'Press accreditation rules',
      'Logos and brand guide',
    ]);
    const zipUrl = await page.getByTestId('press-kit-zip').getAttribute('href');
    const zip = await fetch(`${server.url}${zipUrl}`);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    await expectNoAxeViolations(page);
    await context.close();
  });
});
