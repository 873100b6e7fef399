import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { officer, startOfficeServer } from './content-admin-support.ts';
import { desktop, signedInPage, startJourney } from './journey-support.ts';
import { expectNoAxeViolations, journalist } from './press-content-support.ts';
import { expectNotification } from './web-app.ts';

const title = 'Ceramic Review Tokyo';

describe('a press officer adds an international magazine that journalists then find', () => {
  const journey = startJourney(() => startOfficeServer());

  it('refuses a bad link with "Url not valid", saves the magazine with a cover, filters, and deletes it', async () => {
    const { context, page } = await signedInPage(journey, officer, '/home', {
      context: { viewport: desktop },
    });
    await page.getByRole('link', { name: 'Magazine editing' }).click();
    await page.waitForURL(/#\/admin\/magazines/);
    await page.getByTestId('admin-magazine-row').first().waitFor();
    await expectNoAxeViolations(page);

    await page.getByTestId('new-magazine').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('magazine-kind').click();
    await page.getByRole('option', { name: 'International' }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await dialog.getByTestId('magazine-title').fill(title);
    await dialog.getByTestId('magazine-publisher').fill('Kiln Press');
    await dialog.getByTestId('magazine-territory').fill('Japan');
    await dialog.getByTestId('magazine-source-link').check();
    await dialog.getByTestId('magazine-link').fill('not a link');
    await dialog.getByTestId('save-magazine').click();
    await dialog.getByText('Url not valid').waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByTestId('magazine-link').fill('https://review.example.jp/tiles');
    const cover = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#2050a0' } })
      .png()
      .toBuffer();
    await dialog
      .getByTestId('magazine-cover')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: cover });
    await dialog.getByTestId('save-magazine').click();
    await expectNotification(page, 'success', 'The magazine has been added.');
    await dialog.waitFor({ state: 'detached' });

    // The table, filtered down to the new one.
    await page.getByTestId('filter-kind').click();
    await page.getByRole('option', { name: 'International' }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await page.getByLabel('Territory').click();
    await page.getByRole('option', { name: 'Japan' }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('admin-magazine-row').count()).toBe(1);
    const row = page.getByTestId('admin-magazine-row');
    await row.getByText(title).waitFor();
    expect(await row.getByRole('link', { name: 'Link' }).getAttribute('href')).toBe(
      'https://review.example.jp/tiles',
    );
    await expect
      .poll(() => row.getByRole('img').evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await expectNoAxeViolations(page);

    // A journalist finds it on the international screen.
    const { context: reader, page: readerPage } = await signedInPage(
      journey,
      journalist,
      '/international-magazine?territory=Japan',
    );
    await readerPage.getByTestId('magazine-card').filter({ hasText: title }).waitFor();
    await reader.close();

    // Deleted after a confirmation: the filters now find nothing.
    await row.getByTestId('delete-magazine').click();
    await page.getByRole('dialog').getByText(`“${title}” is deleted for good.`).waitFor();
    await expectNoAxeViolations(page);
    await page.getByTestId('confirm-delete').click();
    await expectNotification(page, 'success', 'The magazine has been deleted.');
    await page.getByText('No magazine present with these filters').waitFor();
    await context.close();
  });
});
