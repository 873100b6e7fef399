import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { signedInPage, startJourney } from './journey-support.ts';
import { expectNoAxeViolations, journalist, startPressServer } from './press-content-support.ts';
import { chooseGalleryInTree, demoArchive } from './web-app.ts';

function zipEntries(buffer: Buffer): Promise<{ name: string; size: number }[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries: { name: string; size: number }[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        // Reading each entry checks its CRC: a truncated or corrupt archive fails here.
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          let size = 0;
          stream.on('data', (chunk: Buffer) => {
            size += chunk.length;
          });
          stream.on('error', reject);
          stream.on('end', () => {
            entries.push({ name: entry.fileName, size });
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe('a journalist in the press gallery', () => {
  const journey = startJourney(() => startPressServer());

  it('walks the tree, views pictures by keyboard and downloads the gallery as a complete ZIP', async () => {
    const { context, page } = await signedInPage(journey, journalist, '/press-gallery', {
      context: { acceptDownloads: true },
    });

    const archive = await demoArchive(journey.server.url);
    await chooseGalleryInTree(page, [archive.category, 'Exhibition', 'Halls'], `${archive.halls} (3)`);
    const tree = page.getByTestId('gallery-tree');
    await expect.poll(() => tree.locator('[aria-checked="true"]').textContent()).toContain(archive.halls);
    await page.getByRole('heading', { name: archive.halls }).waitFor();
    await page.getByTestId('gallery-thumbnail').nth(2).waitFor();
    await expectNoAxeViolations(page);

    // The viewer, by keyboard only.
    const first = page.getByTestId('gallery-thumbnail').first();
    await first.focus();
    await page.keyboard.press('Enter');
    const viewer = page.getByRole('dialog');
    await viewer.getByText('Picture 1 of 3').waitFor();
    await expect
      .poll(() => viewer.getByTestId('viewer-image').getAttribute('alt'))
      .toBe('Demo picture: Hall A, opening day');
    await expectNoAxeViolations(page);
    await page.keyboard.press('ArrowRight');
    await viewer.getByText('Picture 2 of 3').waitFor();
    await page.keyboard.press('ArrowLeft');
    await viewer.getByText('Picture 1 of 3').waitFor();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Open picture 2: Hall B from the gallery');

    // The whole gallery: credits first, then one ZIP.
    await page.getByRole('button', { name: 'Download the gallery (ZIP)' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Credit: Photo: Tile Fair press office').waitFor();
    await dialog.getByText(/Free for editorial use/).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('link', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${archive.halls.replace(' ', '-')}.zip`);
    const file = path.join(os.tmpdir(), `gallery-${process.pid}.zip`);
    await download.saveAs(file);
    const entries = await zipEntries(await readFile(file));
    expect(entries.map((entry) => entry.name).sort()).toEqual([
      '01-hall-a-opening-day.jpg',
      '02-hall-b-from-the-gallery.jpg',
      '03-visitors-at-the-entrance.jpg',
      'CREDITS.txt',
    ]);
    expect(entries.every((entry) => entry.size > 0)).toBe(true);
    await context.close();
  });

  it('shows each caption whole at 683 px wide (a laptop at 200 % zoom): no text is cut off', async () => {
    const { context, page } = await signedInPage(journey, journalist, '/press-gallery', {
      context: { viewport: { width: 683, height: 768 } },
    });
    const archive = await demoArchive(journey.server.url);
    await chooseGalleryInTree(page, [archive.category, 'Exhibition', 'Halls'], `${archive.halls} (3)`);
    await page.getByTestId('gallery-thumbnail').nth(2).waitFor();
    for (const caption of ['Hall A, opening day', 'Hall B from the gallery', 'Visitors at the entrance']) {
      const shown = page.getByText(caption, { exact: true });
      await shown.waitFor();
      const cut = await shown.evaluate(
        (element) => element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight,
      );
      expect(cut, caption).toBe(false);
    }
    await expectNoAxeViolations(page);
    await context.close();
  });
});
