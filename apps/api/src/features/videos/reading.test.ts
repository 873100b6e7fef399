import { apiPaths, translateMessage } from '@pressroom/contract';
import {
  fairEditions,
  pressReleases,
  programmeEventGalleries,
  programmeEvents,
  readCounts,
} from '@pressroom/db';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fair, type PressContentApp, startPressContentApp } from '../../test-support/press-content.ts';
import { insertRelease } from '../press-releases/test-factories.ts';
import { fixtureBytes, insertGallery, insertVideo } from './test-factories.ts';

// Readers stream, download and play a video exactly when they may see its release or gallery.

const size = 310_083;

describe("videos as readers get them: their owner's visibility, ranges, counts", () => {
  let content: PressContentApp;
  let siteId: number;
  let otherSiteId: number;
  const ids = {} as Record<
    'public' | 'embargoed' | 'scheduled' | 'draft' | 'gallery' | 'draftGallery' | 'otherSiteGallery',
    number
  >;
  const releaseIds = {} as Record<'public' | 'embargoed', number>;
  let galleryId = 0;
  const app = () => content.harness.app;
  const get = (url: string, headers: Record<string, string> = {}) =>
    app().inject({ method: 'GET', url, headers: { ...fair, ...headers } });
  const statusOf = async (url: string, headers: Record<string, string> = {}) =>
    (await get(url, headers)).statusCode;
  const counted = async () => {
    await app().readCounter.flush();
    const rows = await content.harness.db.select().from(readCounts).orderBy(asc(readCounts.kind));
    return rows
      .filter((row) => row.kind.startsWith('video_'))
      .map((row) => [row.kind, row.itemId, row.mediaType, row.count]);
  };

  beforeAll(async () => {
    content = await startPressContentApp({ readCountFlushSeconds: 0 });
    siteId = app().sites.forHostname(fair.host).id;
    otherSiteId = app().sites.forHostname('association.localhost').id;
    const db = content.harness.db;
    const now = content.harness.clock.now().getTime();
    const release = (options: Partial<Parameters<typeof insertRelease>[1]>) =>
      insertRelease(db, {
        groups: [siteId],
        translations: [{ language: 'en', title: 'Opening day' }],
        ...options,
      });
    const publicRelease = await release({});
    const embargoed = await release({ embargoUntil: new Date(now + 86_400_000) });
    const scheduled = await release({});
    await db
      .update(pressReleases)
      .set({ publishAt: new Date(now + 86_400_000) })
      .where(eq(pressReleases.id, scheduled.id));
    const draft = await release({ status: 'draft' });
    releaseIds.public = publicRelease.id;
    releaseIds.embargoed = embargoed.id;
    ids.public = (await insertVideo(app(), { pressReleaseId: publicRelease.id, captions: ['en', 'it'] })).id;
    ids.embargoed = (await insertVideo(app(), { pressReleaseId: embargoed.id })).id;
    ids.scheduled = (await insertVideo(app(), { pressReleaseId: scheduled.id })).id;
    ids.draft = (await insertVideo(app(), { pressReleaseId: draft.id })).id;
    galleryId = (await insertGallery(db, { groups: [siteId] })).id;
    ids.gallery = (await insertVideo(app(), { galleryId })).id;
    ids.draftGallery = (
      await insertVideo(app(), {
        galleryId: (await insertGallery(db, { groups: [siteId], status: 'draft' })).id,
      })
    ).id;
    ids.otherSiteGallery = (
      await insertVideo(app(), { galleryId: (await insertGallery(db, { groups: [otherSiteId] })).id })
    ).id;
  });
  afterAll(() => content.stop());

  it('streams the whole file, or the exact bytes of a range (206), and answers 416 for a range past its end', async () => {
    const bytes = fixtureBytes('mp4');
    const whole = await get(apiPaths.videoStream(ids.public));
    expect({
      status: whole.statusCode,
      type: whole.headers['content-type'],
      ranges: whole.headers['accept-ranges'],
      length: whole.headers['content-length'],
      same: whole.rawPayload.equals(bytes),
    }).toEqual({ status: 200, type: 'video/mp4', ranges: 'bytes', length: String(size), same: true });

    const first = await get(apiPaths.videoStream(ids.public), { range: 'bytes=0-99' });
    expect({
      status: first.statusCode,
      range: first.headers['content-range'],
      length: first.headers['content-length'],
    }).toEqual({ status: 206, range: `bytes 0-99/${size}`, length: '100' });
    expect(first.rawPayload).toEqual(bytes.subarray(0, 100));

    const middle = await get(apiPaths.videoStream(ids.public), { range: 'bytes=150000-150009' });
    expect(middle.headers['content-range']).toBe(`bytes 150000-150009/${size}`);
    expect(middle.rawPayload).toEqual(bytes.subarray(150_000, 150_010));

    const tail = await get(apiPaths.videoStream(ids.public), { range: `bytes=${size - 83}-` });
    expect({ status: tail.statusCode, range: tail.headers['content-range'] }).toEqual({
      status: 206,
      range: `bytes ${size - 83}-${size - 1}/${size}`,
    });
    expect(tail.rawPayload).toEqual(bytes.subarray(size - 83));

    const past = await get(apiPaths.videoStream(ids.public), { range: `bytes=${size}-${size + 100}` });
    expect({ status: past.statusCode, range: past.headers['content-range'] }).toEqual({
      status: 416,
      range: `bytes */${size}`,
    });
  });

  it("shows a release's videos only as its release: anonymous readers get 404 for embargoed, scheduled and draft ones", async () => {
    const anonymous = {
      public: await statusOf(apiPaths.videoStream(ids.public)),
      embargoed: await statusOf(apiPaths.videoStream(ids.embargoed)),
      scheduled: await statusOf(apiPaths.videoStream(ids.scheduled)),
      draft: await statusOf(apiPaths.videoStream(ids.draft)),
      embargoedDownload: await statusOf(apiPaths.videoDownload(ids.embargoed)),
      embargoedCaptions: await statusOf(apiPaths.videoCaptions(ids.embargoed, 'en')),
      missing: await statusOf(apiPaths.videoStream(999_999)),
    };
    expect(anonymous).toEqual({
      public: 200,
      embargoed: 404,
      scheduled: 404,
      draft: 404,
      embargoedDownload: 404,
      embargoedCaptions: 404,
      missing: 404,
    });
    const journalist = content.as.user_press_room;
    expect({
      embargoed: await statusOf(apiPaths.videoStream(ids.embargoed), journalist),
      scheduled: await statusOf(apiPaths.videoStream(ids.scheduled), journalist),
      draft: await statusOf(apiPaths.videoStream(ids.draft), journalist),
    }).toEqual({ embargoed: 200, scheduled: 404, draft: 404 });
  });

  it("serves a release's video, captions and poster only on a site the release is on", async () => {
    const association = { host: 'association.localhost' };
    const journalist = content.as.user_press_room;
    expect({
      stream: await statusOf(apiPaths.videoStream(ids.public), association),
      download: await statusOf(apiPaths.videoDownload(ids.public), association),
      captions: await statusOf(apiPaths.videoCaptions(ids.public, 'en'), association),
      poster: await statusOf(apiPaths.videoPoster(ids.public, 'web'), association),
      pressStream: await statusOf(apiPaths.videoStream(ids.embargoed), { ...journalist, ...association }),
      embed: await statusOf(`/embed/videos/${ids.public}`, association),
    }).toEqual({ stream: 404, download: 404, captions: 404, poster: 404, pressStream: 404, embed: 404 });
    expect(await statusOf(apiPaths.videoStream(ids.public))).toBe(200);
  });

  it("gives the public release's detail its videos with plain addresses, captions and an embed", async () => {
    const detail = await get(apiPaths.pressRelease(releaseIds.public));
    expect(detail.json().videos).toEqual([
      {
        id: ids.public,
        title: 'The fair in six seconds',
        credit: 'Tile Fair',
        duration_ms: 6000,
        size,
        width: 1280,
        height: 720,
        content_type: 'video/mp4',
        video_codec: 'AVC',
        audio_codec: 'AAC',
        poster: null,
        src: `/api/videos/${ids.public}/stream`,
        download: `/api/videos/${ids.public}/download`,
        captions: [
          {
            language: 'en',
            label: 'English',
            src: expect.stringMatching(/^\/api\/videos\/\d+\/captions\/en\.vtt\?v=/),
          },
          {
            language: 'it',
            label: 'Italiano',
            src: expect.stringMatching(/^\/api\/videos\/\d+\/captions\/it\.vtt\?v=/),
          },
        ],
        embed: `/embed/videos/${ids.public}`,
      },
    ]);
    const captions = await get(detail.json().videos[0].captions[1].src);
    expect({
      status: captions.statusCode,
      type: captions.headers['content-type'],
      body: captions.body,
    }).toEqual({
      status: 200,
      type: 'text/vtt; charset=utf-8',
      body: fixtureBytes('captionsIt').toString('utf8'),
    });
    expect(await statusOf(apiPaths.videoCaptions(ids.public, 'de'))).toBe(404);
  });

  it("gives the press the embargoed release's videos by signed links, without an embed, that a player can fetch", async () => {
    const detail = await get(apiPaths.pressRelease(releaseIds.embargoed), content.as.user_press_room);
    const [video] = detail.json().videos;
    expect({ src: video.src, embed: video.embed }).toEqual({
      src: expect.stringMatching(
        new RegExp(`^/api/videos/${ids.embargoed}/stream\\?site=${siteId}&expires=\\d+&signature=[\\w-]+$`),
      ),
      embed: null,
    });
    // The <video> element sends no token: the signature lets it play.
    expect(await statusOf(video.src, { range: 'bytes=0-9' })).toBe(206);
    expect(await statusOf(video.src.replace(/signature=.{4}/, 'signature=AAAA'))).toBe(404);
    expect(await statusOf(video.src, { host: 'association.localhost' })).toBe(404);
  });

  it("keeps a gallery's videos in the press area: published ones of this site, signed for the player", async () => {
    const journalist = content.as.user_press_room;
    expect({
      anonymous: await statusOf(apiPaths.videoStream(ids.gallery)),
      journalist: await statusOf(apiPaths.videoStream(ids.gallery), journalist),
      draft: await statusOf(apiPaths.videoStream(ids.draftGallery), journalist),
      otherSite: await statusOf(apiPaths.videoStream(ids.otherSiteGallery), journalist),
      officeDraft: await statusOf(
        apiPaths.videoStream(ids.draftGallery),
        content.as.administrator_press_room,
      ),
    }).toEqual({ anonymous: 404, journalist: 200, draft: 404, otherSite: 404, officeDraft: 200 });
    const [video] = (await get(apiPaths.gallery(galleryId), journalist)).json().videos;
    expect({ id: video.id, src: video.src, embed: video.embed }).toEqual({
      id: ids.gallery,
      src: expect.stringMatching(
        new RegExp(`^/api/videos/${ids.gallery}/stream\\?site=${siteId}&expires=\\d+&signature=`),
      ),
      embed: null,
    });
    expect(await statusOf(video.src)).toBe(200);
  });

  it("holds a gallery video while an event holds its gallery, and shows it from the event's start", async () => {
    const db = content.harness.db;
    const [edition] = await db
      .insert(fairEditions)
      .values({ pressGroupId: siteId, name: 'Tile Fair 2026', startsOn: '2026-06-01', endsOn: '2026-06-03' })
      .returning();
    const startsAt = new Date(content.harness.clock.now().getTime() + 5 * 60_000);
    const [event] = await db
      .insert(programmeEvents)
      .values({
        editionId: edition.id,
        type: 'press_conference',
        status: 'approved',
        title: { en: 'Opening' },
        startsAt,
        endsAt: new Date(startsAt.getTime() + 3_600_000),
        hall: '5',
        languages: ['en'],
      })
      .returning();
    const held = await insertGallery(db, { groups: [siteId] });
    const video = await insertVideo(app(), { galleryId: held.id });
    await db
      .insert(programmeEventGalleries)
      .values({ eventId: event.id, galleryId: held.id, releasedAtStart: true });
    const before = content.harness.clock.now();
    try {
      expect(await statusOf(apiPaths.videoStream(video.id), content.as.user_press_room)).toBe(404);
      content.harness.clock.set(startsAt);
      expect(await statusOf(apiPaths.videoStream(video.id), content.as.user_press_room)).toBe(200);
    } finally {
      content.harness.clock.set(before);
    }
  });

  it('counts a download when the original is fetched from its start, and a play when the player says so', async () => {
    const reader = content.as.user_press_room;
    const download = await get(apiPaths.videoDownload(ids.public), reader);
    expect({
      status: download.statusCode,
      disposition: download.headers['content-disposition'],
    }).toEqual({
      status: 200,
      disposition: `attachment; filename="tile-fair.mp4"; filename*=UTF-8''tile-fair.mp4`,
    });
    // A resumed download asks for the rest: the same download.
    await get(apiPaths.videoDownload(ids.public), { ...reader, range: 'bytes=1000-' });
    // Streaming is not downloading.
    await get(apiPaths.videoStream(ids.public));
    const play = await app().inject({ method: 'POST', url: apiPaths.videoPlays(ids.public), headers: fair });
    expect(play.statusCode).toBe(204);
    const hidden = await app().inject({
      method: 'POST',
      url: apiPaths.videoPlays(ids.embargoed),
      headers: fair,
    });
    expect({ status: hidden.statusCode, body: hidden.json() }).toEqual({
      status: 404,
      body: { detail: translateMessage('en', 'notFound') },
    });
    expect(await counted()).toEqual([
      ['video_download', ids.public, '', 1],
      ['video_play', ids.public, '', 1],
    ]);
  });
});
