import { describe, expect, it } from 'vitest';
import { demoAdministrator } from '../apps/api/src/demo/seed-demo.ts';
import { apiAs } from './back-office-support.ts';
import { desktop, startJourney } from './journey-support.ts';
import { expectNoAxeViolations, startPressServer } from './press-content-support.ts';

interface ListedRelease {
  id: number;
  title: string;
  language: string;
  languages: string[];
  page_path: string | null;
}

describe('a release read from its public address, as crawlers and readers without JavaScript do', () => {
  const journey = startJourney(() => startPressServer());

  /** The newest public release of the site on localhost with an image, in English, as its list names it. */
  async function newestRelease(): Promise<ListedRelease & { page_path: string }> {
    const site = (await (await fetch(`${journey.server.url}/api/site/`)).json()) as { name: string };
    const groups = (await (
      await fetch(`${journey.server.url}/api/press_room/press_group/?name=${encodeURIComponent(site.name)}`)
    ).json()) as { results: { id: number }[] };
    const list = (await (
      await fetch(
        `${journey.server.url}/api/press_room/press_release/?language=en&page_size=20&group=${groups.results[0].id}`,
      )
    ).json()) as { results: ListedRelease[] };
    // The newest with an image: its page has a social card picture.
    for (const release of list.results) {
      const detail = (await (
        await fetch(`${journey.server.url}/api/press_room/press_release/${release.id}/?language=en`)
      ).json()) as { images: unknown[] };
      if (release.page_path && detail.images.length > 0) return { ...release, page_path: release.page_path };
    }
    throw new Error('the demo site has no public release with an image');
  }

  it('shows the text with JavaScript off, with its social card, structured data and sitemap entry', async () => {
    const release = await newestRelease();
    const address = `${journey.server.url}${release.page_path}?lang=en`;
    const context = await journey.browser.newContext({
      locale: 'en-GB',
      viewport: { width: 390, height: 844 },
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    const response = await page.goto(address);
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(release.title);
    expect(await page.locator('html').getAttribute('dir')).toBe('ltr');
    expect(await page.getByRole('article').textContent()).toMatch(/Press release no\. \d+\/\d{4}/);
    // Readable on a phone: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const meta = async (property: string) =>
      page.locator(`meta[property="${property}"], meta[name="${property}"]`).getAttribute('content');
    expect(await meta('og:type')).toBe('article');
    expect(await meta('og:title')).toBe(release.title);
    expect(await meta('og:url')).toBe(address);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(address);
    const hreflangs = await page
      .locator('link[rel="alternate"][hreflang]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('hreflang')));
    expect(hreflangs).toEqual([...release.languages, 'x-default']);
    const image = await meta('og:image');
    const card = await fetch(image ?? '');
    expect([card.status, card.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    expect([await meta('og:image:width'), await meta('og:image:height')]).toEqual(['1200', '630']);
    expect(await meta('twitter:card')).toBe('summary_large_image');
    const structured = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '',
    ) as Record<string, unknown>;
    expect(structured).toMatchObject({
      '@type': 'NewsArticle',
      headline: release.title,
      inLanguage: 'en',
      mainEntityOfPage: { '@id': address },
      publisher: { '@type': 'Organization' },
    });
    expect(Number.isNaN(Date.parse(String(structured.datePublished)))).toBe(false);

    const sitemap = await (await fetch(`${journey.server.url}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${address}</loc>`);

    // The way in for journalists: the release in the web app.
    expect(await page.getByRole('link', { name: 'Open in the press room' }).last().getAttribute('href')).toBe(
      `/#/press-release/${release.id}`,
    );
    await context.close();
  });

  it('passes axe in light and dark, and right to left in Arabic, with a link into the web app', async () => {
    const release = await newestRelease();
    // The page in Arabic reads right to left: the press office adds an Arabic translation if the release has
    // none (the demo writes some of its releases in all seven languages).
    const editing = `/api/press_room/admin/press_release/${release.id}/`;
    const asAdministrator = await apiAs(journey.server.url, demoAdministrator);
    const { translations } = await asAdministrator<{
      translations: { language: string; title: string; subtitle: string; body: string }[];
    }>(editing);
    if (!translations.some((translation) => translation.language === 'ar')) {
      await asAdministrator(editing, {
        method: 'PATCH',
        json: {
          translations: [
            ...translations,
            {
              language: 'ar',
              title: 'معرض البلاط يعلن مواعيده',
              subtitle: '',
              body: '<p>خمسة أيام من السيراميك.</p>',
            },
          ],
        },
      });
    }
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
      const response = await page.goto(`${journey.server.url}${release.page_path}?lang=${options.language}`);
      expect(response?.status()).toBe(200);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe(options.language === 'ar' ? 'rtl' : 'ltr');
      await expectNoAxeViolations(page);
      if (options.language === 'en' && options.colorScheme === 'light') {
        await page.getByRole('link', { name: 'Open in the press room' }).last().click();
        await page.getByTestId('release-article').waitFor();
        expect(page.url()).toBe(`${journey.server.url}/#/press-release/${release.id}`);
      }
      await context.close();
    }
  });
  it('passes axe on the list of releases and on the page of a missing release, in light, dark and Arabic', async () => {
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

      const list = await page.goto(`${journey.server.url}/releases/?lang=${options.language}`);
      expect(list?.status()).toBe(200);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
        options.language === 'ar' ? 'البيانات الصحفية' : 'Press releases',
      );
      expect(await page.locator('ul.releases > li').count()).toBeGreaterThan(0);
      expect(await page.locator('html').getAttribute('dir')).toBe(direction);
      await expectNoAxeViolations(page);

      const missing = await page.goto(
        `${journey.server.url}/releases/2026-999999-nothing?lang=${options.language}`,
      );
      expect(missing?.status()).toBe(404);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
        options.language === 'ar' ? 'هذا البيان غير متاح' : 'This release is not available',
      );
      expect(await page.locator('html').getAttribute('dir')).toBe(direction);
      await expectNoAxeViolations(page);
      await context.close();
    }
  });
});
