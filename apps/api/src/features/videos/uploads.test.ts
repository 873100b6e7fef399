import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { apiPaths, translateMessage } from '@pressroom/contract';
import { videos, videoUploadParts, videoUploads } from '@pressroom/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  fair,
  multipart,
  type PressContentApp,
  sampleJpeg,
  startPressContentApp,
  testCompanyId,
} from '../../test-support/press-content.ts';
import { insertRelease } from '../press-releases/test-factories.ts';
import { removeUnfinishedUploads } from './service.ts';
import {
  beginUpload,
  fixtureBytes,
  insertGallery,
  mp4ClaimingAbsurdDuration,
  sendPart,
  slices,
  storedKeys,
  uploadVideo,
} from './test-factories.ts';

// The office uploads videos in parts; the parser decides what is kept. Parts of 64 KiB and a limit of 1 MiB
// make the fixtures (300 kB and 90 kB) several parts each.
const partSize = 64 * 1024;
const maxSize = 1024 * 1024;
/** Each uploader but the press office keeps at most this much: the MP4 and a little more. */
const quota = 400_000;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('videos uploaded in parts', () => {
  let content: PressContentApp;
  let siteId: number;
  const app = () => content.harness.app;
  const office = () => content.as.administrator_press_room;
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app().inject({ method, url, headers: { ...fair, ...office() }, payload: payload as never });
  const release = () =>
    insertRelease(content.harness.db, {
      status: 'draft',
      groups: [siteId],
      translations: [{ language: 'en', title: 'Opening day' }],
    });
  /** Nothing of an upload is left: no row, no part, no object. */
  const leftOvers = async () => ({
    videos: (await content.harness.db.select().from(videos)).length,
    uploads: (await content.harness.db.select().from(videoUploads)).length,
    parts: (await content.harness.db.select().from(videoUploadParts)).length,
    stored: [...(await storedKeys(app(), 'video-uploads/')), ...(await storedKeys(app(), 'videos/'))],
  });

  beforeAll(async () => {
    content = await startPressContentApp({
      videoPartBytes: partSize,
      videoMaxBytes: maxSize,
      videoQuotaBytes: quota,
    });
    siteId = app().sites.forHostname(fair.host).id;
  });
  afterAll(() => content.stop());
  beforeEach(async () => {
    await content.harness.db.delete(videos);
    await content.harness.db.delete(videoUploads);
    for (const key of [
      ...(await storedKeys(app(), 'video-uploads/')),
      ...(await storedKeys(app(), 'videos/')),
    ]) {
      await app().storage.delete(key);
    }
  });

  it('begins an upload with the part size and the limit, and refuses one declared past the limit', async () => {
    const begun = await beginUpload(app(), office(), { file_name: 'fair.mp4', size: 310_083 });
    expect(begun.statusCode).toBe(201);
    expect(begun.json()).toEqual({ id: expect.any(String), part_size: partSize, max_size: maxSize });

    const tooLarge = await beginUpload(
      app(),
      { ...office(), 'accept-language': 'it' },
      { file_name: 'fair.mp4', size: maxSize + 1 },
    );
    expect({ status: tooLarge.statusCode, body: tooLarge.json() }).toEqual({
      status: 400,
      body: { size: [translateMessage('it', 'videoTooLarge', { limit: '1 MB' })] },
    });
  });

  it("keeps the MP4 as the release's video with its duration, codecs, size and pixels, and removes its parts", async () => {
    const bytes = fixtureBytes('mp4');
    const { id: releaseId } = await release();
    const { response } = await uploadVideo(app(), office(), bytes, {
      fileName: 'tile-fair.mp4',
      press_release: releaseId,
      title: { en: 'The fair in six seconds', it: 'La fiera in sei secondi' },
    });
    expect(response.statusCode).toBe(201);
    const video = response.json();
    expect(video).toEqual({
      id: expect.any(Number),
      press_release: releaseId,
      gallery: null,
      position: 0,
      title: { en: 'The fair in six seconds', it: 'La fiera in sei secondi' },
      credit: '',
      file_name: 'tile-fair.mp4',
      size: 310_083,
      content_type: 'video/mp4',
      video_codec: 'AVC',
      audio_codec: 'AAC',
      duration_ms: 6000,
      width: 1280,
      height: 720,
      poster: null,
      captions: [],
      src: expect.stringMatching(
        new RegExp(`^/api/videos/${video.id}/stream\\?editor=\\d+&site=${siteId}&expires=\\d+&signature=`),
      ),
      download: expect.stringMatching(new RegExp(`^/api/videos/${video.id}/download\\?editor=\\d+&site=`)),
      created_at: '2026-06-01T09:00:00.000Z',
    });
    const checksum = sha256(bytes);
    expect(await leftOvers()).toEqual({
      videos: 1,
      uploads: 0,
      parts: 0,
      stored: [`videos/${checksum.slice(0, 2)}/${checksum}.mp4`],
    });
    expect(
      sha256(await buffer(await app().storage.read(`videos/${checksum.slice(0, 2)}/${checksum}.mp4`))),
    ).toBe(checksum);
  });

  it("keeps the WebM as a gallery's video, after the gallery's first", async () => {
    const gallery = await insertGallery(content.harness.db, { groups: [siteId] });
    const first = await uploadVideo(app(), office(), fixtureBytes('mp4'), {
      fileName: 'a.mp4',
      gallery: gallery.id,
    });
    const { response } = await uploadVideo(app(), office(), fixtureBytes('webm'), {
      fileName: 'halls.webm',
      gallery: gallery.id,
    });
    expect(first.response.json().position).toBe(0);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      press_release: null,
      gallery: gallery.id,
      position: 1,
      file_name: 'halls.webm',
      size: 89_592,
      content_type: 'video/webm',
      video_codec: 'VP9',
      audio_codec: 'Opus',
      duration_ms: 4008,
      width: 640,
      height: 360,
    });
  });

  it('refuses the AVI naming what is accepted, and keeps nothing of it', async () => {
    const { id: releaseId } = await release();
    const { response } = await uploadVideo(
      app(),
      { ...office(), 'accept-language': 'fr' },
      fixtureBytes('avi'),
      {
        fileName: 'old.avi',
        press_release: releaseId,
      },
    );
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 400,
      body: {
        file: [
          "Ce fichier n'est pas une vidéo publiable. Formats acceptés : MP4 (H.264) ou WebM (VP8, VP9, AV1).",
        ],
      },
    });
    expect(await leftOvers()).toEqual({ videos: 0, uploads: 0, parts: 0, stored: [] });
  });

  it('refuses a video whose header claims an absurd duration as unreadable, and keeps nothing of it', async () => {
    const { id: releaseId } = await release();
    const { response } = await uploadVideo(
      app(),
      { ...office(), 'accept-language': 'it' },
      mp4ClaimingAbsurdDuration(),
      { fileName: 'forever.mp4', press_release: releaseId },
    );
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 400,
      body: {
        file: [translateMessage('it', 'videoUnreadable', { accepted: 'MP4 (H.264) o WebM (VP8, VP9, AV1)' })],
      },
    });
    expect(await leftOvers()).toEqual({ videos: 0, uploads: 0, parts: 0, stored: [] });
  });

  it('cuts off a part larger than its share while it arrives, and keeps nothing of it', async () => {
    const begun = await beginUpload(app(), office(), { file_name: 'fair.mp4', size: 100_000 });
    const { id } = begun.json();
    // 64 MiB offered in 64 KiB chunks, made as they are read: the server must stop reading long before the end.
    let offered = 0;
    const flood = new Readable({
      read() {
        if (offered >= 64 * 1024 * 1024) return this.push(null);
        offered += 64 * 1024;
        this.push(Buffer.alloc(64 * 1024, 7));
      },
    });
    const response = await app().inject({
      method: 'PUT',
      url: apiPaths.videoUploadPart(id, 1),
      headers: { ...fair, ...office(), 'content-type': 'application/octet-stream' },
      payload: flood,
    });
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 400,
      body: { file: [translateMessage('en', 'videoPartSize', { number: 1, size: partSize })] },
    });
    expect(offered).toBeLessThan(4 * 1024 * 1024);
    expect((await leftOvers()).parts).toBe(0);
    expect(await storedKeys(app(), 'video-uploads/')).toEqual([]);
    expect(await readdir(path.join(content.dataDir.dir, 'tmp', 'videos', 'parts'))).toEqual([]);

    // A part that says it is too long is refused before it is read; a short one too.
    const declared = await sendPart(app(), office(), id, 2, Buffer.alloc(100_000 - partSize + 1));
    expect(declared.json()).toEqual({
      file: [translateMessage('en', 'videoPartSize', { number: 2, size: 100_000 - partSize })],
    });
    const short = await sendPart(app(), office(), id, 1, Buffer.alloc(10));
    expect(short.statusCode).toBe(400);
    const past = await sendPart(app(), office(), id, 3, Buffer.alloc(10));
    expect(past.json()).toEqual({ number: [translateMessage('en', 'videoPartNumber', { count: 2 })] });
    expect((await leftOvers()).parts).toBe(0);
  });

  it('joins parts that arrived out of order in their order', async () => {
    const bytes = fixtureBytes('mp4');
    const { id: releaseId } = await release();
    const { id } = (await beginUpload(app(), office(), { file_name: 'fair.mp4', size: bytes.length })).json();
    const parts = slices(bytes, partSize);
    expect(parts.map((part) => part.number)).toEqual([1, 2, 3, 4, 5]);
    const received: number[] = [];
    for (const part of [parts[4], parts[2], parts[0], parts[3], parts[1]]) {
      received.push((await sendPart(app(), office(), id, part.number, part.bytes)).json().received_size);
    }
    expect(received).toEqual([
      bytes.length - 4 * partSize,
      bytes.length - 3 * partSize,
      bytes.length - 2 * partSize,
      bytes.length - partSize,
      bytes.length,
    ]);
    const completed = await call('POST', apiPaths.videoUploadComplete(id), { press_release: releaseId });
    expect(completed.statusCode).toBe(201);
    const checksum = sha256(bytes);
    expect(await buffer(await app().storage.read(`videos/${checksum.slice(0, 2)}/${checksum}.mp4`))).toEqual(
      bytes,
    );
  });

  it('refuses to complete while a part is missing, and completes once it has come', async () => {
    const bytes = fixtureBytes('webm');
    const { id: releaseId } = await release();
    const { id } = (
      await beginUpload(app(), office(), { file_name: 'halls.webm', size: bytes.length })
    ).json();
    const [one, two] = slices(bytes, partSize);
    await sendPart(app(), office(), id, one.number, one.bytes);
    const early = await call('POST', apiPaths.videoUploadComplete(id), { press_release: releaseId });
    expect({ status: early.statusCode, body: early.json() }).toEqual({
      status: 400,
      body: { non_field_errors: [translateMessage('en', 'videoPartMissing', { number: 2 })] },
    });
    expect((await leftOvers()).uploads).toBe(1);
    await sendPart(app(), office(), id, two.number, two.bytes);
    const completed = await call('POST', apiPaths.videoUploadComplete(id), { press_release: releaseId });
    expect(completed.statusCode).toBe(201);
  });

  it('needs exactly one release or gallery to complete', async () => {
    const { id } = (await beginUpload(app(), office(), { file_name: 'halls.webm', size: 10 })).json();
    const neither = await call('POST', apiPaths.videoUploadComplete(id), {});
    expect(neither.json()).toEqual({ non_field_errors: [translateMessage('en', 'videoOwnerRequired')] });
  });

  it('cancels an upload, and the cleanup job removes those left unfinished for a day', async () => {
    const bytes = fixtureBytes('webm');
    const cancelled = (
      await beginUpload(app(), office(), { file_name: 'a.webm', size: bytes.length })
    ).json();
    await sendPart(app(), office(), cancelled.id, 1, bytes.subarray(0, partSize));
    expect((await call('DELETE', apiPaths.videoUpload(cancelled.id))).statusCode).toBe(204);
    expect(await leftOvers()).toEqual({ videos: 0, uploads: 0, parts: 0, stored: [] });

    const start = content.harness.clock.now();
    const forgotten = (
      await beginUpload(app(), office(), { file_name: 'b.webm', size: bytes.length })
    ).json();
    await sendPart(app(), office(), forgotten.id, 1, bytes.subarray(0, partSize));
    // One begun 23 hours later, as the service stores it (the callers' tokens would have expired by then).
    const [recent] = await content.harness.db
      .insert(videoUploads)
      .values({
        createdById: (await content.harness.db.select().from(videoUploads))[0].createdById,
        fileName: 'c.webm',
        declaredSize: bytes.length,
        createdAt: new Date(start.getTime() + 23 * 3600 * 1000),
      })
      .returning();
    const recentPart = `video-uploads/${recent.id}/1`;
    await app().storage.putBytes(recentPart, bytes.subarray(0, partSize));
    await content.harness.db
      .insert(videoUploadParts)
      .values({ uploadId: recent.id, partNumber: 1, size: partSize, fileKey: recentPart });
    content.harness.clock.set(new Date(start.getTime() + 25 * 3600 * 1000));
    try {
      expect(await removeUnfinishedUploads(app())).toBe(1);
    } finally {
      content.harness.clock.set(start);
    }
    expect(await storedKeys(app(), 'video-uploads/')).toEqual([recentPart]);
    expect(
      (await content.harness.db.select({ id: videoUploads.id }).from(videoUploads)).map((row) => row.id),
    ).toEqual([recent.id]);
  });

  it('lets only editors of the release upload: a journalist cannot begin, an agent cannot add to another company', async () => {
    const journalist = await beginUpload(app(), content.as.user_press_room, { file_name: 'a.mp4', size: 10 });
    expect(journalist.statusCode).toBe(403);
    const { id: releaseId } = await release();
    const { response } = await uploadVideo(
      app(),
      content.as.agent_press_room_external_company,
      fixtureBytes('webm'),
      {
        fileName: 'a.webm',
        press_release: releaseId,
      },
    );
    expect(response.statusCode).toBe(403);
    expect((await leftOvers()).videos).toBe(0);
    const own = await insertRelease(content.harness.db, {
      status: 'draft',
      companyId: testCompanyId,
      groups: [siteId],
      translations: [{ language: 'en', title: 'Our stand' }],
    });
    const ours = await uploadVideo(
      app(),
      content.as.agent_press_room_external_company,
      fixtureBytes('webm'),
      {
        fileName: 'a.webm',
        press_release: own.id,
      },
    );
    expect(ours.response.statusCode).toBe(201);
    // Another editor's upload does not exist for them.
    const { id } = (await beginUpload(app(), office(), { file_name: 'a.webm', size: 10 })).json();
    const foreign = await sendPart(
      app(),
      content.as.agent_press_room_external_company,
      id,
      1,
      Buffer.alloc(10),
    );
    expect(foreign.statusCode).toBe(404);
  });

  it("counts a company editor's videos and uploads under way against their quota, before any part is sent", async () => {
    const agent = content.as.agent_press_room_external_company;
    const own = await insertRelease(content.harness.db, {
      status: 'draft',
      companyId: testCompanyId,
      groups: [siteId],
      translations: [{ language: 'en', title: 'Our stand' }],
    });
    const kept = await uploadVideo(app(), agent, fixtureBytes('mp4'), {
      fileName: 'stand.mp4',
      press_release: own.id,
    });
    expect(kept.response.statusCode).toBe(201);
    // Two uploads begun at once, each within the quota alone but not together: one passes.
    const both = await Promise.all([
      beginUpload(app(), agent, { file_name: 'a.webm', size: 60_000 }),
      beginUpload(app(), agent, { file_name: 'b.webm', size: 60_000 }),
    ]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([201, 400]);
    const refused = await beginUpload(
      app(),
      { ...agent, 'accept-language': 'it' },
      { file_name: 'c.webm', size: quota - 310_083 - 60_000 + 1 },
    );
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({
      status: 400,
      body: {
        size: [translateMessage('it', 'videoQuotaExceeded', { limit: '400 kB', used: '370 kB' })],
      },
    });
    expect(refused.json().size[0]).toBe(
      'Con questo video i tuoi video supererebbero il tuo limite di 400 kB (ora occupano 370 kB). Elimina un video o annulla un caricamento non finito per fare spazio.',
    );
    expect(await leftOvers()).toMatchObject({ videos: 1, uploads: 1, parts: 0 });
    // Exactly up to the quota is within it; the press office has none.
    const upTo = await beginUpload(app(), agent, { file_name: 'd.webm', size: quota - 310_083 - 60_000 });
    expect(upTo.statusCode).toBe(201);
    const unlimited = await beginUpload(app(), office(), { file_name: 'e.mp4', size: maxSize });
    expect(unlimited.statusCode).toBe(201);
  });

  describe('a video its editors complete', () => {
    let video: { id: number };
    beforeEach(async () => {
      const { id: releaseId } = await release();
      video = (
        await uploadVideo(app(), office(), fixtureBytes('webm'), {
          fileName: 'halls.webm',
          press_release: releaseId,
        })
      ).response.json();
      await call('PATCH', apiPaths.videoAdmin(video.id), { credit: 'Tile Fair', title: { en: 'Halls' } });
    });

    it('takes captions in WebVTT per language and refuses anything else', async () => {
      const form = (file: Buffer, name = 'captions.vtt') =>
        multipart({}, [{ field: 'file', fileName: name, contentType: 'text/vtt', content: file }]);
      const put = (language: string, file: Buffer, name?: string) => {
        const body = form(file, name);
        return app().inject({
          method: 'PUT',
          url: apiPaths.videoAdminCaptions(video.id, language),
          headers: { ...fair, ...office(), ...body.headers },
          payload: body.payload,
        });
      };
      const english = await put('en', fixtureBytes('captionsEn'));
      expect(english.statusCode).toBe(200);
      expect(english.json().captions).toEqual([
        {
          language: 'en',
          label: 'English',
          size: fixtureBytes('captionsEn').length,
          src: expect.stringMatching(
            new RegExp(`^/api/videos/${video.id}/captions/en\\.vtt\\?v=[0-9a-f]{16}&editor=`),
          ),
        },
      ]);
      const srt = await put(
        'it',
        Buffer.from('1\n00:00:00,000 --> 00:00:02,500\nBenvenuti\n'),
        'captions.srt',
      );
      expect({ status: srt.statusCode, body: srt.json() }).toEqual({
        status: 400,
        body: { file: [translateMessage('en', 'videoCaptionNotWebvtt')] },
      });
      const latin1 = await put('it', Buffer.from('WEBVTT\n\n00:00.000 --> 00:02.500\nCittà\n', 'latin1'));
      expect(latin1.statusCode).toBe(400);
      const huge = await put('it', Buffer.concat([Buffer.from('WEBVTT\n\n'), Buffer.alloc(600 * 1024, 'a')]));
      expect({ status: huge.statusCode, body: huge.json() }).toEqual({
        status: 400,
        body: { file: [translateMessage('en', 'videoCaptionTooLarge', { limit: '512 kB' })] },
      });
      const italian = await put('it', fixtureBytes('captionsIt'));
      expect(italian.json().captions.map((caption: { label: string }) => caption.label)).toEqual([
        'English',
        'Italiano',
      ]);
      expect((await call('DELETE', apiPaths.videoAdminCaptions(video.id, 'en'))).statusCode).toBe(204);
      expect((await call('GET', apiPaths.videoAdmin(video.id))).json().captions).toEqual([
        expect.objectContaining({ language: 'it' }),
      ]);
    });

    it('keeps a poster with the web and print renditions, and refuses what is not a picture', async () => {
      const picture = await sampleJpeg(3600, 2025);
      const body = multipart({}, [
        { field: 'file', fileName: 'frame.jpg', contentType: 'image/jpeg', content: picture },
      ]);
      const set = await app().inject({
        method: 'PUT',
        url: apiPaths.videoAdminPoster(video.id),
        headers: { ...fair, ...office(), ...body.headers },
        payload: body.payload,
      });
      expect(set.statusCode).toBe(200);
      const checksum = sha256(picture);
      expect(set.json().poster).toEqual({
        src: expect.stringMatching(
          new RegExp(`^/api/videos/${video.id}/poster/web\\?v=${checksum.slice(0, 16)}&editor=`),
        ),
        srcset: expect.stringMatching(/ 1600w, .+ 3000w$/),
        width: 3600,
        height: 2025,
      });
      expect(await storedKeys(app(), 'gallery/renditions/')).toEqual([
        `gallery/renditions/print/${checksum.slice(0, 2)}/${checksum}.jpg`,
        `gallery/renditions/web/${checksum.slice(0, 2)}/${checksum}.jpg`,
      ]);
      const web = await app().inject({ method: 'GET', url: set.json().poster.src, headers: fair });
      expect({ status: web.statusCode, type: web.headers['content-type'] }).toEqual({
        status: 200,
        type: 'image/jpeg',
      });

      const notPicture = multipart({}, [
        {
          field: 'file',
          fileName: 'frame.jpg',
          contentType: 'image/jpeg',
          content: Buffer.from('%PDF-1.4 not a picture'),
        },
      ]);
      const refused = await app().inject({
        method: 'PUT',
        url: apiPaths.videoAdminPoster(video.id),
        headers: { ...fair, ...office(), ...notPicture.headers },
        payload: notPicture.payload,
      });
      expect({ status: refused.statusCode, body: refused.json() }).toEqual({
        status: 400,
        body: { file: [translateMessage('en', 'videoPosterNotAccepted')] },
      });
    });

    it('changes only the fields a PATCH names, and deletes the video with its file', async () => {
      const moved = await call('PATCH', apiPaths.videoAdmin(video.id), { position: 3 });
      expect(moved.json()).toMatchObject({ position: 3, credit: 'Tile Fair', title: { en: 'Halls' } });
      expect((await call('DELETE', apiPaths.videoAdmin(video.id))).statusCode).toBe(204);
      expect(await leftOvers()).toEqual({ videos: 0, uploads: 0, parts: 0, stored: [] });
      expect((await call('GET', apiPaths.videoAdmin(video.id))).statusCode).toBe(404);
    });
  });
});
