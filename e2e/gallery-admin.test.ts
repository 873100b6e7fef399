import { messageCatalogs } from '@pressroom/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { officer, startOfficeServer } from './content-admin-support.ts';
import { desktop, signedInPage, startJourney } from './journey-support.ts';
import { expectNoAxeViolations, journalist } from './press-content-support.ts';
import { chooseGalleryInTree, demoArchive, expectNotification } from './web-app.ts';

const galleryName = 'Night of the kilns';

/** A real picture of about a megabyte (noise compresses badly), so a throttled upload takes seconds. */
const picture = (red: number) =>
  sharp({
    create: {
      width: 1200,
      height: 900,
      channels: 3,
      background: { r: red, g: 120, b: 60 },
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 95 })
    .toBuffer();

describe('a press officer fills and publishes a gallery that journalists then see', () => {
  const journey = startJourney(() => startOfficeServer());

  it('creates a gallery, uploads images with progress, captions one, publishes it; a journalist finds it', async () => {
    const { context, page } = await signedInPage(journey, officer, '/home', {
      context: { viewport: desktop },
    });
    // From the back-office section of the sidebar.
    await page.getByRole('link', { name: 'Gallery editing' }).click();
    await page.waitForURL(/#\/admin\/gallery/);
    const tree = page.getByTestId('admin-gallery-tree');
    // The press office sees every site's tree; this site (Tile Fair) is the one journalists here browse.
    const archive = await demoArchive(journey.server.url);
    const fairTree = tree
      .locator('li')
      .filter({ has: page.getByText(archive.category, { exact: true }) })
      .first();
    await fairTree.getByText('Halls', { exact: true }).waitFor();
    await expectNoAxeViolations(page);

    // A new gallery in "Halls": a draft until published.
    await fairTree.getByText('Halls', { exact: true }).click();
    await page.getByTestId('category-heading').filter({ hasText: 'Category: Halls' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByTestId('add-gallery').click();
    const nameDialog = page.getByRole('dialog');
    await nameDialog.getByTestId('new-gallery-name-create').click();
    await nameDialog.getByText('Field required').waitFor();
    await nameDialog.getByTestId('new-gallery-name-en').fill(galleryName);
    await nameDialog.getByTestId('new-gallery-name-it').fill('La notte dei forni');
    await expectNoAxeViolations(page);
    await nameDialog.getByTestId('new-gallery-name-create').click();
    await expectNotification(page, 'success', 'The gallery has been created.');
    await page.getByRole('heading', { name: `Gallery: ${galleryName}` }).waitFor();
    await page.getByTestId('gallery-status-draft').waitFor();
    expect(await tree.locator('[aria-checked="true"]').textContent()).toBe(`${galleryName} (0) · draft`);

    // Three files at once: two pictures and a text file dressed as one, refused with the server's message.
    await page.getByTestId('upload-credit').fill('Photo: Tile Fair press office');
    await page.getByTestId('upload-usage-terms').fill('Free for editorial use with credit.');
    // A slow uplink (as from a fair hall), so the bars can be seen moving.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 512 * 1024,
    });
    await page.getByTestId('upload-images').setInputFiles([
      { name: 'kiln-one.jpg', mimeType: 'image/jpeg', buffer: await picture(200) },
      { name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a picture at all') },
      { name: 'kiln-two.jpg', mimeType: 'image/jpeg', buffer: await picture(90) },
    ]);
    const overall = page.getByTestId('upload-overall-progress');
    await expect
      .poll(async () => Number(await overall.getAttribute('aria-valuenow')), {
        interval: 20,
        timeout: 20_000,
      })
      .toSatisfy((percent: number) => percent > 0 && percent < 100);
    await page
      .getByTestId('upload-entry')
      .first()
      .getByText(/^\d+%$/)
      .waitFor();
    const summary = page.getByTestId('upload-summary');
    await expect
      .poll(() => summary.textContent(), { timeout: 30_000 })
      .toBe('Uploaded: 2 of 3 · not uploaded: 1');
    const entries = page.getByTestId('upload-entry');
    expect(
      await entries.evaluateAll((items) => items.map((item) => item.getAttribute('data-status'))),
    ).toEqual(['done', 'failed', 'done']);
    expect(await entries.nth(1).getByTestId('upload-error').textContent()).toBe(
      'The file notes.jpg is not an image we can read (JPEG, PNG, WebP, TIFF, GIF or AVIF).',
    );
    expect(
      await overall.getAttribute('aria-valuenow'),
      'the overall bar is full once every file has an outcome',
    ).toBe('100');
    expect(
      await entries
        .nth(0)
        .getByRole('progressbar', { name: 'Progress of kiln-one.jpg' })
        .getAttribute('aria-valuenow'),
    ).toBe('100');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expect.poll(() => page.getByTestId('admin-image').count()).toBe(2);
    await expect
      .poll(() => tree.locator('[aria-checked="true"]').textContent())
      .toBe(`${galleryName} (2) · draft`);
    // The draft's thumbnails show: their signed links name the editor, who may still see the draft.
    await expect
      .poll(() =>
        page
          .getByTestId('admin-image')
          .locator('img')
          .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalWidth > 0)),
      )
      .toEqual([true, true]);
    await expectNoAxeViolations(page);

    // Caption and alt text per language, for the first picture.
    await page.getByTestId('edit-image').first().click();
    const imageDialog = page.getByRole('dialog');
    await imageDialog.getByTestId('caption-en').fill('The kilns lit at dusk');
    await imageDialog.getByTestId('alt-text-en').fill('Three brick kilns glowing orange in the evening');
    await imageDialog.getByRole('tab', { name: 'Italiano' }).click();
    await imageDialog.getByTestId('caption-it').fill('I forni accesi al tramonto');
    // Keywords: Enter adds each, a second spelling of one already there is not added.
    const keywords = imageDialog.getByTestId('image-keywords');
    for (const keyword of ['kiln', 'dusk', 'Kiln']) {
      await keywords.fill(keyword);
      await keywords.press('Enter');
    }
    expect(await imageDialog.locator('.MuiChip-label').allTextContents()).toEqual(['kiln', 'dusk']);
    await expectNoAxeViolations(page);
    await imageDialog.getByTestId('save-image').click();
    await expectNotification(page, 'success', 'The changes have been saved.');
    await page.getByTestId('admin-image').first().getByText('The kilns lit at dusk').waitFor();

    // Reordered: the captioned picture goes after the other one, for journalists too.
    const moveDown = page.getByRole('button', { name: 'Move The kilns lit at dusk down' });
    await moveDown.click();
    await expectNotification(page, 'success', 'The order has been changed.');
    await page.getByTestId('admin-image').nth(1).getByText('The kilns lit at dusk').waitFor();
    expect(await moveDown.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Move The kilns lit at dusk up' }).isEnabled()).toBe(true);

    // Published: journalists see it from now on.
    await page.getByTestId('publish-gallery').click();
    await expectNotification(page, 'success', 'The gallery is published: journalists can see it.');
    await page.getByTestId('gallery-status-published').waitFor();

    const { context: reader, page: journalistPage } = await signedInPage(
      journey,
      journalist,
      '/press-gallery',
      { context: { viewport: desktop } },
    );
    await chooseGalleryInTree(
      journalistPage,
      [archive.category, 'Exhibition', 'Halls'],
      `${galleryName} (2)`,
    );
    const heading = journalistPage.getByRole('heading', { name: galleryName });
    // Either the gallery or the screen's error: a failure then says which.
    await heading.or(journalistPage.getByRole('alert')).first().waitFor();
    expect(await journalistPage.getByRole('alert').allTextContents()).toEqual([]);
    await heading.waitFor();
    await expect.poll(() => journalistPage.getByTestId('gallery-thumbnail').count()).toBe(2);
    expect(await journalistPage.getByTestId('gallery-thumbnail').nth(1).getAttribute('aria-label')).toBe(
      'Open picture 2: The kilns lit at dusk',
    );
    await journalistPage.getByTestId('gallery-thumbnail').nth(1).click();
    expect(await journalistPage.getByRole('dialog').getByTestId('viewer-keywords').textContent()).toBe(
      'Keywords: kiln, dusk',
    );
    await reader.close();
    await context.close();
  });

  it('passes axe in Arabic (right to left) and explains a refused category deletion', async () => {
    const { context, page } = await signedInPage(journey, officer, '/admin/gallery', {
      language: 'ar',
      context: { locale: 'ar', viewport: desktop },
    });
    const tree = page.getByTestId('admin-gallery-tree');
    await tree.getByText('Halls', { exact: true }).first().click();
    await page.getByTestId('category-heading').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expectNoAxeViolations(page);
    await page.getByTestId('delete-category').click();
    await page.getByTestId('confirm-delete').click();
    // The server refuses to delete a category that still holds galleries, in the reader's language.
    await expectNotification(page, 'error', messageCatalogs.ar.categoryNotEmpty);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(1);
    await context.close();
  });
});
