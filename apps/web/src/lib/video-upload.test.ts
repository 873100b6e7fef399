import { translateMessage } from '@pressroom/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { formatBytes } from './format-bytes.ts';
import {
  captionsFileRefusal,
  type PartTransport,
  type UploadState,
  uploadInParts,
  videoChecksFor,
  videoFileRefusal,
} from './video-upload.ts';

const uploadId = '7d4c8a52-3f1e-4b5a-9c2d-1e0f6a7b8c9d';

/** A file of `size` bytes counting 0, 1, 2... so each part's bytes say where they came from. */
function videoFile(size: number, name = 'fair-opening.mp4') {
  const bytes = Uint8Array.from({ length: size }, (_, index) => index % 256);
  return new File([bytes], name, { type: 'video/mp4' });
}

interface Call {
  call: 'start' | 'part' | 'complete' | 'cancel';
  id?: string;
  number?: number;
  bytes?: number[];
  file?: { file_name: string; size: number };
}

/**
 * A server in memory: it takes parts of `partSize` bytes, reports each part half sent then whole, and can be
 * told to refuse a part, or to hold one until it is aborted.
 */
function fakeServer(options: {
  partSize: number;
  refusePart?: number;
  holdPart?: number;
  refuseStart?: string;
}) {
  const calls: Call[] = [];
  const aborted: number[] = [];
  const transport: PartTransport<{ id: number; file_name: string }> = {
    start: async (file) => {
      calls.push({ call: 'start', file });
      if (options.refuseStart) throw new ApiError(400, { detail: options.refuseStart });
      return { id: uploadId, part_size: options.partSize, max_size: 2 * 1024 ** 3 };
    },
    sendPart: (id, number, part, onProgress) => {
      let abort = () => {};
      const done = (async () => {
        calls.push({ call: 'part', id, number, bytes: [...new Uint8Array(await part.arrayBuffer())] });
        onProgress(0.5);
        if (number === options.refusePart)
          throw new ApiError(400, {
            detail: 'This part would make the video larger than its declared size.',
          });
        if (number === options.holdPart)
          await new Promise((_resolve, reject) => {
            abort = () => {
              aborted.push(number);
              reject(new DOMException('aborted', 'AbortError'));
            };
          });
        onProgress(1);
        return { received_size: 0 };
      })();
      return { done, abort: () => abort() };
    },
    complete: async (id) => {
      calls.push({ call: 'complete', id });
      return { id: 41, file_name: 'fair-opening.mp4' };
    },
    cancel: async (id) => {
      calls.push({ call: 'cancel', id });
      return null;
    },
  };
  return { transport, calls, aborted };
}

/** Waits until the upload has sent a part numbered `number` (the fake server then holds it). */
async function untilPart(calls: Call[], number: number) {
  while (!calls.some((call) => call.call === 'part' && call.number === number))
    await new Promise((resolve) => setTimeout(resolve, 1));
}

describe('a video sent in parts', () => {
  it('goes in parts of the size the server asks for, in order, then becomes the video', async () => {
    const server = fakeServer({ partSize: 4 });
    const states: UploadState[] = [];
    const upload = uploadInParts(videoFile(10), server.transport, (state) => states.push(state));

    expect(await upload.done).toEqual({ id: 41, file_name: 'fair-opening.mp4' });
    expect(server.calls).toEqual([
      { call: 'start', file: { file_name: 'fair-opening.mp4', size: 10 } },
      { call: 'part', id: uploadId, number: 1, bytes: [0, 1, 2, 3] },
      { call: 'part', id: uploadId, number: 2, bytes: [4, 5, 6, 7] },
      { call: 'part', id: uploadId, number: 3, bytes: [8, 9] },
      { call: 'complete', id: uploadId },
    ]);
    expect(states.at(-1)).toEqual({ phase: 'done', sent: 10, total: 10 });
  });

  it('counts progress in bytes across the parts, and waits for the server once every byte is in', async () => {
    const server = fakeServer({ partSize: 4 });
    const states: UploadState[] = [];
    await uploadInParts(videoFile(10), server.transport, (state) => states.push(state)).done;

    expect(states.map((state) => `${state.phase} ${state.sent}/${state.total}`)).toEqual([
      'sending 0/10',
      'sending 2/10',
      'sending 4/10',
      'sending 4/10',
      'sending 6/10',
      'sending 8/10',
      'sending 8/10',
      'sending 9/10',
      'sending 10/10',
      'sending 10/10',
      'finishing 10/10',
      'done 10/10',
    ]);
  });

  it('stops when the editor cancels: the part under way is aborted and the upload removed', async () => {
    const server = fakeServer({ partSize: 4, holdPart: 2 });
    const states: UploadState[] = [];
    const upload = uploadInParts(videoFile(10), server.transport, (state) => states.push(state));
    await untilPart(server.calls, 2);

    await upload.cancel();

    expect(await upload.done).toBeNull();
    expect(server.aborted).toEqual([2]);
    expect(server.calls.map((call) => `${call.call} ${call.number ?? ''}`.trim())).toEqual([
      'start',
      'part 1',
      'part 2',
      'cancel',
    ]);
    expect(server.calls.at(-1)).toEqual({ call: 'cancel', id: uploadId });
    expect(states.at(-1)).toEqual({ phase: 'cancelled', sent: 4, total: 10 });
  });

  it("shows the server's refusal of a part in its words, sends no more and removes the upload", async () => {
    const server = fakeServer({ partSize: 4, refusePart: 2 });
    const states: UploadState[] = [];
    const upload = uploadInParts(videoFile(10), server.transport, (state) => states.push(state));

    expect(await upload.done).toBeNull();
    expect(states.at(-1)).toEqual({
      phase: 'failed',
      sent: 4,
      total: 10,
      message: 'This part would make the video larger than its declared size.',
    });
    expect(server.calls.map((call) => `${call.call} ${call.number ?? ''}`.trim())).toEqual([
      'start',
      'part 1',
      'part 2',
      'cancel',
    ]);
  });

  it("shows the server's refusal of the whole file before any part is sent", async () => {
    const refusal = 'The video is too large: at most 2.1 GB.';
    const server = fakeServer({ partSize: 4, refuseStart: refusal });
    const states: UploadState[] = [];
    const upload = uploadInParts(videoFile(10), server.transport, (state) => states.push(state));

    expect(await upload.done).toBeNull();
    expect(states.at(-1)).toEqual({ phase: 'failed', sent: 0, total: 10, message: refusal });
    expect(server.calls.map((call) => call.call)).toEqual(['start']);
  });

  it('cannot be cancelled once the server is storing the video', async () => {
    const server = fakeServer({ partSize: 4 });
    const states: UploadState[] = [];
    const upload = uploadInParts(videoFile(4), server.transport, (state) => {
      states.push(state);
      if (state.phase === 'finishing') void upload.cancel();
    });

    expect(await upload.done).toEqual({ id: 41, file_name: 'fair-opening.mp4' });
    expect(server.calls.map((call) => call.call)).toEqual(['start', 'part', 'complete']);
  });
});

describe('the checks the browser makes before sending', () => {
  const accepted = { contentTypes: ['video/mp4', 'video/webm'], maxBytes: 2 * 1024 ** 3, language: 'en' };

  it('takes an MP4 or a WebM within the limit, by type or, when the browser names none, by ending', () => {
    expect(
      videoFileRefusal({ name: 'a.mp4', type: 'video/mp4', size: 5_000_000 }, accepted, formatBytes),
    ).toBeNull();
    expect(videoFileRefusal({ name: 'b.webm', type: '', size: 5_000_000 }, accepted, formatBytes)).toBeNull();
  });

  it('refuses another kind of video, naming what is accepted in the interface language', () => {
    const avi = { name: 'old.avi', type: 'video/x-msvideo', size: 5_000_000 };
    expect(videoFileRefusal(avi, accepted, formatBytes)).toEqual({
      key: 'videoNotAccepted',
      params: { accepted: 'MP4 (H.264) or WebM (VP8, VP9, AV1)' },
    });
    expect(videoFileRefusal(avi, { ...accepted, language: 'it' }, formatBytes)).toEqual({
      key: 'videoNotAccepted',
      params: { accepted: 'MP4 (H.264) o WebM (VP8, VP9, AV1)' },
    });
    const spanish = videoFileRefusal(avi, { ...accepted, language: 'es' }, formatBytes);
    expect(translateMessage('es', 'videoNotAccepted', spanish?.params)).toBe(
      'Este archivo no es un vídeo publicable. Formatos aceptados: MP4 (H.264) o WebM (VP8, VP9, AV1).',
    );
  });

  it('refuses a video over the limit, naming the limit in the interface language', () => {
    expect(
      videoFileRefusal(
        { name: 'long.mp4', type: 'video/mp4', size: 3 * 1024 ** 3 },
        { ...accepted, language: 'it' },
        formatBytes,
      ),
    ).toEqual({ key: 'videoTooLarge', params: { limit: '2,1 GB' } });
  });

  it('refuses a video over the limit the server is configured with, as the site info says it', () => {
    const site = { video_max_size: 500_000_000 };
    const video = { name: 'interview.mp4', type: 'video/mp4', size: 600_000_000 };
    const refused = videoFileRefusal(video, videoChecksFor(site, 'en'), formatBytes);
    expect(refused).toEqual({ key: 'videoTooLarge', params: { limit: '500 MB' } });
    expect(translateMessage('en', 'videoTooLarge', refused?.params)).toBe(
      'The video is larger than the limit of 500 MB.',
    );
    expect(
      videoFileRefusal({ ...video, size: 500_000_000 }, videoChecksFor(site, 'en'), formatBytes),
    ).toBeNull();
  });

  it('checks against the default limit only until the site info is in', () => {
    expect(videoChecksFor(undefined, 'fr')).toEqual({
      contentTypes: ['video/mp4', 'video/webm'],
      maxBytes: 2 * 1024 ** 3,
      language: 'fr',
    });
  });

  it('takes captions that are WebVTT and refuses other text', async () => {
    const vtt = new File(['WEBVTT\n\n00:00.000 --> 00:02.000\nWelcome to the fair\n'], 'fair.en.vtt');
    const srt = new File(['1\n00:00:00,000 --> 00:00:02,000\nWelcome\n'], 'fair.en.srt');
    expect(await captionsFileRefusal(vtt, 512 * 1024, () => '524 kB')).toBeNull();
    expect(await captionsFileRefusal(srt, 512 * 1024, () => '524 kB')).toEqual({
      key: 'videoCaptionNotWebvtt',
    });
  });
});
