import { apiPaths } from '@pressroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../demo/seed-demo.ts';
import { createTestApp } from '../../test-support/app.ts';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
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

  it('is found by Pictures by a word of its title in each language of the sites, with its poster', async () => {
    const journalist = await createUser(harness.app, { roles: ['user_press_room'] });
    const headers = { host: 'association.localhost', ...authHeader(await tokenFor(harness.app, journalist)) };
    const words = ['halls', 'padiglioni', 'quinze', 'funfzehn', 'pabellones', 'אולמות', 'قاعة'];
    for (const word of words) {
      const response = await harness.app.inject({
        method: 'GET',
        url: `${apiPaths.pictureSearch}?kind=video&search=${encodeURIComponent(word)}`,
        headers,
      });
      expect(response.statusCode, word).toBe(200);
      const body = response.json();
      expect(body.count, word).toBe(1);
      expect(body.results[0].title, word).toEqual({
        en: 'Fifteen halls in six seconds',
        it: 'Quindici padiglioni in sei secondi',
        fr: 'Quinze halls en six secondes',
        de: 'Fünfzehn Hallen in sechs Sekunden',
        es: 'Quince pabellones en seis segundos',
        he: 'חמישה-עשר אולמות בשש שניות',
        ar: 'خمس عشرة قاعة في ست ثوانٍ',
      });
      expect(body.results[0].folder.name.en, word).toMatch(/^Record attendance closes Tile Fair \d{4}$/);
      expect(body.results[0].poster, word).toMatch(/^\/api\/videos\/\d+\/poster\/web\?v=/);
      // An <img> sends no Authorization header: the poster's address alone serves it.
      const poster = await harness.app.inject({
        method: 'GET',
        url: body.results[0].poster,
        headers: { host: 'association.localhost' },
      });
      expect(poster.statusCode, word).toBe(200);
    }
  });
});
