import { describe, expect, it } from 'vitest';
import { desktop, startJourney } from './journey-support.ts';
import { expectNoAxeViolations, startPressServer } from './press-content-support.ts';

interface DirectoryAnswer {
  results: { id: number; company: { name: string } }[];
}

describe("the fair's exhibitors read from their public addresses, as crawlers and readers without JavaScript do", () => {
  const journey = startJourney(() => startPressServer());

  /** The demo's exhibitor with an accented name, as the directory's API names it. */
  async function provence() {
    const directory = (await (
      await fetch(`${journey.server.url}/api/site/exhibitors/?search=provence`)
    ).json()) as DirectoryAnswer;
    const [exhibitor] = directory.results;
    expect(exhibitor.company.name).toBe('Céramiques de Provence');
    return exhibitor;
  }

  it('finds an exhibitor and reads its press box with JavaScript off on a 320 px screen, nothing wider than it', async () => {
    const exhibitor = await provence();
    const context = await journey.browser.newContext({
      locale: 'en-GB',
      viewport: { width: 320, height: 640 },
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    const directory = await page.goto(`${journey.server.url}/exhibitors/?lang=en`);
    expect(directory?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/^Exhibitors: /);
    expect(await page.getByRole('heading', { level: 2, name: /^Hall / }).allTextContents()).toEqual([
      'Hall 5',
      'Hall 6',
      'Hall 7',
      'Hall 8',
    ]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    // The search form is a plain GET: typed without accents or capitals, it finds the accented name.
    await page.getByLabel('Search by company or brand').fill('ceramiques');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/search=ceramiques/);
    expect(await page.locator('ul.exhibitors a').allTextContents()).toEqual(['Céramiques de Provence']);
    await page.getByRole('link', { name: 'Céramiques de Provence' }).click();

    await page.waitForURL(/\/exhibitors\/\d+-ceramiques-de-provence\?lang=en$/);
    expect(page.url()).toBe(
      `${journey.server.url}/exhibitors/${exhibitor.id}-ceramiques-de-provence?lang=en`,
    );
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Céramiques de Provence');
    expect(await page.getByRole('article').textContent()).toContain('Hall 7, stand D08');
    expect(await page.getByRole('heading', { name: 'Press contacts' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    const structured = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '',
    ) as Record<string, unknown>;
    expect(structured).toMatchObject({ '@type': 'Organization', name: 'Céramiques de Provence' });
    const logo = await page.locator('meta[property="og:image"]').getAttribute('content');
    const picture = await fetch(logo ?? '');
    expect([picture.status, picture.headers.get('content-type')]).toEqual([200, 'image/png']);

    const sitemap = await (await fetch(`${journey.server.url}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${page.url()}</loc>`);
    await context.close();
  });

  it('passes axe on the directory, an exhibitor and a missing one, in light, dark and Arabic', async () => {
    const exhibitor = await provence();
    for (const options of [
      { colorScheme: 'light' as const, language: 'en' },
      { colorScheme: 'dark' as const, language: 'en' },
      { colorScheme: 'light' as const, language: 'ar' },
    ]) {
      const context = await journey.browser.newContext({
        locale: 'en-GB',
        viewport: desktop,
        colorScheme: options.colorScheme,
      });
      const page = await context.newPage();
      const direction = options.language === 'ar' ? 'rtl' : 'ltr';
      for (const [path, status] of [
        [`/exhibitors/?lang=${options.language}`, 200],
        [`/exhibitors/${exhibitor.id}?lang=${options.language}`, 200],
        [`/exhibitors/999999-nobody?lang=${options.language}`, 404],
      ] as const) {
        const response = await page.goto(`${journey.server.url}${path}`);
        expect([path, response?.status()]).toEqual([path, status]);
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect(await page.locator('html').getAttribute('dir')).toBe(direction);
        await expectNoAxeViolations(page);
      }
      await context.close();
    }
  });
});
