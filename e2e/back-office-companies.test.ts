import type { Company } from '@pressroom/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, focusedTestId, optionTexts, tabTo } from './back-office-support.ts';
import { journeyUsers } from './journey-users.ts';
import { expectNoAxeViolations } from './press-content-support.ts';
import { launchBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { demoSeed, expectNotification, openScreen, relaxedRateLimits } from './web-app.ts';

// Holds only administrator_associated_companies: signs in to the back office only (PRODUCT.md section 3).
const companiesAdmin = journeyUsers.companiesAdministrator;
const brandNames = ['Atlas Concorde', 'Bisazza', "Cotto d'Este", 'Marazzi'];

describe('an associated-companies administrator keeps a member company and its brands', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer({
      env: relaxedRateLimits,
      from: demoSeed(),
    });
    browser = await launchBrowser();
    const api = await apiAs(server.url, companiesAdmin);
    for (const name of brandNames) await api('/api/back_office/brands/', { json: { name } });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs in to the back office, creates a company, assigns two brands by keyboard only and deletes it', async () => {
    const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();

    // Sign-in lands on the companies, the only part of the application this role may use.
    await openScreen(page, server.url, '/account/login');
    await page.locator('input[name=email]').fill(companiesAdmin.email);
    await page.locator('input[name=password]').fill(companiesAdmin.password);
    await page.locator('form button[type=submit]').click();
    await page.waitForURL(/#\/admin\/companies$/, { timeout: 10_000 });
    // The demo's companies are its fair's exhibitors.
    await page.getByTestId('company-table-row').first().waitFor();
    const companiesBefore = await apiAs(server.url, companiesAdmin).then((api) =>
      api<{ recordsTotal: number }>('/api/back_office/companies/?format=datatables'),
    );
    expect(await page.getByRole('link', { name: 'Companies', exact: true }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Users', exact: true }).count()).toBe(0);
    await expectNoAxeViolations(page);

    // A new company: the contract's messages under the wrong fields, nothing sent.
    await page.getByTestId('new-company').click();
    await page.getByTestId('company-vat').fill('IT123');
    await page.getByTestId('company-email').fill('not-an-address');
    await page.getByTestId('company-website').fill('not a website');
    await page.getByTestId('save-company').click();
    const messageOf = async (field: string) => {
      const describedBy = await page.getByTestId(`company-${field}`).getAttribute('aria-describedby');
      return describedBy ? page.locator(`[id="${describedBy}"]`).textContent() : null;
    };
    await expect.poll(() => messageOf('business_name')).toBe('Field required');
    expect(await messageOf('vat')).toBe('Field not valid');
    expect(await messageOf('email')).toBe('E-mail not valid');
    expect(await messageOf('website')).toBe('Url not valid');
    await expectNoAxeViolations(page);

    await page.getByTestId('company-business_name').fill('Ceramiche Àurea S.p.A.');
    await page.getByTestId('company-vat').fill('');
    await page.getByTestId('company-email').fill('stampa@aurea.test');
    await page.getByTestId('company-website').fill('www.aurea.test');
    await page.getByTestId('company-city').fill('Sassuolo');
    await page.getByTestId('company-address').fill('Via Radici in Piano 1');
    await page.getByTestId('same-as-registered').click();
    expect(await page.getByTestId('company-pubBusinessName').inputValue()).toBe('Ceramiche Àurea S.p.A.');
    expect(await page.getByTestId('company-pubCity').inputValue()).toBe('Sassuolo');
    expect(await page.getByTestId('company-pubEmail').inputValue()).toBe('stampa@aurea.test');
    await page.getByTestId('company-pubCity').fill('Modena');
    await page.getByTestId('save-company').click();
    await expectNotification(page, 'success', 'The company has been saved.');
    await page.waitForURL(/#\/admin\/companies\/\d+$/);
    const id = Number(/(\d+)$/.exec(page.url())?.[1]);
    // The address changes before the saved company's screen replaces the new-company form (the route is
    // checked first); only that screen offers to delete. Brands moved on the form it replaces would be lost.
    await page.getByTestId('delete-company').waitFor();

    // Brands with the keyboard only: Tab into the available list, Space selects, Shift+Down extends, Tab to
    // the move button, Enter moves; the move is announced.
    await page.getByTestId('brand-transfer-available-option').first().waitFor();
    expect(await page.getByTestId('brand-transfer-assigned-empty').textContent()).toBe('No items');
    await tabTo(page, 'brand-transfer-available-filter');
    await page.keyboard.press('Tab');
    expect(await focusedTestId(page)).toBe('brand-transfer-available');
    await page.keyboard.press('Space');
    await page.keyboard.press('Shift+ArrowDown');
    expect(
      await page
        .getByTestId('brand-transfer-available')
        .locator('[role=option][aria-selected=true]')
        .allTextContents(),
    ).toEqual(['Atlas Concorde', 'Bisazza']);
    await page.keyboard.press('Tab');
    expect(await focusedTestId(page)).toBe('brand-transfer-move-selected-assigned');
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('brand-transfer-announcement').textContent()).toBe(
      '2 items moved to Brands of the company',
    );
    expect(await optionTexts(page, 'brand-transfer-assigned')).toEqual(['Atlas Concorde', 'Bisazza']);
    expect(await optionTexts(page, 'brand-transfer-available')).toEqual(["Cotto d'Este", 'Marazzi']);
    await expectNoAxeViolations(page);

    // The filter of a list, then Ctrl+A and Enter move what it shows; the empty side says so.
    await tabTo(page, 'brand-transfer-available-filter', { backwards: true });
    await page.keyboard.type('mara');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('brand-transfer-announcement').textContent()).toBe(
      '1 item moved to Brands of the company',
    );
    expect(await page.getByTestId('brand-transfer-available-empty').textContent()).toBe('No items');
    // ... and back again from the assigned list: Down to it, Space, Enter.
    await tabTo(page, 'brand-transfer-assigned');
    await page.keyboard.press('End');
    await page.keyboard.press('Space');
    await page.keyboard.press('Enter');
    expect(await optionTexts(page, 'brand-transfer-assigned')).toEqual(['Atlas Concorde', 'Bisazza']);

    await tabTo(page, 'save-company');
    await page.keyboard.press('Enter');
    await expectNotification(page, 'success', 'The company has been saved.');

    const api = await apiAs(server.url, companiesAdmin);
    const saved = await api<Company>(`/api/back_office/companies/${id}/`);
    expect(saved.brands.map((brand) => brand.name)).toEqual(['Atlas Concorde', 'Bisazza']);
    expect({
      pubBusinessName: saved.pubBusinessName,
      pubCity: saved.pubCity,
      website: saved.website,
    }).toEqual({
      pubBusinessName: 'Ceramiche Àurea S.p.A.',
      pubCity: 'Modena',
      website: 'http://www.aurea.test',
    });

    // The list searches on the server, by an accented name.
    await openScreen(page, server.url, '/admin/companies');
    await page.getByTestId('company-table-search').fill('àurea');
    await expect.poll(() => page.getByTestId('company-table-row').count()).toBe(1);
    expect(await page.getByTestId('company-table-row').textContent()).toContain('Atlas Concorde');

    // Deleted after confirmation.
    await page.getByRole('link', { name: 'Ceramiche Àurea S.p.A.' }).click();
    await page.getByTestId('delete-company').click();
    await page.getByTestId('delete-company-dialog-confirm').waitFor();
    await expectNoAxeViolations(page);
    await page.getByTestId('delete-company-dialog-confirm').click();
    await expectNotification(page, 'success', 'The company has been deleted.');
    await page.waitForURL(/#\/admin\/companies$/);
    const list = await api<{ recordsTotal: number }>('/api/back_office/companies/?format=datatables');
    expect(list.recordsTotal).toBe(companiesBefore.recordsTotal);
    await context.close();
  });
});
