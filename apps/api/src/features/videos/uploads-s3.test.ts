import { createHash } from 'node:crypto';
import { apiPaths } from '@pressroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fair, type PressContentApp, startPressContentApp } from '../../test-support/press-content.ts';
import { startS3Server, type TestS3Server } from '../../test-support/s3.ts';
import { fixtureBytes, insertGallery, storedKeys, uploadVideo } from './test-factories.ts';

// Several app servers share an object store: the parts of an upload are objects of it, not files of one server.

describe('a video uploaded in parts to an S3 store (s3rver on loopback)', () => {
  let server: TestS3Server;
  let content: PressContentApp;
  const app = () => content.harness.app;

  beforeAll(async () => {
    server = await startS3Server();
    content = await startPressContentApp({ storage: server.storage('files'), videoPartBytes: 32 * 1024 });
  });
  afterAll(async () => {
    await content.stop();
    await server.stop();
  });

  it('keeps each part as an object, joins them into the original, removes them, and streams ranges from S3', async () => {
    const bytes = fixtureBytes('webm');
    const gallery = await insertGallery(content.harness.db, {
      groups: [app().sites.forHostname(fair.host).id],
    });
    const { uploadId, response } = await uploadVideo(app(), content.as.administrator_press_room, bytes, {
      fileName: 'halls.webm',
      gallery: gallery.id,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      size: 89_592,
      content_type: 'video/webm',
      video_codec: 'VP9',
      audio_codec: 'Opus',
      duration_ms: 4008,
      width: 640,
      height: 360,
    });
    const partsPut = server.requests.filter((request) =>
      request.startsWith(`PUT /${server.bucket}/files/video-uploads/${uploadId}/`),
    );
    expect(partsPut.length).toBe(3);
    const checksum = createHash('sha256').update(bytes).digest('hex');
    expect(await storedKeys(app(), 'video-uploads/')).toEqual([]);
    expect(await storedKeys(app(), 'videos/')).toEqual([`videos/${checksum.slice(0, 2)}/${checksum}.webm`]);

    const range = await app().inject({
      method: 'GET',
      url: apiPaths.videoStream(response.json().id),
      headers: { ...fair, ...content.as.user_press_room, range: 'bytes=40000-40099' },
    });
    expect({ status: range.statusCode, range: range.headers['content-range'] }).toEqual({
      status: 206,
      range: 'bytes 40000-40099/89592',
    });
    expect(range.rawPayload).toEqual(bytes.subarray(40_000, 40_100));
  });
});
