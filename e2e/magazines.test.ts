import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, journalist, startPressServer } from './press-content-support.ts';
import { launchBrowser } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { openScreen, signInThroughApi } from './web-app.ts';

describe('a journalist looking for magazines', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startPressServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('filters international magazines to an empty result and reads the message', async () => {
    const context = await browser.newContext({ locale: 'en-GB' });
    await signInThroughApi(context, server.url, journalist, 'en');
    const page = await context.newPage();
    await openScreen(page, server.url, '/international-magazine');
    await page.getByTestId('magazine-card').first().waitFor();
    expect(await page.getByTestId('magazine-card').count()).toBe(8);
    await expectNoAxeViolations(page);

    await page.getByTestId('filter-territory').click();
    await page.getByRole('option', { name: 'Germany' }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('magazine-card').count()).toBe(2);
    await page.getByTestId('filter-month').click();
    await page.getByRole('option', { name: 'January' }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await page.getByTestId('magazines-empty').waitFor();
    expect(await page.getByTestId('magazines-empty').textContent()).toBe(
      'No magazine present with these filters',
    );
    expect(await page.getByTestId('magazine-card').count()).toBe(0);
    await expectNoAxeViolations(page);

    await openScreen(page, server.url, '/italianMagazine');
    await page.getByTestId('magazine-card').first().waitFor();
    expect(await page.getByTestId('filter-territory').count()).toBe(0);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('shows the empty message in Italian', async () => {
    const context = await browser.newContext({ locale: 'it-IT' });
    await signInThroughApi(context, server.url, journalist, 'it');
    const page = await context.newPage();
    await openScreen(page, server.url, '/italianMagazine?year=1999');
    await page.getByTestId('magazines-empty').waitFor();
    expect(await page.getByTestId('magazines-empty').textContent()).toBe(
      'Nessuna rivista presente con questi filtri',
    );
    await context.close();
  });
});
