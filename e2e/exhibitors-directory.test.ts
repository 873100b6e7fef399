import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { desktop, startJourney } from './journey-support.ts';
import { expectNoAxeViolations, journalist, startPressServer } from './press-content-support.ts';
import {
  expectNotification,
  openScreen,
  presetDarkMode,
  presetLanguage,
  signInThroughApi,
} from './web-app.ts';

const fair = 'fair.localhost';

describe("a journalist finds an exhibitor of the fair's current edition and follows it", () => {
  const journey = startJourney(() => startPressServer());
  const fairUrl = () => journey.server.urlFor(fair);

  /** The directory's and the first exhibitor's screens pass axe in this context (a look: dark, Arabic). */
  async function bothScreensPassAxe(context: BrowserContext, expected: { count: string; dir: string }) {
    const page = await context.newPage();
    await openScreen(page, fairUrl(), '/exhibitors?hall=7');
    await expect.poll(() => page.getByTestId('directory-count').textContent()).toBe(expected.count);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(expected.dir);
    await expectNoAxeViolations(page);
    await page.getByTestId('exhibitor-entry').first().getByRole('link').click();
    await page.getByTestId('exhibitor-contacts').getByTestId('press-contact').first().waitFor();
    await expectNoAxeViolations(page);
    await context.close();
  }

  const names = (page: Page) => page.getByTestId('exhibitor-entry').getByRole('heading').allTextContents();

  it('filters the directory by a hall, opens the exhibitor there, follows it by e-mail; both screens pass axe', async () => {
    const context = await journey.browser.newContext({ locale: 'en-GB', viewport: desktop });
    const { token } = await signInThroughApi(context, journey.server.url, journalist, 'en');
    const page = await context.newPage();
    await openScreen(page, fairUrl(), '/home');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Exhibitors' })
      .click();
    await page.waitForURL(/#\/exhibitors$/);
    await expect.poll(() => page.getByTestId('directory-count').textContent()).toBe('6 exhibitors');
    expect(await names(page)).toEqual([
      'Atelier Mosaïque Levant',
      'Azulejos del Sol S.L.',
      'Ceramiche Aurora S.p.A.',
      'Céramiques de Provence',
      'Gres Fiorano Industrie',
      'Keramik Nordwerk GmbH',
    ]);
    await expectNoAxeViolations(page);

    // A hall: the address says so (a view to share), the count is announced, the index offers its letters only.
    await page.getByTestId('directory-hall').selectOption('7');
    await page.waitForURL(/#\/exhibitors\?hall=7$/);
    await expect.poll(() => page.getByTestId('directory-count').textContent()).toBe('2 exhibitors');
    expect(await page.getByTestId('directory-count').getAttribute('aria-live')).toBe('polite');
    expect(await names(page)).toEqual(['Céramiques de Provence', 'Gres Fiorano Industrie']);
    const index = page.getByRole('navigation', { name: 'A to Z' });
    expect(await index.getByRole('link').allTextContents()).toEqual(['All', 'C', 'G']);
    expect(await page.getByTestId('directory-letter-A').getAttribute('aria-disabled')).toBe('true');
    await index.getByRole('link', { name: 'G' }).click();
    await page.waitForURL(/#\/exhibitors\?hall=7&letter=G$/);
    await expect.poll(() => names(page)).toEqual(['Gres Fiorano Industrie']);
    await index.getByRole('link', { name: 'All' }).click();
    await expect.poll(() => page.getByTestId('directory-count').textContent()).toBe('2 exhibitors');

    // Accents and case aside.
    await page.getByRole('searchbox', { name: 'Search by name or brand' }).fill('CERAMIQUES');
    await page.waitForURL(/search=CERAMIQUES/);
    await expect.poll(() => names(page)).toEqual(['Céramiques de Provence']);
    const provence = page.getByTestId('exhibitor-entry');
    expect(await provence.getByTestId('exhibitor-stand').allTextContents()).toEqual(['Hall 7, stand D08']);
    expect(await provence.textContent()).toContain('France');
    await expectNoAxeViolations(page);

    await provence.getByRole('link', { name: 'Céramiques de Provence' }).click();
    await page.waitForURL(/#\/exhibitors\/\d+$/);
    const exhibitorId = Number(page.url().split('/').at(-1));
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Céramiques de Provence');
    await page.getByTestId('exhibitor-contacts').getByText('Élodie Martin').waitFor();
    expect(await page.getByTestId('exhibitor-stand').allTextContents()).toEqual(['Hall 7, stand D08']);
    expect(await page.getByTestId('exhibitor-description').textContent()).toContain('Céramiques de Provence');
    await expectNoAxeViolations(page);

    // Following asks for consent once, then the company is in the journalist's alerts.
    const follow = page.getByRole('button', { name: 'Follow Céramiques de Provence by e-mail' });
    expect(await follow.getAttribute('aria-pressed')).toBe('false');
    await follow.click();
    const dialog = page.getByRole('dialog', { name: 'Follow Céramiques de Provence' });
    await dialog.getByTestId('exhibitor-follow-confirm').click();
    await dialog.getByText('Tick the box to follow.').waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByTestId('exhibitor-follow-consent').check();
    await dialog.getByTestId('exhibitor-follow-confirm').click();
    await expectNotification(
      page,
      'success',
      'You follow Céramiques de Provence: its releases will reach you by e-mail.',
    );
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('true');
    expect(await follow.textContent()).toBe('Following');

    const auth = { authorization: `JWT ${token}` };
    const mine = (await journey.server.request(fair, '/api/alerts/mine/', { headers: auth })).json<{
      subscription: { status: string; email: string; companies: { name: string }[] };
    }>();
    expect(mine.subscription).toMatchObject({
      status: 'active',
      email: journalist.email,
      companies: [{ name: 'Céramiques de Provence' }],
    });
    const shown = await journey.server.request(fair, `/api/site/exhibitors/${exhibitorId}/`, {
      headers: auth,
    });
    expect(shown.json<{ following: boolean }>().following).toBe(true);
    await context.close();

    // Dark and Arabic (right to left): the same screens pass axe.
    const dark = await journey.browser.newContext({ locale: 'en-GB', viewport: desktop });
    await signInThroughApi(dark, journey.server.url, journalist, 'en');
    await presetDarkMode(dark);
    await bothScreensPassAxe(dark, { count: '2 exhibitors', dir: 'ltr' });
    const arabic = await journey.browser.newContext({ locale: 'ar', viewport: { width: 360, height: 780 } });
    await presetLanguage(arabic, 'ar');
    await bothScreensPassAxe(arabic, { count: 'عارضان', dir: 'rtl' });
  });
});
