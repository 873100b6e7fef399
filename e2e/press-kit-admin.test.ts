import { describe, expect, it } from 'vitest';
import { officer, startOfficeServer } from './content-admin-support.ts';
import { desktop, signedInPage, startJourney } from './journey-support.ts';
import { expectNoAxeViolations, journalist } from './press-content-support.ts';
import { expectNotification } from './web-app.ts';

const pdf = (text: string) =>
  Buffer.from(
    `%PDF-1.4\n% ${text}\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );

describe('a press officer arranges the press kit that journalists download', () => {
  const journey = startJourney(() => startOfficeServer());

  it('adds a document, moves it to the top, replaces its file and deletes it', async () => {
    const { context, page } = await signedInPage(journey, officer, '/home', {
      context: { viewport: desktop },
    });
    await page.getByRole('link', { name: 'Press kit editing' }).click();
    await page.waitForURL(/#\/admin\/press-kit/);
    const documents = page.getByTestId('press-kit-admin-document');
    await documents.first().waitFor();
    const before = await documents.count();
    await expectNoAxeViolations(page);

    // A new document goes to the end of the English kit of this site.
    await page.getByTestId('new-document').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('To the press kit of Tile Fair in English.').waitFor();
    await dialog.getByTestId('save-document').click();
    await dialog.getByText('Field required').waitFor();
    await dialog.getByText('Choose the file of the document.').waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByTestId('document-title').fill('Exhibitor list 2025');
    await dialog.getByTestId('document-description').fill('Every exhibitor with hall and stand.');
    await dialog
      .getByTestId('document-file')
      .setInputFiles({ name: 'exhibitors.pdf', mimeType: 'application/pdf', buffer: pdf('first') });
    await dialog.getByTestId('save-document').click();
    await expectNotification(page, 'success', 'The document has been added.');
    await expect.poll(() => documents.count()).toBe(before + 1);
    await documents.last().getByText('Exhibitor list 2025').waitFor();

    // Up to the top, one step at a time.
    const added = documents.filter({ hasText: 'Exhibitor list 2025' });
    const place = () =>
      documents.evaluateAll((items) =>
        items.findIndex((item) => item.textContent?.includes('Exhibitor list 2025')),
      );
    for (let index = before; index > 0; index--) {
      await expect.poll(() => added.getByTestId('document-up').isEnabled()).toBe(true);
      await added.getByTestId('document-up').click();
      await expect.poll(place).toBe(index - 1);
    }
    await expectNotification(page, 'success', 'The order has been changed.');
    await expect.poll(() => documents.first().textContent()).toContain('Exhibitor list 2025');
    expect(await documents.first().getByTestId('document-up').isDisabled()).toBe(true);

    // A new file in the same place.
    await documents
      .first()
      .getByTestId('replace-document')
      .setInputFiles({ name: 'exhibitors-v2.pdf', mimeType: 'application/pdf', buffer: pdf('second') });
    await expectNotification(page, 'success', 'The file has been replaced.');
    await expect.poll(() => documents.first().textContent()).toContain('exhibitors-v2.pdf');
    expect(await documents.count()).toBe(before + 1);

    // Journalists get the kit in this order.
    const { context: reader, page: readerPage } = await signedInPage(journey, journalist, '/press-kit');
    await readerPage.getByTestId('press-kit-zip').waitFor();
    const firstDocument = readerPage.locator('a[download]').first();
    await expect
      .poll(() => firstDocument.getAttribute('aria-label'))
      .toMatch(/^Download Exhibitor list 2025 \(/);
    await reader.close();

    await documents.first().getByTestId('delete-document').click();
    await page
      .getByRole('dialog')
      .getByText('“Exhibitor list 2025” is removed from the press kit for good.')
      .waitFor();
    await page.getByTestId('confirm-delete').click();
    await expectNotification(page, 'success', 'The document has been deleted.');
    await expect.poll(() => documents.count()).toBe(before);
    await context.close();
  });
});
