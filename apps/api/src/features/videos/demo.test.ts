import { apiPaths } from '@pressroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../demo/seed-demo.ts';
import { createTestApp } from '../../test-support/app.ts';
import { temporaryDataDir } from '../../test-support/press-content.ts';
import { seedDemoVideos } from './demo.ts';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let dataDir: Awaited<ReturnType<typeof temporaryDataDir>>;

beforeAll(async () => {
  dataDir = await temporaryDataDir();
  harness = await createTestApp({ config: { dataDir: dataDir.dir } });
  await seedDemo(harness.db, harness.app.config, harness.app.storage, harness.clock.now(), () => {});
});
afterAll(async () => {
  await harness.close();
  await dataDir.remove();
});

describe("the demo's video", () => {
  it('plays under the release that closes the last edition, with a poster and captions in two languages, once', async () => {
    expect(await seedDemoVideos(harness.app)).toEqual({ videos: 1 });
    expect(await seedDemoVideos(harness.app)).toEqual({ videos: 0 });
    const list = await harness.app.inject({
      method: 'GET',
      url: `${apiPaths.pressReleases}?search=Record%20attendance`,
      headers: { host: 'association.localhost' },
    });
    const [release] = list.json().results as { id: number }[];
    const detail = await harness.app.inject({
      method: 'GET',
      url: apiPaths.pressRelease(release.id),
      headers: { host: 'association.localhost', 'accept-language': 'it' },
    });
    const [video] = detail.json().videos;
    expect(video).toMatchObject({
      title: 'Quindici padiglioni in sei secondi',
      credit: 'Tile Fair press office',
      duration_ms: 6000,
      width: 1280,
      height: 720,
      content_type: 'video/mp4',
      video_codec: 'AVC',
      audio_codec: 'AAC',
      embed: `/embed/videos/${video.id}`,
    });
    expect(video.poster).toMatchObject({ width: 1280, height: 720 });
    expect(video.captions.map((caption: { language: string }) => caption.language)).toEqual(['en', 'it']);
    const captions = await harness.app.inject({
      method: 'GET',
      url: video.captions[1].src,
      headers: { host: 'association.localhost' },
    });
    expect(captions.statusCode).toBe(200);
    expect(captions.body.startsWith('WEBVTT')).toBe(true);
  });
});
