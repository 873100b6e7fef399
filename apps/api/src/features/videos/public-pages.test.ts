import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/app.ts';
import { readHead } from '../../test-support/html-head.ts';
import { insertRelease } from '../press-releases/test-factories.ts';
import { insertVideo } from './test-factories.ts';

describe("a release's videos on its public page and in the embed page", () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let dataDir: string;
  let publicVideo: number;
  let embargoedVideo: number;
  let associationVideo: number;

  const get = (url: string, headers: Record<string, string> = {}) =>
    harness.app.inject({ method: 'GET', url, headers: { host: 'fair.localhost', ...headers } });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'pressroom-video-pages-'));
    harness = await createTestApp({ config: { dataDir } });
    const { app, db } = harness;
    const fair = app.sites.byName.get('Tile Fair')?.id ?? 0;
    const association = app.sites.byName.get('Ceramics Association')?.id ?? 0;
    const opening = await insertRelease(db, {
      publicationDate: '2026-03-02',
      number: 41,
      groups: [fair],
      translations: [
        { language: 'en', title: 'The fair opens', body: '<p>Doors open at nine.</p>' },
        { language: 'it', title: 'La fiera apre', body: '<p>Porte aperte alle nove.</p>' },
      ],
    });
    publicVideo = (
      await insertVideo(app, { pressReleaseId: opening.id, title: 'Halls at dawn', captions: ['en', 'it'] })
    ).id;
    const embargoed = await insertRelease(db, {
      number: 42,
      groups: [fair],
      embargoUntil: new Date(app.clock.now().getTime() + 86_400_000),
      translations: [{ language: 'en', title: 'Award winners' }],
    });
    embargoedVideo = (await insertVideo(app, { pressReleaseId: embargoed.id })).id;
    const elsewhere = await insertRelease(db, {
      number: 43,
      groups: [association],
      translations: [{ language: 'en', title: 'Annual report' }],
    });
    associationVideo = (await insertVideo(app, { pressReleaseId: elsewhere.id })).id;
  });

  afterAll(async () => {
    await harness.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('shows the player with its captions, its duration and size and the download, and names it as og:video', async () => {
    const page = await get('/releases/2026-41-the-fair-opens?lang=it');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h2>Video</h2>');
    expect(page.body).toContain(
      `<video controls preload="metadata" playsinline width="1280" height="720" aria-label="Halls at dawn"><source src="/api/videos/${publicVideo}/stream" type="video/mp4">`,
    );
    const tracks = page.body.match(/<track [^>]*>/g) ?? [];
    expect(tracks).toHaveLength(2);
    expect(tracks[0]).toMatch(
      /^<track kind="captions" srclang="en" label="English" src="\/api\/videos\/\d+\/captions\/en\.vtt\?v=[0-9a-f]{16}">$/,
    );
    // The reader's language is the captions shown when the video starts.
    expect(tracks[1]).toMatch(/^<track kind="captions" srclang="it" label="Italiano" src="[^"]+" default>$/);
    expect(page.body).toMatch(
      new RegExp(
        `<a href="/api/videos/${publicVideo}/download" download="tile-fair.mp4">Scarica il video \\(0:06, [^)]+kB\\)</a>`,
      ),
    );
    expect(page.body).toContain('<span class="credit">Video: \u2068Tile Fair\u2069</span>');
    const head = readHead(page.body);
    expect(head.meta.get('og:video')).toBe(`http://fair.localhost:3000/api/videos/${publicVideo}/stream`);
    expect(head.meta.get('og:video:type')).toBe('video/mp4');
    expect(head.meta.get('og:video:width')).toBe('1280');
    expect(head.meta.get('og:video:height')).toBe('720');
  });

  it('serves a public video as a page any site may frame, without script or cookie', async () => {
    const embed = await get(`/embed/videos/${publicVideo}?lang=en`);
    expect(embed.statusCode).toBe(200);
    expect(embed.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(embed.headers['content-security-policy']).toBe(
      "default-src 'none'; media-src 'self'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors *",
    );
    expect(embed.headers['x-frame-options']).toBeUndefined();
    expect(embed.headers['set-cookie']).toBeUndefined();
    expect(embed.body).not.toContain('<script');
    expect(embed.body).toContain('<meta name="robots" content="noindex">');
    expect(embed.body).toContain(`<source src="/api/videos/${publicVideo}/stream" type="video/mp4">`);
    expect(embed.body).toMatch(/<track kind="captions" srclang="en" label="English" src="[^"]+" default>/);
    // Every other page keeps refusing to be framed.
    const page = await get('/releases/2026-41-the-fair-opens');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it("has no embed page for a video under embargo, of another site's release, or unknown", async () => {
    for (const url of [
      `/embed/videos/${embargoedVideo}`,
      `/embed/videos/${associationVideo}`,
      '/embed/videos/999999',
    ]) {
      const answer = await get(url);
      expect({ url, status: answer.statusCode, body: answer.body }).toEqual({ url, status: 404, body: '' });
    }
  });
});
