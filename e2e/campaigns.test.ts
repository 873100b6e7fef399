import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs } from './back-office-support.ts';
import { officer, startOfficeServer } from './content-admin-support.ts';
import { desktop } from './journey-support.ts';
import { expectNoAxeViolations, journalist } from './press-content-support.ts';
import { launchBrowser } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { startSmtpServer, type TestSmtpServer } from './support/smtp.ts';
import { openScreen, presetLanguage, signInThroughApi } from './web-app.ts';

describe("the press office's mail: a list, a test, a campaign, an Italian reader who withdraws in one click", () => {
  let smtp: TestSmtpServer;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startOfficeServer({
      env: { SMTP_URL: smtp.url, MAIL_POLL_INTERVAL: '1', ALERT_SEND_RATE: '100' },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.stop();
  });

  it('builds a list with a live count, sends a test to the office only, sends the release in Italian to the reader, who withdraws by the mail’s one-click address', async () => {
    // The journalist reads in Italian and agreed to the press office's mail (from their profile).
    const asJournalist = await apiAs(server.url, journalist);
    await asJournalist('/api/account/profile/', { method: 'PATCH', json: { language: 'it' } });
    await asJournalist('/api/account/press_mail/', { method: 'PUT', json: { agreed: true } });

    // The office's release, in English and Italian, published on this site.
    const asOffice = await apiAs(server.url, officer);
    const site = await asOffice<{ name: string }>('/api/site/');
    const groups = await asOffice<
      { id: number; name: string }[] | { results: { id: number; name: string }[] }
    >('/api/press_room/press_group/');
    const siteId = (Array.isArray(groups) ? groups : groups.results).find(
      (group) => group.name === site.name,
    )?.id;
    const release = await asOffice<{ id: number }>('/api/press_room/admin/press_release/', {
      json: {
        publication_date: new Date().toISOString().slice(0, 10),
        groups: [siteId],
        translations: [
          {
            language: 'en',
            title: 'Glazes of the north',
            subtitle: 'Six kilns reopen',
            body: '<p>English text.</p>',
          },
          {
            language: 'it',
            title: 'Smalti del nord',
            subtitle: 'Riaprono sei fornaci',
            body: '<p>Testo italiano.</p>',
          },
        ],
      },
    });
    await asOffice(`/api/press_room/admin/press_release/${release.id}/status/`, {
      json: { status: 'published' },
    });

    const office = await browser.newContext({ locale: 'en-GB', viewport: desktop });
    await presetLanguage(office, 'en');
    await signInThroughApi(office, server.url, officer, 'en');
    const page = await office.newPage();
    await openScreen(page, server.url, '/admin/campaigns');
    await page.getByTestId('list-new').waitFor();
    await expectNoAxeViolations(page);

    // A list of Italian readers: the count is the server's, live, before saving.
    await page.getByTestId('list-new').click();
    await page.getByTestId('list-name').fill('Italian press');
    await page.getByTestId('list-languages').locator('input').fill('Italiano');
    await page.getByRole('option', { name: 'Italiano' }).click();
    await expect
      .poll(() => page.getByTestId('list-live-count').textContent())
      .toMatch(/Now \d+ consenting recipients?/);
    await expectNoAxeViolations(page);
    await page.getByTestId('list-save').click();
    await page.getByTestId('list-row').filter({ hasText: 'Italian press' }).waitFor();

    // A test goes to the office only.
    await page.getByTestId('campaign-new').click();
    await page.getByTestId('campaign-release').locator('input').fill('Glazes of the north');
    await page.getByRole('option', { name: 'Glazes of the north' }).click();
    await page.getByTestId('campaign-lists').locator('input').click();
    await page.getByRole('option', { name: /Italian press/ }).click();
    // Closes the lists' options (Escape would close the whole dialog).
    await page.getByRole('heading', { name: 'Send a release' }).click();
    await expectNoAxeViolations(page);
    await page.getByTestId('campaign-test').click();
    const test = await smtp.waitFor((mail) => mail.subject.startsWith('[Test]'), 30_000);
    expect(test.to).toEqual([officer.email]);

    // Sent now: the journalist gets it in Italian, with the office as Reply-To and RFC 8058 headers.
    await page.getByTestId('campaign-send').click();
    await page.getByTestId('campaign-row').filter({ hasText: 'Glazes of the north' }).waitFor();
    const mail = await smtp.waitFor(
      (received) => received.to.includes(journalist.email) && received.subject.includes('Smalti del nord'),
      60_000,
    );
    expect(mail.text).toContain('Riaprono sei fornaci');
    expect(mail.text).not.toContain('Six kilns reopen');
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(
      smtp.messages
        .filter((received) => received.subject.startsWith('[Test]'))
        .map((received) => received.to),
    ).toEqual([[officer.email]]);

    // The mail client's one click: a POST, no sign-in; the journalist is then found by no list.
    const oneClick = new URL(/^<(.+)>$/.exec(mail.headers.get('list-unsubscribe') ?? '')?.[1] ?? '');
    const withdrawn = await server.request(oneClick.hostname, oneClick.pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(withdrawn.status).toBe(200);
    const choice = await asJournalist<{ choice: string }>('/api/account/press_mail/');
    expect(choice.choice).toBe('declined');

    // The visible link's page confirms, in Italian, and passes axe.
    const reader = await browser.newContext({ locale: 'it-IT', viewport: desktop });
    await presetLanguage(reader, 'it');
    const readerPage = await reader.newPage();
    const visible = mail.links.find((link) => link.includes('/#/press-mail/withdraw/')) ?? '';
    await readerPage.goto(visible);
    await readerPage.getByTestId('press-mail-withdraw').waitFor();
    await expectNoAxeViolations(readerPage);
    await readerPage.getByTestId('press-mail-withdraw').click();
    await readerPage.getByTestId('press-mail-withdrawn').waitFor();
    await reader.close();
    await office.close();
  });
});
