import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs } from './back-office-support.ts';
import { officer, startOfficeServer } from './content-admin-support.ts';
import { desktop } from './journey-support.ts';
import { expectNoAxeViolations } from './press-content-support.ts';
import { launchBrowser } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { startSmtpServer, type TestSmtpServer } from './support/smtp.ts';
import {
  expectNotification,
  openScreen,
  presetDarkMode,
  presetLanguage,
  signInThroughApi,
  visit,
} from './web-app.ts';

describe('embargo previews: the office invites, the invitee reads the mailed link, the office sees it opened and revokes it', () => {
  let smtp: TestSmtpServer;
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startOfficeServer({ env: { SMTP_URL: smtp.url, MAIL_POLL_INTERVAL: '1' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
    await smtp?.stop();
  });

  /** A browser of its own: the office signed in, or a reader signed out; in a language, light or dark. */
  async function browse(options: { language: string; dark?: boolean; signedIn?: boolean }) {
    const locale = options.language === 'en' ? 'en-GB' : options.language;
    const context = await browser.newContext({ locale, viewport: desktop });
    contexts.push(context);
    if (options.signedIn) await signInThroughApi(context, server.url, officer, options.language);
    else await presetLanguage(context, options.language);
    if (options.dark) await presetDarkMode(context);
    return context.newPage();
  }

  /** A release of localhost's site, published under embargo for two days, by the office through the API. */
  async function embargoedRelease(title: string) {
    const asOffice = await apiAs(server.url, officer);
    const site = await asOffice<{ name: string }>('/api/site/');
    const groups = await asOffice<{ results: { id: number }[] }>(
      `/api/press_room/press_group/?name=${encodeURIComponent(site.name)}`,
    );
    const release = await asOffice<{ id: number }>('/api/press_room/admin/press_release/', {
      json: {
        publication_date: new Date().toISOString().slice(0, 10),
        groups: [groups.results[0].id],
        embargo_until: new Date(Date.now() + 48 * 3_600_000).toISOString(),
        translations: [
          { language: 'en', title, body: '<p>Figures of the year, for the assembly.</p>' },
          { language: 'ar', title: 'توقعات السوق', body: '<p>أرقام العام للجمعية.</p>' },
        ],
      },
    });
    await asOffice(`/api/press_room/admin/press_release/${release.id}/status/`, {
      json: { status: 'published', notify: false },
    });
    return release.id;
  }

  const openedCell = (page: Page) =>
    page.getByTestId('preview-invitation').first().getByTestId('preview-opened');

  it('mails a personal link that reads the release until the office revokes it', async () => {
    const title = 'Under wraps: the tile market outlook';
    const releaseId = await embargoedRelease(title);
    const invitee = { email: 'lena.berg@nordic-design.test', name: 'Lena Berg' };

    // The office invites an address with a name from the release editor.
    const office = await browse({ language: 'en', signedIn: true });
    await openScreen(office, server.url, `/admin/press-releases/${releaseId}`);
    await office.getByTestId('release-previews').waitFor();
    expect(await office.getByTestId('preview-embargo').textContent()).toContain('Embargo until');
    await office.getByTestId('preview-invite').click();
    await office.getByText('E-mail required').waitFor();
    await office.getByTestId('preview-email').fill(invitee.email);
    await office.getByTestId('preview-name').fill(invitee.name);
    await expectNoAxeViolations(office);
    await office.getByTestId('preview-invite').click();
    await expectNotification(office, 'success', `The invitation has been sent to ${invitee.email}.`);
    await expect.poll(() => openedCell(office).textContent()).toBe('Not opened');

    // The invitee follows the mailed link, signed out, in Arabic: the release, marked as their preview.
    const mail = await smtp.waitFor((received) => received.to.includes(invitee.email), 20_000);
    expect(mail.subject).toBe(`Under embargo: a preview of "${title}"`);
    const link = mail.links.find((address) => address.includes('/#/preview/')) ?? '';
    expect(link).toMatch(/\/#\/preview\/[\w-]{43}$/);
    const reader = await browse({ language: 'ar' });
    await visit(reader, link);
    await reader.getByTestId('preview-mark').waitFor();
    expect(await reader.getByTestId('release-title').textContent()).toBe('توقعات السوق');
    expect(await reader.getByTestId('preview-for').textContent()).toBe('معاينة لـ Lena Berg');
    expect(await reader.getByTestId('preview-embargo-until').textContent()).toMatch(/^تحت الحظر حتى /);
    expect(await reader.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
    await expectNoAxeViolations(reader);

    // In English and dark mode too.
    const darkReader = await browse({ language: 'en', dark: true });
    await visit(darkReader, link);
    await darkReader.getByTestId('preview-mark').waitFor();
    expect(await darkReader.getByTestId('release-title').textContent()).toBe(title);
    await expectNoAxeViolations(darkReader);

    // The office sees it opened, in dark mode and in Arabic as well.
    await office.reload();
    await expect
      .poll(() => openedCell(office).textContent(), { timeout: 10_000 })
      .toMatch(/^First .*opens: 2/);
    const darkOffice = await browse({ language: 'en', dark: true, signedIn: true });
    await openScreen(darkOffice, server.url, `/admin/press-releases/${releaseId}`);
    await darkOffice.getByTestId('release-previews').waitFor();
    await expectNoAxeViolations(darkOffice);
    const arabicOffice = await browse({ language: 'ar', signedIn: true });
    await openScreen(arabicOffice, server.url, `/admin/press-releases/${releaseId}`);
    await arabicOffice.getByTestId('release-previews').waitFor();
    await expectNoAxeViolations(arabicOffice);

    // The office revokes it after confirming; the link is refused from then on.
    await office.getByTestId('preview-revoke').click();
    await office.getByTestId('preview-revoke-dialog-confirm').waitFor();
    await expectNoAxeViolations(office);
    await office.getByTestId('preview-revoke-dialog-confirm').click();
    await expectNotification(office, 'success', `The invitation of ${invitee.email} has been revoked.`);
    await expect.poll(() => office.getByTestId('preview-status').first().textContent()).toMatch(/^Revoked /);

    await visit(darkReader, link);
    await darkReader.getByTestId('preview-refused').waitFor();
    expect(await darkReader.getByTestId('preview-refused').textContent()).toContain(
      'This preview link has been withdrawn by the press office.',
    );
    await expectNoAxeViolations(darkReader);
  });
});
