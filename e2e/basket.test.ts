import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readZip } from '../apps/api/src/test-support/press-content.ts';
import { tabTo } from './back-office-support.ts';
import { officer, startOfficeServer } from './content-admin-support.ts';
import { desktop, startJourney } from './journey-support.ts';
import { expectNoAxeViolations, journalist } from './press-content-support.ts';
import { expectNotification, openScreen, signInThroughApi } from './web-app.ts';

/** What the header's basket says of it (its accessible name): the count and the size. */
const headerLabel = (page: Page) => page.getByTestId('header-basket').getAttribute('aria-label');

describe('the basket: pictures from two galleries on two sites, downloaded in one size, then counted', () => {
  // Counts written every second, so the dashboard shows the downloads a moment later.
  const journey = startJourney(() => startOfficeServer({ env: { READ_COUNT_FLUSH_SECONDS: '1' } }));

  /** The press office's calls with its token (sites are named in the bodies, so any hostname will do). */
  async function asOffice() {
    const { token } = (await (
      await fetch(`${journey.server.url}/api/account/token-auth/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(officer),
      })
    ).json()) as { token: string };
    return async <T>(path: string, body: unknown, method = 'POST'): Promise<T> => {
      const response = await fetch(`${journey.server.url}${path}`, {
        method,
        headers: {
          authorization: `JWT ${token}`,
          ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }),
        },
        body: body instanceof FormData ? body : JSON.stringify(body),
      });
      const text = await response.text();
      expect(response.status, `${path}: ${text}`).toBeLessThan(300);
      return JSON.parse(text) as T;
    };
  }

  /** A site's gallery with large photographs, as a picture desk uploads them. */
  async function galleryOn(hostname: string, name: string, files: { name: string; width: number }[]) {
    const call = await asOffice();
    const site = (await journey.server.request(hostname, '/api/site/')).json<{ name: string }>();
    const groups = (
      await journey.server.request(
        hostname,
        `/api/press_room/press_group/?name=${encodeURIComponent(site.name)}`,
      )
    ).json<{ results: { id: number }[] }>();
    const category = await call<{ id: number }>('/api/press_room/gallery/categories/', {
      name: { en: `${name} hall` },
      parent: null,
      groups: [groups.results[0].id],
    });
    const gallery = await call<{ id: number }>('/api/press_room/gallery/galleries/', {
      name: { en: name },
      category: category.id,
    });
    const form = new FormData();
    form.append('credit', 'Studio Faenza');
    form.append('usage_terms', 'Editorial use only');
    for (const file of files) {
      const bytes = await sharp({
        create: { width: file.width, height: (file.width * 2) / 3, channels: 3, background: '#8a5a3a' },
      })
        .jpeg()
        .toBuffer();
      form.append('files', new Blob([bytes], { type: 'image/jpeg' }), file.name);
    }
    await call(`/api/press_room/gallery/galleries/${gallery.id}/images/`, form);
    return gallery.id;
  }

  it('fills the basket on the fair and the association sites (a 25-picture gallery in and out at once), removes a picture and empties it with the keyboard, downloads it in web size: 1600 px pictures', async () => {
    const stands = await galleryOn('fair.localhost', 'Stands 2027', [
      { name: 'stand-a.jpg', width: 2400 },
      { name: 'stand-b.jpg', width: 3600 },
    ]);
    const assembly = await galleryOn('association.localhost', 'Assembly 2027', [
      { name: 'assembly.jpg', width: 2100 },
    ]);
    const booths = await galleryOn(
      'fair.localhost',
      'Booths 2027',
      Array.from({ length: 25 }, (_, index) => ({ name: `booth-${index + 1}.jpg`, width: 300 })),
    );

    const context = await journey.browser.newContext({ locale: 'en-GB', viewport: desktop });
    await signInThroughApi(context, journey.server.url, journalist, 'en');
    const page = await context.newPage();

    // On the fair's site: every picture of a gallery at once.
    await page.goto(`${journey.server.urlFor('fair.localhost')}/#/press-gallery?gallery=${stands}`);
    await page.getByTestId('basket-all').waitFor();
    // The gallery's answer (and its button) may come before its pictures' page.
    await expect.poll(() => page.getByText('2400 × 1600 px', { exact: false }).count()).toBe(1);
    await page.getByTestId('basket-all').click();
    await expectNotification(page, 'success', '2 pictures added to the basket.');
    await expect
      .poll(() => page.getByTestId('header-basket').getAttribute('aria-label'))
      .toMatch(/^Basket: 2 pictures, /);
    expect(await page.getByTestId('basket-all').textContent()).toBe('Remove all from the basket');

    // A gallery longer than a page (24 pictures shown at first): "Add all" puts all 25 in, "Remove all" takes
    // all 25 out, those of the other gallery stay.
    await page.goto(`${journey.server.urlFor('fair.localhost')}/#/press-gallery?gallery=${booths}`);
    // The screen stays on the gallery it showed until the new one has loaded: wait for the new one's button.
    await expect.poll(() => page.getByTestId('basket-all').textContent()).toBe('Add all to the basket');
    await page.getByTestId('basket-all').click();
    await expectNotification(page, 'success', '25 pictures added to the basket.');
    await expect.poll(() => headerLabel(page)).toMatch(/^Basket: 27 pictures, /);
    expect(await page.getByTestId('basket-all').textContent()).toBe('Remove all from the basket');
    await page.getByTestId('basket-all').click();
    await expectNotification(page, 'success', '25 pictures removed from the basket.');
    await expect.poll(() => headerLabel(page)).toMatch(/^Basket: 2 pictures, /);
    expect(await page.getByTestId('basket-all').textContent()).toBe('Add all to the basket');

    // On the association's site, the same basket: one more picture, from its viewer.
    await page.goto(`${journey.server.urlFor('association.localhost')}/#/press-gallery?gallery=${assembly}`);
    await page.getByTestId('gallery-thumbnail').first().click();
    const viewer = page.getByTestId('image-viewer');
    await viewer.waitFor();
    expect(await viewer.getByTestId('viewer-download-web').textContent()).toMatch(/^web: 1600 × 1067 px · /);
    await expectNoAxeViolations(page);
    await viewer.getByRole('button', { name: /^Add .* to the basket$/ }).click();
    await expect
      .poll(() => page.getByTestId('header-basket').getAttribute('aria-label'))
      .toMatch(/^Basket: 3 pictures, /);
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });

    // One search for every picture: the keyword a picture desk gave one booth picture, typed without its
    // accent and capitals, finds it alone; put in the basket from the results and taken out again.
    const call = await asOffice();
    const boothImages = await call<{ results: { id: number; original_name: string }[] }>(
      `/api/press_room/gallery/galleries/${booths}/images/?page_size=30`,
      undefined,
      'GET',
    );
    const picked = boothImages.results.find((image) => image.original_name === 'booth-7.jpg');
    await call(
      `/api/press_room/gallery/images/${picked?.id}/`,
      { keywords: ['Riflessi Iridescènti'] },
      'PATCH',
    );
    await page.goto(`${journey.server.urlFor('fair.localhost')}/#/pictures`);
    await page.getByTestId('picture-search').fill('IRIDESCENTI');
    await expect.poll(() => page.getByTestId('picture-result').count()).toBe(1);
    expect(await page.getByTestId('picture-result').textContent()).toContain('300 × 200 px');
    await expectNoAxeViolations(page);
    await page.getByTestId('picture-thumbnail').click();
    await viewer.waitFor();
    expect(await viewer.getByTestId('viewer-keywords').textContent()).toBe('Keywords: Riflessi Iridescènti');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });
    const result = page.getByTestId('picture-result');
    await result.getByRole('button', { name: /^Add .* to the basket$/ }).click();
    await expect.poll(() => headerLabel(page)).toMatch(/^Basket: 4 pictures, /);
    await result.getByRole('button', { name: /^Remove .* from the basket$/ }).click();
    await expect.poll(() => headerLabel(page)).toMatch(/^Basket: 3 pictures, /);

    // The basket, by gallery; one picture removed with the keyboard only (Tab to its button, Enter).
    await page.getByTestId('header-basket').click();
    await page.getByTestId('basket-item').first().waitFor();
    expect(await page.getByTestId('basket-item').count()).toBe(3);
    expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
      'Stands 2027 (2 pictures)',
      'Assembly 2027 (1 picture)',
    ]);
    await expectNoAxeViolations(page);
    const secondRemove = await page
      .getByRole('button', { name: /^Remove .* from the basket$/ })
      .nth(1)
      .getAttribute('data-testid');
    await tabTo(page, secondRemove ?? '');
    await page.keyboard.press('Enter');
    await expectNotification(page, 'success', '1 picture removed from the basket.');
    await expect.poll(() => page.getByTestId('basket-item').count()).toBe(2);
    await expect.poll(() => headerLabel(page)).toMatch(/^Basket: 2 pictures, /);

    // Asked once which size; web.
    await page.getByTestId('basket-download').click();
    await page.getByTestId('basket-size-web').click();
    await expectNoAxeViolations(page);
    await page.getByTestId('basket-prepare').click();
    const start = page.getByRole('link', { name: 'Download' });
    await start.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), start.click()]);
    expect(download.suggestedFilename()).toMatch(/^press-basket-\d{4}-\d{2}-\d{2}-web\.zip$/);
    const entries = await readZip(await readFile((await download.path()) ?? ''));
    const pictures = entries.filter((entry) => entry.name.endsWith('.jpg'));
    expect(entries.map((entry) => entry.name).sort()).toEqual([
      'Assembly 2027/assembly-web.jpg',
      'CREDITS.txt',
      'Stands 2027/stand-a-web.jpg',
    ]);
    for (const picture of pictures) expect((await sharp(picture.content).metadata()).width).toBe(1600);
    expect(entries.find((entry) => entry.name === 'CREDITS.txt')?.content.toString()).toContain(
      'Studio Faenza',
    );

    // Emptied with the keyboard only: Space on "Empty the basket", then Tab to the confirmation and Enter.
    await page.keyboard.press('Escape');
    await tabTo(page, 'basket-clear', { backwards: true });
    await page.keyboard.press('Space');
    await page.getByTestId('basket-clear-dialog').waitFor();
    await tabTo(page, 'basket-clear-dialog-confirm', { max: 5 });
    await page.keyboard.press('Enter');
    await page.getByTestId('basket-empty').waitFor();
    await expect.poll(() => headerLabel(page)).toBe('Basket: empty');
    await context.close();

    // The press office's figures count the ZIP and its two pictures (no journalist is named anywhere).
    const office = await journey.browser.newContext({ locale: 'en-GB', viewport: desktop });
    await signInThroughApi(office, journey.server.url, officer, 'en');
    const dashboard = await office.newPage();
    await openScreen(dashboard, journey.server.url, '/admin/statistics');
    await expect
      .poll(
        async () => {
          await dashboard.reload();
          await dashboard.getByTestId('total-zip_download').waitFor();
          return [
            await dashboard.getByTestId('total-zip_download').textContent(),
            await dashboard.getByTestId('total-image_download').textContent(),
          ];
        },
        { timeout: 15_000 },
      )
      .toEqual(['1', '2']);
    expect(await dashboard.getByRole('row', { name: /stand-a\.jpg Stands 2027 1/ }).count()).toBe(1);
    expect(await dashboard.getByText('Anna Rossi').count()).toBe(0);
    await expectNoAxeViolations(dashboard);
    await office.close();
  });
});
