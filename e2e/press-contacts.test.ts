import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { officer, startOfficeServer } from './content-admin-support.ts';
import { desktop, signedInPage, startJourney } from './journey-support.ts';
import { expectNoAxeViolations } from './press-content-support.ts';
import { expectNotification, openScreen, presetLanguage } from './web-app.ts';

describe('the press office says who speaks for the site, and readers of a release see it', () => {
  const journey = startJourney(() => startOfficeServer());

  it('adds a contact with a photo, puts them first, rewrites the boilerplate; a reader of a release sees both', async () => {
    const { context, page } = await signedInPage(journey, officer, '/home', {
      context: { viewport: desktop },
    });
    await page.getByRole('link', { name: 'Press contacts' }).click();
    await page.waitForURL(/#\/admin\/press-contacts/);
    const rows = page.getByTestId('press-contact-row');
    await expect
      .poll(() => rows.allTextContents())
      .toEqual([expect.stringContaining('Chiara Fontana'), expect.stringContaining('David Klein')]);
    await expectNoAxeViolations(page);

    await page.getByTestId('new-press-contact').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('press-contact-name').fill('Elena Russo');
    await dialog.getByTestId('press-contact-role-en').fill('Exhibitor press relations');
    await dialog.getByTestId('press-contact-role-it').fill('Relazioni stampa espositori');
    await dialog.getByTestId('press-contact-email').fill('elena.russo@');
    await dialog.getByTestId('press-contact-phone').fill('call me');
    await dialog.getByTestId('save-press-contact').click();
    await dialog.getByText('E-mail not valid').waitFor();
    await dialog.getByText('Phone number not valid: digits, spaces and + ( ) - . / only').waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByTestId('press-contact-email').fill('elena.russo@tilefair.test');
    await dialog.getByTestId('press-contact-phone').fill('+39 0536 123 456');
    await dialog.getByRole('checkbox', { name: 'Italiano' }).check();
    await dialog.getByRole('checkbox', { name: 'Deutsch' }).check();
    await dialog.getByTestId('save-press-contact').click();
    await expectNotification(page, 'success', 'The contact has been added.');
    await expect.poll(() => rows.count()).toBe(3);

    const elena = rows.filter({ hasText: 'Elena Russo' });
    const portrait = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#a05030' } })
      .png()
      .toBuffer();
    await elena
      .getByTestId('press-contact-photo')
      .setInputFiles({ name: 'elena.png', mimeType: 'image/png', buffer: portrait });
    await expectNotification(page, 'success', 'The photo has been saved.');
    await elena.getByRole('button', { name: 'Move Elena Russo up' }).click();
    await expect.poll(() => rows.nth(1).textContent()).toContain('Elena Russo');
    await elena.getByRole('button', { name: 'Move Elena Russo up' }).click();
    await expect.poll(() => rows.first().textContent()).toContain('Elena Russo');

    await expect
      .poll(() => page.getByTestId('boilerplate-text').inputValue())
      .toContain('international exhibition');
    await page
      .getByTestId('boilerplate-text')
      .fill('The Tile Fair is where the ceramics world meets every autumn.');
    await page.getByTestId('save-boilerplate').click();
    await expectNotification(page, 'success', 'The boilerplate has been saved.');
    await context.close();

    // Any reader of a release, signed in or not, sees who to ask and what the fair is.
    const reader = await journey.browser.newContext({
      locale: 'en-GB',
      viewport: { width: 390, height: 844 },
    });
    const readerPage = await reader.newPage();
    await openScreen(readerPage, journey.server.url, '/home');
    await readerPage.getByTestId('release-list').locator('a').first().click();
    const contacts = readerPage.getByTestId('press-contact');
    await expect
      .poll(() => contacts.allTextContents())
      .toEqual([
        expect.stringContaining('Elena Russo'),
        expect.stringContaining('Chiara Fontana'),
        expect.stringContaining('David Klein'),
      ]);
    const first = contacts.first();
    expect(await first.textContent()).toContain('Speaks Italian and German');
    expect(await first.getByRole('link', { name: 'elena.russo@tilefair.test' }).getAttribute('href')).toBe(
      'mailto:elena.russo@tilefair.test',
    );
    expect(await first.getByRole('link', { name: '+39 0536 123 456' }).getAttribute('href')).toBe(
      'tel:+390536123456',
    );
    const photo = first.locator('img');
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(400);
    const about = readerPage.getByTestId('release-boilerplate');
    expect(await about.getByRole('heading').textContent()).toBe('About Tile Fair');
    expect(await about.textContent()).toContain(
      'The Tile Fair is where the ceramics world meets every autumn.',
    );
    await expectNoAxeViolations(readerPage);
    await reader.close();

    // In Arabic the section reads right to left; the English boilerplate keeps its own direction.
    const arabic = await journey.browser.newContext({ locale: 'ar' });
    await presetLanguage(arabic, 'ar');
    const arabicPage = await arabic.newPage();
    await openScreen(arabicPage, journey.server.url, '/home');
    await arabicPage.getByTestId('release-list').locator('a').first().click();
    await arabicPage.getByTestId('release-contacts').getByText('جهات الاتصال الصحفية').waitFor();
    // Job titles in Arabic where the contact has one, else in English.
    expect(await arabicPage.getByTestId('press-contact-role').allTextContents()).toEqual([
      'Exhibitor press relations',
      'رئيسة المكتب الصحفي',
      'الصحافة الدولية',
    ]);
    expect(await arabicPage.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await arabicPage.getByTestId('release-boilerplate').getAttribute('dir')).toBe('ltr');
    await expectNoAxeViolations(arabicPage);
    await arabic.close();
  });
  it("names the contacts of one release in its editor; its readers see only them, the others keep the site's", async () => {
    // The two newest releases of the reader's site, as its Home lists them: a release's contacts are named on
    // the sites it is on.
    const site = (await (await fetch(`${journey.server.url}/api/site/`)).json()) as { name: string };
    const groups = (await (
      await fetch(`${journey.server.url}/api/press_room/press_group/?format=datatables&length=100`)
    ).json()) as { data: { id: number; name: string }[] };
    const group = groups.data.find((entry) => entry.name === site.name);
    const list = (await (
      await fetch(
        `${journey.server.url}/api/press_room/press_release/?format=datatables&length=2&group=${group?.id}`,
      )
    ).json()) as { data: { id: number; title: string }[] };
    const [other, named] = list.data;
    const { context, page } = await signedInPage(journey, officer, `/admin/press-releases/${named.id}`, {
      context: { viewport: desktop },
    });
    const choices = page.getByTestId('release-contact-choice');
    await page.getByText("None ticked: the sites' press contacts speak for this release.").waitFor();
    await choices.filter({ hasText: 'David Klein' }).first().getByRole('checkbox').check();
    await page.getByText('This release names 1 contact of its own.').waitFor();
    await expectNoAxeViolations(page);
    await page.getByTestId('save-release-contacts').click();
    await expectNotification(page, 'success', 'The contacts of the release have been saved.');
    await context.close();

    const reader = await journey.browser.newContext({ locale: 'en-GB' });
    const readerPage = await reader.newPage();
    await openScreen(readerPage, journey.server.url, `/press-release/${named.id}`);
    const contacts = readerPage.getByTestId('press-contact');
    await expect.poll(() => contacts.allTextContents()).toEqual([expect.stringContaining('David Klein')]);
    await openScreen(readerPage, journey.server.url, `/press-release/${other.id}`);
    await expect.poll(() => contacts.count()).toBeGreaterThan(1);
    await reader.close();
  });
});
