import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { apiPaths } from '@pressroom/contract';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { apiAs, tabTo } from './back-office-support.ts';
import { desktop, signedInPage, startJourney } from './journey-support.ts';
import { journeyUsers } from './journey-users.ts';
import { expectNoAxeViolations, journalist, startPressServer } from './press-content-support.ts';
import { openScreen, presetDarkMode } from './web-app.ts';

const officer = journeyUsers.publishingOfficer;
const fixtures = path.resolve(import.meta.dirname, '../apps/api/src/features/videos/fixtures');
const videoTitle = 'Opening day in the halls';

interface ReleaseEdit {
  images: { id: number; file_name: string }[];
  cover_file_id: number | null;
}

/** What the page's `<video>` of that title is doing: playing or not, and the captions it shows. */
const playerState = (page: Page, title: string) =>
  page.evaluate((label) => {
    const video = document.querySelector<HTMLVideoElement>(`video[aria-label="${label}"]`);
    if (!video) return null;
    const showing = [...video.textTracks].filter((track) => track.mode === 'showing');
    return {
      paused: video.paused,
      showing: showing.map((track) => track.language),
      cue: showing[0]?.activeCues?.length ? (showing[0].activeCues[0] as VTTCue).text : null,
    };
  }, title);

describe('media first: a cover and a video with captions from the office, seen and played by a journalist', () => {
  // Small parts, so that the video goes up in several of them as a large one would.
  const journey = startJourney(() => startPressServer({ env: { VIDEO_PART_BYTES: '64K' } }));

  it('the office sets a cover and uploads a video with English and Italian captions; a journalist sees the cover on Home, plays the video by keyboard with captions, and downloads a picture found by a keyword', async () => {
    const asOffice = await apiAs(journey.server.url, officer);
    const releases = (await (
      await fetch(`${journey.server.url}${apiPaths.pressReleases}?format=datatables&length=1`)
    ).json()) as { data: { id: number; title: string }[] };
    const releaseId = releases.data[0].id;

    // The office adds a second picture and makes it the cover, then adds the video and its captions.
    const { page: editor } = await signedInPage(journey, officer, `/admin/press-releases/${releaseId}`, {
      context: { viewport: desktop },
    });
    await editor.getByTestId('video-office').waitFor();
    const picture = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2e7d6b' } })
      .jpeg()
      .toBuffer();
    await editor
      .getByTestId('upload-image')
      .setInputFiles({ name: 'green-glaze.jpg', mimeType: 'image/jpeg', buffer: picture });
    const newRow = editor.getByTestId('image-row').filter({ hasText: 'green-glaze.jpg' });
    await newRow.getByTestId('use-as-cover').click();
    await newRow.getByTestId('cover-chip').waitFor();
    const withCover = await asOffice<ReleaseEdit>(`${apiPaths.pressReleaseAdmin}${releaseId}/`);
    const coverId = withCover.images.find((file) => file.file_name === 'green-glaze.jpg')?.id;
    expect(withCover.cover_file_id).toBe(coverId);

    await editor.getByTestId('video-file').setInputFiles({
      name: 'opening-day.mp4',
      mimeType: 'video/mp4',
      buffer: await readFile(path.join(fixtures, 'tile-fair-demo-720p.mp4')),
    });
    const officeVideo = editor.getByTestId('office-video').last();
    // The poster is a frame the browser took from the video.
    await officeVideo.locator('img').waitFor({ timeout: 60_000 });
    for (const language of ['en', 'it']) {
      await editor.getByTestId('video-caption-file').setInputFiles({
        name: `opening.${language}.vtt`,
        mimeType: 'text/vtt',
        buffer: await readFile(path.join(fixtures, `tile-fair-demo.${language}.vtt`)),
      });
      await officeVideo.getByTestId(`video-caption-${language}`).waitFor();
    }
    await officeVideo.getByTestId('video-edit').click();
    await editor.getByTestId('video-title-en').fill(videoTitle);
    await editor.getByTestId('video-details').getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => officeVideo.textContent()).toContain(videoTitle);
    await expectNoAxeViolations(editor);

    // The journalist finds the new cover on the release's card on Home.
    const { context, page } = await signedInPage(journey, journalist, '/', {
      context: { viewport: desktop },
    });
    const card = page.locator('a', { hasText: releases.data[0].title }).first();
    await card.waitFor();
    await expect
      .poll(() =>
        page.evaluate(
          (title) =>
            [...document.querySelectorAll<HTMLImageElement>('[data-testid="release-cover"]')]
              .filter((image) => image.closest('a')?.textContent?.includes(title))
              .map((image) => image.currentSrc),
          releases.data[0].title,
        ),
      )
      .toEqual(expect.arrayContaining([expect.stringContaining(`/press_release_file/${coverId}/`)]));

    // The video plays from the keyboard, with the reader's captions on.
    const plays: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/plays/')) plays.push(request.url());
    });
    await openScreen(page, journey.server.url, `/press-release/${releaseId}`);
    const player = page.locator(`video[aria-label="${videoTitle}"]`);
    await player.waitFor();
    await player.evaluate((video: HTMLVideoElement) => video.setAttribute('data-testid', 'journey-video'));
    await tabTo(page, 'journey-video');
    await page.keyboard.press('Space');
    await expect
      .poll(() => playerState(page, videoTitle), { timeout: 15_000 })
      .toEqual({
        paused: false,
        showing: ['en'],
        cue: 'Welcome to Tile Fair, the international exhibition of ceramic tiles.',
      });
    await expect.poll(() => plays.length).toBe(1);
    const facts = page.getByTestId('video').filter({ has: player }).getByTestId('video-facts');
    expect(await facts.textContent()).toBe('0:06 · 310 kB · captions: English and Italiano');
    await expectNoAxeViolations(page);

    // A picture found by a keyword typed without its accent, downloaded from the viewer.
    await openScreen(page, journey.server.url, '/pictures');
    await page.getByTestId('picture-search').fill('maiolica');
    await expect.poll(() => page.getByTestId('picture-result').count()).toBe(1);
    await page.getByTestId('picture-thumbnail').click();
    const viewer = page.getByTestId('image-viewer');
    await viewer.waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      viewer.getByTestId('viewer-download-web').click(),
    ]);
    const saved = await download.path();
    const metadata = await sharp(await readFile(saved)).metadata();
    expect({ name: download.suggestedFilename().endsWith('.jpg'), format: metadata.format }).toEqual({
      name: true,
      format: 'jpeg',
    });
    await context.close();

    // The release screen with its video passes axe in the dark and in Arabic too.
    for (const variant of [
      { language: 'en', dark: true },
      { language: 'ar', dark: false },
    ]) {
      const reader = await signedInPage(journey, journalist, `/press-release/${releaseId}`, {
        language: variant.language,
        context: { viewport: desktop },
      });
      if (variant.dark) {
        await presetDarkMode(reader.context);
        await openScreen(reader.page, journey.server.url, `/press-release/${releaseId}`);
      }
      await reader.page.locator(`video[aria-label="${videoTitle}"]`).waitFor();
      await expectNoAxeViolations(reader.page);
      await reader.context.close();
    }
  });
});
