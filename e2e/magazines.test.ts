import { describe, expect, it } from 'vitest';
import { signedInPage, startJourney } from './journey-support.ts';
import { expectNoAxeViolations, journalist, startPressServer } from './press-content-support.ts';
import { openScreen } from './web-app.ts';

describe('a journalist looking for magazines', () => {
  const journey = startJourney(() => startPressServer());

  it('filters international magazines to an empty result and reads the message', async () => {
    const { context, page } = await signedInPage(journey, journalist, '/international-magazine');
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

    await openScreen(page, journey.server.url, '/italianMagazine');
    await page.getByTestId('magazine-card').first().waitFor();
    expect(await page.getByTestId('filter-territory').count()).toBe(0);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('shows the empty message in Italian', async () => {
    const { context, page } = await signedInPage(journey, journalist, '/italianMagazine?year=1999', {
      language: 'it',
      context: { locale: 'it-IT' },
    });
    await page.getByTestId('magazines-empty').waitFor();
    expect(await page.getByTestId('magazines-empty').textContent()).toBe(
      'Nessuna rivista presente con questi filtri',
    );
    await context.close();
  });
});
