import type { Company, DataTablesPage } from '@pressroom/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs } from './back-office-support.ts';
import { journeyUsers } from './journey-users.ts';
import { expectNoAxeViolations } from './press-content-support.ts';
import { launchBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { demoSeed, openScreen, relaxedRateLimits, signInThroughApi } from './web-app.ts';

const administrator = journeyUsers.globalAdministrator;
const companyAdministrator = journeyUsers.companyAdministrator;
const agent = journeyUsers.companyAgent;

/** Last year's list as an Excel user saves it in Italy: UTF-8 with a BOM, `;` between fields, CRLF. */
const csv = `\uFEFF${[
  'Ragione sociale;Città;CAP;Provincia;E-mail;Sito web',
  'Ceramiche Àurea S.p.A.;Sassuolo;41049;MO;stampa@aurea.test;www.aurea.test',
  'Gres Ñandú S.L.;Castellón de la Plana;12001;CS;ventas@nandu.test;',
  "Faïencerie Côte d'Émeraude;Saint-Malo;35400;;contact@emeraude.test;",
  'Piastrelle Sbagliate;Fiorano Modenese;41042;MO;non-una-email;',
].join('\r\n')}\r\n`;

describe('an administrator imports last year’s companies from a CSV file and manages users', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer({
      env: relaxedRateLimits,
      from: demoSeed(),
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('uploads, maps, checks and imports the file, then finds the report in the history', async () => {
    const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1366, height: 900 } });
    await signInThroughApi(context, server.url, administrator, 'en');
    const page = await context.newPage();

    // The demo's own companies (its fair's exhibitors) are there before the file.
    const api = await apiAs(server.url, administrator);
    const listed = () =>
      api<DataTablesPage<Company>>(
        '/api/back_office/companies/?format=datatables&length=-1&columns[0][data]=business_name&order[0][column]=0&order[0][dir]=asc',
      );
    const before = new Set((await listed()).data.map((company) => company.id));

    await openScreen(page, server.url, '/admin/imports');
    await page.getByTestId('import-table-empty').waitFor();
    await expectNoAxeViolations(page);
    await page.getByTestId('new-import').click();

    // Upload, with its progress bar.
    await page.getByTestId('import-file').setInputFiles({
      name: 'aziende-2024.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv, 'utf8'),
    });
    expect(await page.getByTestId('chosen-file').textContent()).toMatch(/^aziende-2024\.csv \(/);
    await expectNoAxeViolations(page);
    await page.getByTestId('upload').click();

    // A CSV has no tables: straight to the columns, the server's suggestions chosen.
    await page.getByTestId('import-step-mapping').waitFor();
    await page.getByTestId('mapping-row').first().waitFor();
    const chosen = (column: string) =>
      page.getByTestId(`mapping-${column}`).locator('[role=combobox]').textContent();
    expect(await chosen('Ragione sociale')).toBe('Business name');
    expect(await chosen('Città')).toBe('City');
    expect(await chosen('CAP')).toBe('Postal code');
    expect(await chosen('E-mail')).toBe('E-mail');
    expect(await page.getByTestId('mapping-table').textContent()).toContain('Ceramiche Àurea S.p.A.');
    await expectNoAxeViolations(page);

    // The dry run: progress from the server, then the row that would fail, with its reason.
    await page.getByTestId('start-dry-run').click();
    await page.getByTestId('summary-dry_run').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('dry_run-status').textContent()).toBe(
      'Check complete: nothing has been changed yet.',
    );
    expect(await page.getByTestId('summary-dry_run').getByTestId('summary-value').allTextContents()).toEqual([
      '4',
      '3',
      '0',
      '1',
    ]);
    await page.getByTestId('dry-run-rows-row').first().waitFor();
    expect(await page.getByTestId('dry-run-rows-row').count()).toBe(1);
    const failing = page.getByTestId('dry-run-rows-row').first();
    expect(await failing.textContent()).toContain('Piastrelle Sbagliate');
    expect(await failing.getByTestId('row-error').textContent()).toBe('E-mail: E-mail not valid');
    await expectNoAxeViolations(page);

    // The import, fed by the server's event stream, and its report.
    await page.getByTestId('start-import').click();
    await page.getByTestId('import-done').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('summary-import').getByTestId('summary-value').allTextContents()).toEqual([
      '4',
      '3',
      '0',
      '1',
    ]);
    await page.getByTestId('report-rows-row').nth(3).waitFor();
    const rows = await page.getByTestId('report-rows-row').allTextContents();
    expect(rows[0]).toContain('Ceramiche Àurea S.p.A.');
    expect(rows[0]).toContain('New company');
    expect(rows[3]).toContain('Invalid values');
    await expectNoAxeViolations(page);

    // The accented names arrived intact.
    const imported = (await listed()).data.filter((company) => !before.has(company.id));
    expect(imported.map((company) => [company.business_name, company.city])).toEqual([
      ['Ceramiche Àurea S.p.A.', 'Sassuolo'],
      ["Faïencerie Côte d'Émeraude", 'Saint-Malo'],
      ['Gres Ñandú S.L.', 'Castellón de la Plana'],
    ]);

    // The history keeps it, and its report.
    await page.getByRole('link', { name: 'Import history' }).first().click();
    await page.getByTestId('import-table-row').first().waitFor();
    expect(await page.getByTestId('import-table-row').first().textContent()).toContain(
      '3 created, 0 updated, 1 skipped',
    );
    await page.getByTestId('import-table-row').first().getByRole('link').click();
    await page.getByTestId('summary-import').waitFor();
    await page.getByTestId('report-rows-row').first().waitFor();
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('shows users, a user with the permissions widget, accreditations and error reports without axe violations', async () => {
    const api = await apiAs(server.url, administrator);
    const companies = await api<DataTablesPage<Company>>('/api/back_office/companies/?format=datatables');
    const companyId = companies.data[0]?.id;
    await fetch(`${server.url}/api/error_reports/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        message: 'TypeError: x is undefined',
        comments: 'After saving',
        url: '/#/home',
      }),
    });
    const users = await api<DataTablesPage<{ id: number; email: string }>>(
      '/api/back_office/users/?format=datatables&length=-1',
    );
    const agentId = users.data.find((user) => user.email === agent.email)!.id;
    const bossId = users.data.find((user) => user.email === companyAdministrator.email)!.id;
    for (const id of [agentId, bossId]) {
      await api(`/api/back_office/users/${id}/`, {
        method: 'PATCH',
        json: { user_type: 'COMPANY', company_id: companyId },
      });
    }

    const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1366, height: 900 } });
    await signInThroughApi(context, server.url, administrator, 'en');
    const page = await context.newPage();

    await openScreen(page, server.url, '/admin/users');
    await page.getByTestId('user-table-row').nth(2).waitFor();
    await expectNoAxeViolations(page);
    await page.getByTestId('user-table-search').fill('agente');
    await expect.poll(() => page.getByTestId('user-table-row').count()).toBe(1);

    await page.getByRole('link', { name: 'Aldo Agente' }).click();
    await page.getByTestId('permission-transfer').waitFor();
    await expectNoAxeViolations(page);
    // One extra permission through the widget: filter, Down to it, Space, Enter.
    await page.getByTestId('permission-transfer-available-filter').fill('magazines');
    await page.getByTestId('permission-transfer-available').focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Enter');
    await page.getByTestId('save-user').click();
    await page.getByTestId('notification-success').waitFor();
    const saved = await api<{ extra_permissions: string[] }>(`/api/back_office/users/${agentId}/`);
    expect(saved.extra_permissions).toEqual(['magazine.manage']);

    await openScreen(page, server.url, '/admin/accreditations');
    await page.getByTestId('accreditation-table-empty').waitFor();
    await expectNoAxeViolations(page);

    await openScreen(page, server.url, '/admin/error-reports');
    await page.getByTestId('error-report-table-row').first().waitFor();
    await page.getByTestId('error-report-open').first().click();
    await page.getByRole('dialog').getByText('After saving').waitFor();
    await expectNoAxeViolations(page);
    await context.close();

    // A company administrator sees their own company's agents only (the server scopes the list).
    const own = await browser.newContext({ locale: 'en-GB', viewport: { width: 1366, height: 900 } });
    await signInThroughApi(own, server.url, companyAdministrator, 'en');
    const ownPage = await own.newPage();
    await openScreen(ownPage, server.url, '/admin/users');
    await ownPage.getByTestId('user-table-row').first().waitFor();
    await expect.poll(() => ownPage.getByTestId('user-table-row').count()).toBe(2);
    expect(await ownPage.getByTestId('user-table').textContent()).not.toContain(administrator.email);
    await ownPage.getByRole('link', { name: 'Aldo Agente' }).click();
    await ownPage.getByTestId('user-roles').waitFor();
    expect(await ownPage.getByTestId('permission-transfer').count()).toBe(0);
    await expectNoAxeViolations(ownPage);
    await own.close();
  });
});
