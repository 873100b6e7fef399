import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAdministrator } from '../apps/api/src/demo/seed-demo.ts';
import { apiAs } from './back-office-support.ts';
import { officer, startOfficeServer } from './content-admin-support.ts';
import { desktop } from './journey-support.ts';
import { expectNoAxeViolations, journalist } from './press-content-support.ts';
import { launchBrowser } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { startSmtpServer, type TestSmtpServer } from './support/smtp.ts';
import { openScreen, presetDarkMode, presetLanguage, signInThroughApi } from './web-app.ts';

describe('e-mail alerts: double opt-in, an alert on publication, one-click unsubscribe', () => {
  let smtp: TestSmtpServer;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startOfficeServer({ env: { SMTP_URL: smtp.url, MAIL_POLL_INTERVAL: '1' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.stop();
  });

  interface Translation {
    title: string;
    subtitle: string;
    body: string;
  }

  /**
   * The press office writes a release in English and Italian for the site on localhost (the editor's default
   * site) in the release editor, saves it and publishes it, quietly (the box "Publish without mailing the
   * alert subscribers" ticked) or not. Answers the release's id once the screen shows it published.
   */
  async function publishInEditor(
    page: Page,
    release: { en: Translation; it: Translation },
    options: { quietly?: boolean } = {},
  ) {
    await openScreen(page, server.url, '/admin/press-releases/new');
    const write = async (translation: Translation) => {
      await page.getByTestId('release-title-input').fill(translation.title);
      await page.getByTestId('release-subtitle-input').fill(translation.subtitle);
      await page.getByTestId('release-body-editor').click();
      await page.keyboard.type(translation.body);
      await expect.poll(() => page.getByTestId('release-body-editor').textContent()).toBe(translation.body);
    };
    await write(release.en);
    await page.getByTestId('add-language').click();
    await page.getByTestId('add-language-it').click();
    await page.getByTestId('tab-it').click();
    await expect.poll(() => page.getByTestId('release-title-input').inputValue()).toBe('');
    await write(release.it);
    await page.getByTestId('save-release').click();
    // The saved release's own address is what says it was created (the toast may come and go meanwhile).
    await page.waitForURL(/#\/admin\/press-releases\/\d+$/, { timeout: 30_000 });
    const id = Number(/(\d+)$/.exec(page.url())?.[1]);
    await page.getByTestId('status-draft').waitFor();
    // A first publication mails the subscribers unless the box says not to; it starts unticked.
    const quietly = page.getByTestId('publish-quietly');
    expect(await quietly.isChecked()).toBe(false);
    if (options.quietly) {
      await quietly.check();
      expect(await quietly.isChecked()).toBe(true);
    }
    await page.getByTestId('status-action-publish').click();
    await page.getByTestId('status-published').waitFor();
    return id;
  }

  it('subscribes in Italian from Home, confirms by the mailed link, gets the alert of a release the office publishes in the editor (none of one published without mailing), unsubscribes in one click', async () => {
    const reader = 'giulia.alerts@giornale.test';
    const context = await browser.newContext({ locale: 'it-IT', viewport: desktop });
    await presetLanguage(context, 'it');
    const page = await context.newPage();
    await openScreen(page, server.url, '/home');
    await page.getByTestId('release-alerts').click();
    await page.getByTestId('alert-email').waitFor();
    expect(await page.getByTestId('alert-language-it').isChecked()).toBe(true);
    await page.getByTestId('alert-email').fill(reader);
    // Without consent nothing is sent, and the form says why.
    await page.getByTestId('alert-subscribe').click();
    await page.getByText('Devi accettare').waitFor();
    await page.getByTestId('alert-consent').check();
    await expectNoAxeViolations(page);
    await page.getByTestId('alert-subscribe').click();
    await page.getByTestId('alert-subscribed').waitFor();
    expect(await page.getByTestId('alert-subscribed').textContent()).toContain('Controlla la posta');

    // Double opt-in: the mailed link, in Italian, confirms.
    const confirmation = await smtp.waitFor((mail) => mail.to.includes(reader), 20_000);
    expect(confirmation.subject).toMatch(/^Conferma gli avvisi dei comunicati di /);
    const confirmLink = confirmation.links.find((link) => link.includes('/#/alerts/confirm/')) ?? '';
    await page.goto(confirmLink);
    await page.getByTestId('alert-confirmed').waitFor();
    expect(await page.getByTestId('alert-confirmed').textContent()).toContain(reader);
    await expectNoAxeViolations(page);

    // A control subscriber, in English, through the API.
    const control = 'control.alerts@paper.test';
    await fetch(`${server.url}/api/alerts/subscriptions/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: control, languages: ['en'], consent: true }),
    });
    const controlMail = await smtp.waitFor((mail) => mail.to.includes(control), 20_000);
    const controlToken = /\/#\/alerts\/confirm\/([\w-]{43})/.exec(controlMail.text ?? '')?.[1];
    await fetch(`${server.url}/api/alerts/confirm/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: controlToken }),
    });

    // The press office, in its release editor, first publishes a release without mailing the subscribers...
    const office = await browser.newContext({ locale: 'en-GB', viewport: desktop });
    await signInThroughApi(office, server.url, officer, 'en');
    const editor = await office.newPage();
    await publishInEditor(
      editor,
      {
        en: {
          title: 'A quiet correction to the fair map',
          subtitle: 'Hall 5 moves to the north wing',
          body: 'The map of the halls has been corrected.',
        },
        it: {
          title: 'Una correzione silenziosa alla mappa',
          subtitle: 'Il padiglione 5 si sposta a nord',
          body: 'La mappa dei padiglioni è stata corretta.',
        },
      },
      { quietly: true },
    );

    // ...then one with the box left unticked: the alert reaches the reader in Italian, with RFC 8058 headers.
    await publishInEditor(editor, {
      en: {
        title: 'Iridescent tiles are back',
        subtitle: 'Twelve workshops revive lustreware',
        body: 'Text of the release.',
      },
      it: {
        title: 'Le piastrelle iridescenti tornano',
        subtitle: 'Dodici botteghe riportano in vita il lustro',
        body: 'Testo del comunicato.',
      },
    });
    const alert = await smtp.waitFor(
      (mail) => mail.to.includes(reader) && mail.subject.includes('Le piastrelle iridescenti tornano'),
      30_000,
    );
    expect(alert.text).toContain('Leggi il comunicato');
    // The release's Italian subtitle, in the text and in the HTML part.
    expect(alert.text).toContain('Dodici botteghe riportano in vita il lustro');
    expect(alert.html).toContain('Dodici botteghe riportano in vita il lustro');
    expect(alert.text).not.toContain('Twelve workshops');
    // Its link to the public page, in the reader's language, which opens the release there.
    const publicLink =
      alert.links.find((link) => /\/releases\/\d{4}-\d+-iridescent-tiles-are-back\?lang=it$/.test(link)) ??
      '';
    expect(publicLink).not.toBe('');
    expect(alert.html).toContain(`href="${publicLink}"`);
    const publicUrl = new URL(publicLink);
    const publicPage = await server.request(publicUrl.hostname, `${publicUrl.pathname}${publicUrl.search}`);
    expect(publicPage.status).toBe(200);
    expect(publicPage.body).toContain('Le piastrelle iridescenti tornano');
    expect(publicPage.body).toContain('Dodici botteghe riportano in vita il lustro');
    expect(alert.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(.+)>$/.exec(alert.headers.get('list-unsubscribe') ?? '')?.[1] ?? '';
    expect(oneClick).toMatch(/\/api\/alerts\/unsubscribe\/[\w-]{43}\/$/);
    await smtp.waitFor(
      (mail) => mail.to.includes(control) && mail.subject.includes('Iridescent tiles are back'),
      30_000,
    );
    // Both subscribers have had the release published after the quiet one: the queue ran past it, and the
    // quiet release reached nobody, in no language.
    expect(
      smtp.messages.filter(
        (mail) =>
          mail.subject.includes('A quiet correction to the fair map') ||
          mail.subject.includes('Una correzione silenziosa alla mappa'),
      ),
    ).toEqual([]);

    // What a mail client does with the unsubscribe button: a POST, no sign-in.
    // (Node does not resolve *.localhost as browsers do: the request goes to loopback with the site's Host.)
    const unsubscribeUrl = new URL(oneClick);
    const unsubscribed = await server.request(unsubscribeUrl.hostname, unsubscribeUrl.pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.status).toBe(200);

    // The next release, published in the editor with the box unticked, reaches the control subscriber, never
    // the one who left.
    await publishInEditor(editor, {
      en: { title: 'The second release', subtitle: '', body: 'Text of the second release.' },
      it: { title: 'Il secondo comunicato', subtitle: '', body: 'Testo del secondo comunicato.' },
    });
    await office.close();
    await smtp.waitFor(
      (mail) => mail.to.includes(control) && mail.subject.includes('The second release'),
      30_000,
    );
    expect(smtp.messages.filter((mail) => mail.to.includes(reader)).map((mail) => mail.subject)).toEqual([
      confirmation.subject,
      alert.subject,
    ]);

    // The visible link of the alert opens the subscriber's page, which says so.
    const manageLink = alert.links.find((link) => link.includes('/#/alerts/manage/')) ?? '';
    await page.goto(manageLink);
    await page.getByTestId('alert-unsubscribed').waitFor();
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('passes axe on the subscriber pages in Arabic right to left and in dark mode, and on the press office figures', async () => {
    const context = await browser.newContext({ locale: 'ar', viewport: desktop, colorScheme: 'dark' });
    await presetLanguage(context, 'ar');
    await presetDarkMode(context);
    const page = await context.newPage();
    await openScreen(page, server.url, '/alerts/subscribe');
    await page.getByTestId('alert-email').waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await expectNoAxeViolations(page);
    // A subscriber's page in Arabic, reached by a fresh subscription's token.
    const email = 'arabic.alerts@paper.test';
    await fetch(`${server.url}/api/alerts/subscriptions/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'ar' },
      body: JSON.stringify({ email, languages: ['ar', 'en'], consent: true }),
    });
    const mail = await smtp.waitFor((message) => message.to.includes(email), 20_000);
    const token = /\/#\/alerts\/confirm\/([\w-]{43})/.exec(mail.text ?? '')?.[1] ?? '';
    await openScreen(page, server.url, `/alerts/manage/${token}?unsubscribe=1`);
    await page.getByTestId('alert-unsubscribe').waitFor();
    await expectNoAxeViolations(page);
    await context.close();

    // The press office sees the figures, without a list of subscribers.
    const office = await browser.newContext({ locale: 'en-GB', viewport: desktop });
    const asOfficer = await apiAs(server.url, officer);
    const stats = await asOfficer<{ sites: { active: number; pending: number }[] }>(
      '/api/back_office/alerts/',
    );
    expect(stats.sites.reduce((sum, site) => sum + site.pending, 0)).toBeGreaterThan(0);
    await signInThroughApi(office, server.url, officer, 'en');
    const officePage = await office.newPage();
    await openScreen(officePage, server.url, '/admin/alerts');
    await officePage.getByTestId('alert-sites').waitFor();
    await officePage.getByTestId('alert-releases').waitFor();
    expect(await officePage.getByTestId('alert-releases').textContent()).toContain(
      'Iridescent tiles are back',
    );
    await expectNoAxeViolations(officePage);
    await office.close();
  });

  it("subscribes from a release to its company's alerts, and a signed-in journalist in one click from the profile", async () => {
    // The newest public release of localhost's site is about a member company.
    const asAdministrator = await apiAs(server.url, demoAdministrator);
    const company = await asAdministrator<{ id: number }>('/api/back_office/companies/', {
      json: { business_name: 'Ceramica Bianchi', website: 'https://ceramicabianchi.example' },
    });
    const site = await asAdministrator<{ name: string }>('/api/site/');
    const groups = await asAdministrator<{ results: { id: number }[] }>(
      `/api/press_room/press_group/?name=${encodeURIComponent(site.name)}`,
    );
    const list = (await (
      await fetch(
        `${server.url}/api/press_room/press_release/?format=datatables&length=1&group=${groups.results[0].id}`,
      )
    ).json()) as { data: { id: number }[] };
    const releaseId = list.data[0].id;
    await asAdministrator(`/api/press_room/admin/press_release/${releaseId}/`, {
      method: 'PATCH',
      json: { company_id: company.id },
    });

    // A reader follows the release's subscribe link: the form opens following its company.
    const readerContext = await browser.newContext({ locale: 'en-GB', viewport: desktop });
    const reader = await readerContext.newPage();
    await openScreen(reader, server.url, `/press-release/${releaseId}`);
    const subscribeLink = reader.getByTestId('release-subscribe');
    expect(await subscribeLink.textContent()).toBe('Get the releases of Ceramica Bianchi by e-mail');
    // The contacts' photos and the related releases arrive after the link is shown and can move it: a click
    // made while they landed was once followed by no navigation at all, so the page settles first.
    await reader.waitForLoadState('networkidle');
    await subscribeLink.click();
    await reader.getByTestId('alert-email').waitFor();
    expect(new URL(reader.url()).hash).toBe(`#/alerts/subscribe?company=${company.id}`);
    await expect
      .poll(() => reader.locator('.MuiAutocomplete-root .MuiChip-label').allTextContents())
      .toEqual(['Ceramica Bianchi']);
    const email = 'follows.bianchi@paper.test';
    await reader.getByTestId('alert-email').fill(email);
    await reader.getByTestId('alert-consent').check();
    await reader.getByTestId('alert-subscribe').click();
    await reader.getByTestId('alert-subscribed').waitFor();
    const confirmation = await smtp.waitFor((mail) => mail.to.includes(email), 20_000);
    const token = /\/#\/alerts\/confirm\/([\w-]{43})/.exec(confirmation.text ?? '')?.[1] ?? '';
    const followed = (await (await fetch(`${server.url}/api/alerts/manage/${token}/`)).json()) as {
      companies: { id: number; name: string }[];
    };
    expect(followed.companies).toEqual([{ id: company.id, name: 'Ceramica Bianchi' }]);
    await readerContext.close();

    // A signed-in journalist subscribes from the profile in one click: active at once, their address and language.
    const asJournalist = await apiAs(server.url, journalist);
    expect(await asJournalist('/api/alerts/mine/')).toEqual({ subscription: null });
    const countsBefore = await asAdministrator<{ sites: { active: number }[] }>('/api/back_office/alerts/');
    const journalistContext = await browser.newContext({ locale: 'en-GB', viewport: desktop });
    await signInThroughApi(journalistContext, server.url, journalist, 'en');
    const profile = await journalistContext.newPage();
    await openScreen(profile, server.url, '/account/user-profile');
    await profile.getByTestId('profile-alerts-subscribe').click();
    const subscribed = profile.getByTestId('profile-alerts-subscribed');
    await subscribed.waitFor();
    expect(await subscribed.textContent()).toBe(
      `Subscribed: the new releases of \u2068${site.name}\u2069 reach \u2068${journalist.email}\u2069. Manage your alerts`,
    );
    await expectNoAxeViolations(profile);
    const mine = await asJournalist<{
      subscription: { email: string; languages: string[]; status: string; manage_token: string };
    }>('/api/alerts/mine/');
    expect(mine.subscription).toMatchObject({
      email: journalist.email,
      languages: ['en'],
      status: 'active',
      companies: [],
    });
    const countsAfter = await asAdministrator<{ sites: { active: number }[] }>('/api/back_office/alerts/');
    const active = (counts: { sites: { active: number }[] }) =>
      counts.sites.reduce((sum, entry) => sum + entry.active, 0);
    expect(active(countsAfter)).toBe(active(countsBefore) + 1);
    // No confirmation mail: the address is the account's own, verified already.
    expect(smtp.messages.filter((mail) => mail.to.includes(journalist.email))).toEqual([]);

    await profile.getByTestId('profile-alerts-manage').click();
    await profile.getByTestId('alert-save').waitFor();
    expect(new URL(profile.url()).hash).toBe(`#/alerts/manage/${mine.subscription.manage_token}`);
    await journalistContext.close();
  });
});
