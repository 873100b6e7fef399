import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { apiAs } from './back-office-support.ts';
import { officer, startOfficeServer } from './content-admin-support.ts';
import { desktop, signedInPage, startJourney } from './journey-support.ts';
import { expectNoAxeViolations, journalist } from './press-content-support.ts';
import { qrOfBadge } from './support/badge-qr.ts';
import { expectNotification, openScreen, presetDarkMode, signInThroughApi } from './web-app.ts';

/** A day `days` from today, as a date field takes it. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Chooses an option of an MUI select by the select's label (within `scope`) and the option's name. */
async function choose(page: Page, label: string, option: string, scope: Page | Locator = page) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('accreditation with proof: request, question, answer, approval, badge checked at the gate', () => {
  const journey = startJourney(() => startOfficeServer());

  it('takes a journalist from the request with a press card to a badge whose QR code checks valid', async () => {
    const siteName = (await (await fetch(`${journey.server.url}/api/site/`)).json()).name as string;

    // The press office opens an edition of the fair on this site.
    const office = await signedInPage(journey, officer, '/admin/accreditation', {
      context: { viewport: desktop },
    });
    await office.page.getByTestId('add-edition').click();
    await choose(office.page, 'Site', siteName);
    await office.page.getByTestId('edition-name').fill('Tile Fair 2027');
    await office.page.getByTestId('edition-starts').fill(inDays(20));
    await office.page.getByTestId('edition-ends').fill(inDays(24));
    await expectNoAxeViolations(office.page);
    await office.page.getByTestId('edition-save').click();
    await expectNotification(office.page, 'success', 'The edition has been saved.');
    await office.page.getByTestId('editions').getByText('Tile Fair 2027').waitFor();

    // The journalist asks, from the profile, with a photo of the press card, in the new edition's section (the
    // demo's own edition, ten days ahead, is open for requests too).
    const reporter = await signedInPage(journey, journalist, '/account/user-profile', {
      context: { viewport: desktop },
    });
    await reporter.page.getByTestId('profile-accreditation').click();
    const section = reporter.page.getByRole('region', { name: /Tile Fair 2027/ });
    await section.getByTestId('accreditation-form').waitFor();
    await choose(reporter.page, 'Media type', 'Newspapers', section);
    await section.getByTestId('accreditation-outlet').fill('Il Giornale della Ceramica');
    await section.getByTestId('accreditation-role').fill('Editor');
    // Sent without proof, the form says what is missing and nothing is sent.
    await section.getByTestId('accreditation-send').click();
    expect(await section.getByTestId('proof-error').textContent()).toBe(
      'Add a proof: a press card, a masthead listing you or a recent bylined article.',
    );
    const card = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#3a6ea5' } })
      .png()
      .toBuffer();
    await section
      .getByTestId('proof-input')
      .setInputFiles({ name: 'press-card.png', mimeType: 'image/png', buffer: card });
    await section.getByText('press-card.png').waitFor();
    await expectNoAxeViolations(reporter.page);
    await section.getByTestId('accreditation-send').click();
    await expectNotification(reporter.page, 'success', 'Your request has been sent.');
    const status = section.getByTestId('request-status');
    await status.waitFor();
    expect(await status.getAttribute('data-status')).toBe('received');

    // The office sees the proof inline and asks for the masthead.
    await office.page.reload();
    const row = office.page
      .locator('[data-testid^="queue-row-"]')
      .filter({ hasText: 'Il Giornale della Ceramica' });
    await row.waitFor();
    const requestId = Number((await row.getAttribute('data-testid'))?.replace('queue-row-', ''));
    await office.page.getByTestId(`toggle-${requestId}`).click();
    const proofImage = office.page.getByTestId('proof-image');
    await proofImage.waitFor();
    await expect
      .poll(() => proofImage.evaluate((image) => (image as HTMLImageElement).naturalWidth))
      .toBe(640);
    await expectNoAxeViolations(office.page);
    await office.page.getByTestId(`ask-${requestId}`).click();
    await office.page.getByTestId('decision-message').fill('Please send the masthead that lists you.');
    await office.page.getByTestId('decision-send').click();
    await expectNotification(
      office.page,
      'success',
      'The request has been updated and the journalist mailed.',
    );

    // The journalist reads the question and answers it with the masthead.
    await reporter.page.reload();
    await section.getByTestId('office-question').waitFor();
    expect(await section.getByTestId('office-question').textContent()).toBe(
      'Please send the masthead that lists you.',
    );
    await section.getByTestId('answer-text').fill('Here is the masthead of the March issue.');
    await section.getByTestId('proof-input').setInputFiles({
      name: 'masthead.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
    });
    await expectNoAxeViolations(reporter.page);
    await section.getByTestId('answer-send').click();
    await expectNotification(reporter.page, 'success', 'Your answer has been sent.');
    await expect.poll(() => status.getAttribute('data-status')).toBe('received');

    // The office approves it, selected in the list as one would several.
    await office.page.reload();
    await office.page.getByRole('checkbox', { name: 'Select the request of Anna Rossi' }).check();
    expect(await office.page.getByTestId('selected-count').textContent()).toBe('1 request selected');
    await office.page.getByTestId('bulk-approve').click();
    await expectNotification(
      office.page,
      'success',
      'The request has been updated and the journalist mailed.',
    );

    // The journalist downloads the badge; its QR code leads to a page the gate reads as valid.
    await reporter.page.reload();
    await section.getByTestId('download-badge').waitFor();
    const [download] = await Promise.all([
      reporter.page.waitForEvent('download'),
      section.getByTestId('download-badge').click(),
    ]);
    const pdf = await readFile((await download.path()) ?? '');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const checkAddress = (await qrOfBadge(pdf)) ?? '';
    expect(checkAddress).toMatch(/\/badges\/[\w-]{22}\.[\w-]{22}$/);
    const token = checkAddress.split('/badges/')[1];
    const gate = await journey.browser.newContext({ locale: 'en-GB' });
    const gatePage = await gate.newPage();
    // The QR names the site's public address; the test reaches the same server on its own address.
    await gatePage.goto(`${journey.server.url}/badges/${token}`);
    expect(await gatePage.locator('[data-verdict]').getAttribute('data-verdict')).toBe('valid');
    expect(await gatePage.locator('h1').textContent()).toBe('Valid press badge');
    expect(await gatePage.locator('dd').allTextContents()).toEqual([
      'Anna Rossi',
      'Il Giornale della Ceramica',
      'Tile Fair 2027',
    ]);
    await expectNoAxeViolations(gatePage);

    // Withdrawn, the same badge reads invalid at the gate.
    const asOfficer = await apiAs(journey.server.url, officer);
    await asOfficer('/api/back_office/accreditation_requests/decide/', {
      json: { ids: [requestId], decision: 'reject', message: 'Outlet closed.' },
    });
    await gatePage.reload();
    expect(await gatePage.locator('[data-verdict]').getAttribute('data-verdict')).toBe('invalid');
    expect(await gatePage.locator('dd').count()).toBe(0);
    await gate.close();
    await reporter.context.close();
    await office.context.close();
  });

  it('shows both accreditation screens right to left in Arabic, in dark mode, without axe violations', async () => {
    for (const [account, route, heading] of [
      [journalist, '/account/accreditation', 'الاعتماد'],
      [officer, '/admin/accreditation', 'الاعتمادات'],
    ] as const) {
      const context = await journey.browser.newContext({
        locale: 'ar',
        viewport: desktop,
        colorScheme: 'dark',
      });
      await presetDarkMode(context);
      await signInThroughApi(context, journey.server.url, account, 'ar');
      const page = await context.newPage();
      await openScreen(page, journey.server.url, route);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(
        'rgb(255, 255, 255)',
      );
      await expectNoAxeViolations(page);
      await context.close();
    }
  });
});
