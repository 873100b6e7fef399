import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs } from './back-office-support.ts';
import { journeyUsers } from './journey-users.ts';
import { expectNoAxeViolations } from './press-content-support.ts';
import { launchBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import {
  demoSeed,
  expectNotification,
  openScreen,
  presetDarkMode,
  relaxedRateLimits,
  signInThroughApi,
} from './web-app.ts';

const officer = journeyUsers.publishingOfficer;
const companiesAdmin = journeyUsers.companiesAdministrator;
const company = 'Lustro Ceramiche';
const title = 'Lustreware tiles return to the fair';
const credit = 'Foto Neri / Lustro Ceramiche';

/**
 * A real picture (the server reads images with sharp and makes the thumbnail), larger than the web size and
 * smaller than the print size: its print size is itself.
 */
const picture = (background = { r: 180, g: 90, b: 40 }) =>
  sharp({ create: { width: 2400, height: 1600, channels: 3, background } })
    .png()
    .toBuffer();
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

describe('a press officer publishes a release and it appears on Home', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer({
      env: relaxedRateLimits,
      from: demoSeed(),
    });
    const api = await apiAs(server.url, companiesAdmin);
    for (const businessName of [company, 'Maioliche Riunite']) {
      await api('/api/back_office/companies/', { json: { business_name: businessName } });
    }
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('writes, illustrates and publishes a release that journalists then find, read and open', async () => {
    const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1366, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await signInThroughApi(context, server.url, officer, 'en');
    const page = await context.newPage();

    // The management list, in the sidebar for the press office.
    await openScreen(page, server.url, '/home');
    await page.getByRole('link', { name: 'Manage releases' }).click();
    await page.getByTestId('admin-release-row').first().waitFor();
    await expectNoAxeViolations(page);

    // A new draft: text with formatting, for the current site.
    await page.getByTestId('new-release').click();
    await page.getByTestId('release-title-input').fill(title);
    await page.getByTestId('release-subtitle-input').fill('A revived technique from the Renaissance');
    const body = page.getByTestId('release-body-editor');
    await body.click();
    await page.keyboard.type('The association presents ');
    await page.keyboard.press('Control+B');
    await page.keyboard.type('iridescent glazes');
    await page.keyboard.press('Control+B');
    await page.keyboard.type(' made by twelve workshops.');
    // Written for a member company, found by part of its name.
    await page.getByTestId('release-company').fill('lustro');
    await page.getByRole('option', { name: company }).click();
    expect(await page.getByTestId('release-company').inputValue()).toBe(company);
    await expectNoAxeViolations(page);
    await page.getByTestId('save-release').click();
    await expectNotification(page, 'success', 'The press release has been saved.');
    await page.waitForURL(/#\/admin\/press-releases\/\d+$/);
    const id = Number(/(\d+)$/.exec(page.url())?.[1]);
    await page.getByTestId('status-draft').waitFor();
    // Saved with it: the editor, opened again, names the company.
    await page.reload();
    await expect.poll(() => page.getByTestId('release-company').inputValue()).toBe(company);

    // An attachment and an image, uploaded with progress.
    await page.getByTestId('upload-attachment').setInputFiles({
      name: 'lustreware-fact-sheet.pdf',
      mimeType: 'application/pdf',
      buffer: pdf,
    });
    await page.getByTestId('attachment-row').waitFor();
    await page.getByTestId('upload-image').setInputFiles({
      name: 'lustre-bowl.png',
      mimeType: 'image/png',
      buffer: await picture(),
    });
    await page.getByTestId('image-row').waitFor();
    await expectNoAxeViolations(page);
    // The picture carries no credit of its own: the press office gives it where its caption is written.
    expect(await page.getByTestId('image-credit').inputValue()).toBe('');
    await page.getByTestId('image-credit').fill(credit);
    await page.getByTestId('save-image-details').click();
    await expectNotification(page, 'success', 'The details of lustre-bowl.png have been saved.');
    await page.reload();
    await expect.poll(() => page.getByTestId('image-credit').inputValue()).toBe(credit);

    // Published by the press office: numbered, and public from now on.
    await page.getByTestId('status-action-publish').click();
    await page.getByTestId('status-published').waitFor();
    expect(await page.getByTestId('status-action-withdraw').count()).toBe(1);
    expect(await page.getByTestId('status-action-submit').count()).toBe(0);

    // A visitor (no session) finds it on Home with the search box, by a word of its body.
    const visitor = await browser.newContext({ locale: 'en-GB' });
    const reader = await visitor.newPage();
    await openScreen(reader, server.url, '/home');
    await reader.getByTestId('release-list').waitFor();
    expect(await reader.getByTestId('release-feed').getAttribute('href')).toMatch(
      /^\/api\/press_room\/press_release\/feed\.atom\?group=\d+&language=en$/,
    );
    await reader.getByTestId('release-search').fill('iridescent');
    await expect
      .poll(() => reader.getByTestId('release-list').getByRole('heading').allTextContents())
      .toEqual([title]);
    expect(reader.url()).toContain('q=iridescent');
    await expectNoAxeViolations(reader);

    // Its page: text with the editor's markup, attachment with type and size, image preview.
    await reader.getByRole('link', { name: new RegExp(title) }).click();
    await reader.waitForURL(new RegExp(`#/press-release/${id}$`));
    await reader.getByTestId('release-title').waitFor();
    expect(await reader.getByTestId('release-title').textContent()).toBe(title);
    expect(await reader.getByTestId('release-body').innerHTML()).toBe(
      '<p>The association presents <strong>iridescent glazes</strong> made by twelve workshops.</p>',
    );
    expect(await reader.getByTestId('release-article').textContent()).toContain('PDF · ');
    const attachment = await reader.getByTestId('release-attachment').getAttribute('href');
    const download = await fetch(`${server.url}${attachment}`);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
    await expectNoAxeViolations(reader);

    expect(await reader.getByTestId('release-image-credit').textContent()).toBe(`Photo: ${credit}`);
    // Its pixels, type and weight under the thumbnail, as a gallery picture's (over 10 kB: no decimals).
    const originalWeight = `${Math.round((await picture()).length / 1000)} kB`;
    expect(await reader.getByTestId('release-image-details').textContent()).toBe(
      `2400 × 1600 px, PNG, ${originalWeight}`,
    );
    // Its three sizes, each with its pixels and weight before it is downloaded.
    expect(await reader.getByTestId('release-image-download-original').textContent()).toBe(
      `original: 2400 × 1600 px · ${originalWeight}`,
    );
    const webSize = reader.getByTestId('release-image-download-web');
    const webLine = await webSize.textContent();
    expect(webLine).toMatch(/^web: 1600 × 1067 px · \d+(\.\d)? kB$/);
    expect(await reader.getByTestId('release-image-download-print').textContent()).toBe(
      `print: 2400 × 1600 px · ${originalWeight}`,
    );
    const web = await fetch(`${server.url}${await webSize.getAttribute('href')}`);
    expect(web.status).toBe(200);
    const webFile = await sharp(Buffer.from(await web.arrayBuffer())).metadata();
    expect([webFile.format, Math.max(webFile.width ?? 0, webFile.height ?? 0)]).toEqual(['jpeg', 1600]);
    const thumbnail = reader.getByTestId('release-image');
    await thumbnail.focus();
    await reader.keyboard.press('Enter');
    await reader.getByTestId('image-preview').getByRole('dialog').waitFor();
    // The preview offers the same three sizes.
    expect(
      await reader.getByTestId('image-preview').getByTestId('release-image-download-web').textContent(),
    ).toBe(webLine);
    await expectNoAxeViolations(reader);
    await reader.keyboard.press('Escape');
    await reader.getByTestId('image-preview').waitFor({ state: 'detached' });
    expect(await thumbnail.evaluate((element) => element === document.activeElement)).toBe(true);

    // Without the Web Share API, "share" copies the link.
    await reader.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined }));
    await visitor.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await reader.getByTestId('share-release').click();
    await expectNotification(reader, 'success', 'The link has been copied.');
    // The link shared is the release's public page, in the language read.
    const shared = await reader.evaluate(() => navigator.clipboard.readText());
    expect(shared).toMatch(new RegExp(`^${server.url}/releases/\\d{4}-\\d+-[a-z0-9-]+\\?lang=en$`));
    const publicPage = await fetch(shared);
    expect(publicPage.status).toBe(200);
    expect(await publicPage.text()).toContain(`<h1>${title}</h1>`);
    // Its picture is credited under it there too, read by a browser without JavaScript.
    const crawler = await browser.newContext({ locale: 'en-GB', javaScriptEnabled: false });
    const plainPage = await crawler.newPage();
    await plainPage.goto(shared);
    expect(await plainPage.locator('figure figcaption .credit').textContent()).toBe(
      `Photo: \u2068${credit}\u2069`,
    );
    await crawler.close();

    // Back on Home: the same search, in the box and in the list.
    await reader.goBack();
    await reader.waitForURL(/#\/home\?q=iridescent$/);
    expect(await reader.getByTestId('release-search').inputValue()).toBe('iridescent');
    await expect
      .poll(() => reader.getByTestId('release-list').getByRole('heading').allTextContents())
      .toEqual([title]);
    // A link to another search changes the address without typing: the box follows it.
    await reader.evaluate(() => {
      window.location.hash = '#/home?q=lustreware';
    });
    await expect.poll(() => reader.getByTestId('release-search').inputValue()).toBe('lustreware');
    await reader.evaluate(() => {
      window.location.hash = '#/home';
    });
    await expect.poll(() => reader.getByTestId('release-search').inputValue()).toBe('');

    // A second picture, chosen as the cover; then the release is featured on the site's Home.
    await page.getByTestId('upload-image').setInputFiles({
      name: 'lustre-plate.png',
      mimeType: 'image/png',
      buffer: await picture({ r: 40, g: 90, b: 160 }),
    });
    const pictures = page.getByTestId('image-row');
    await expect.poll(() => pictures.count()).toBe(2);
    expect(await pictures.nth(0).getByTestId('cover-chip').count()).toBe(1);
    await pictures.nth(1).getByTestId('use-as-cover').click();
    await expect.poll(() => pictures.nth(1).getByTestId('cover-chip').count()).toBe(1);
    expect(await pictures.nth(0).getByTestId('cover-chip').count()).toBe(0);
    const coverId = /press_release_file\/(\d+)\//.exec(
      (await pictures.nth(1).locator('img').getAttribute('src')) ?? '',
    )?.[1];
    const featureSwitch = page.locator('[data-testid^="feature-on-"]').first();
    // Checked once the server has featured it (the switch shows the saved state).
    await featureSwitch.click();
    await expect.poll(() => featureSwitch.isChecked()).toBe(true);
    await expectNoAxeViolations(page);

    // A journalist finds it first on Home, under the chosen cover, and in the list with it.
    const press = await browser.newContext({ locale: 'en-GB', viewport: { width: 1366, height: 900 } });
    await signInThroughApi(press, server.url, journeyUsers.journalist, 'en');
    const home = await press.newPage();
    await openScreen(home, server.url, '/home');
    const featured = home.getByTestId('featured-release');
    await featured.first().waitFor();
    expect(await featured.count()).toBe(3);
    expect(await featured.first().getByRole('heading').textContent()).toBe(title);
    const featuredCover = featured.first().getByTestId('release-cover');
    // A 2400 px picture: its cover renditions at 480, 960 and 1440 px, WebP for the browsers that take it.
    const coverAt = (width: number, format: string) =>
      `/api/press_room/press_release_file/${coverId}/cover/${width}/${format}/`;
    const widths = (format: string) =>
      [480, 960, 1440].map((width) => `${coverAt(width, format)} ${width}w`).join(', ');
    expect(await featuredCover.getAttribute('src')).toBe(coverAt(480, 'jpeg'));
    expect(await featuredCover.getAttribute('alt')).toBe('');
    const card = home.getByTestId('release-list').getByRole('listitem').filter({ hasText: title });
    expect(await card.getByTestId('release-cover').getAttribute('srcset')).toBe(widths('jpeg'));
    expect(await card.locator('picture source[type="image/webp"]').getAttribute('srcset')).toBe(
      widths('webp'),
    );
    // Below the featured releases, the list's covers load as they are scrolled near.
    expect(await card.getByTestId('release-cover').getAttribute('loading')).toBe('lazy');
    await expect
      .poll(() => featuredCover.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await expectNoAxeViolations(home);
    await press.close();
    await visitor.close();
    await context.close();
  });

  it('keeps the release screens free of axe violations right-to-left and in dark mode', async () => {
    const context = await browser.newContext({ locale: 'ar', viewport: { width: 390, height: 844 } });
    await presetDarkMode(context);
    await signInThroughApi(context, server.url, officer, 'ar');
    const page = await context.newPage();
    // Home with its featured releases on top, at a phone's width.
    await openScreen(page, server.url, '/home');
    await page.getByTestId('featured-release').first().waitFor();
    await expectNoAxeViolations(page);
    await openScreen(page, server.url, '/home?q=iridescent');
    await expect
      .poll(() => page.getByTestId('release-list').getByRole('heading').allTextContents())
      .toEqual([title]);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: new RegExp(title) }).click();
    await page.getByTestId('release-title').waitFor();
    await expectNoAxeViolations(page);
    await openScreen(page, server.url, '/admin/press-releases');
    await page.getByTestId('admin-release-row').first().waitFor();
    await expectNoAxeViolations(page);
    await page.getByTestId('admin-release-row').first().getByRole('link').click();
    await page.getByTestId('release-body-editor').waitFor();
    await page.getByTestId('save-release').waitFor();
    await expectNoAxeViolations(page);
    await context.close();
  });
});
