import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../lib/api-error.ts';
import { readVideoFacts } from './parse-video.ts';
import { fixtureBytes, mp4ClaimingAbsurdDuration } from './test-factories.ts';

// The parser reads untrusted files in a worker with a time and a memory limit; what it cannot read is refused.

// The accepted formats as one of them, in the words of the message's language.
const accepted = { accepted: 'MP4 (H.264) or WebM (VP8, VP9, AV1)' };

describe('reading what a video file says of itself', () => {
  let directory: string;
  const file = async (name: string, bytes: Buffer) => {
    const filePath = path.join(directory, name);
    await writeFile(filePath, bytes);
    return filePath;
  };
  const refusal = (work: Promise<unknown>) =>
    work.then(
      () => null,
      (error: ApiError) => ({ status: error.statusCode, body: error.body, params: error.paramsIn('en') }),
    );

  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'pressroom-video-parse-'));
  });
  afterAll(() => rm(directory, { recursive: true, force: true }));

  it('reads the MP4 and the WebM', async () => {
    expect(await readVideoFacts(await file('a.mp4', fixtureBytes('mp4')))).toEqual({
      contentType: 'video/mp4',
      extension: '.mp4',
      videoCodec: 'AVC',
      audioCodec: 'AAC',
      durationMs: 6000,
      width: 1280,
      height: 720,
    });
    expect(await readVideoFacts(await file('b.webm', fixtureBytes('webm')))).toEqual({
      contentType: 'video/webm',
      extension: '.webm',
      videoCodec: 'VP9',
      audioCodec: 'Opus',
      durationMs: 4008,
      width: 640,
      height: 360,
    });
  });

  it('refuses an AVI and captions as not accepted, naming what is', async () => {
    for (const bytes of [fixtureBytes('avi'), fixtureBytes('captionsEn')]) {
      expect(await refusal(readVideoFacts(await file('x.bin', bytes)))).toEqual({
        status: 400,
        body: { file: ['videoNotAccepted'] },
        params: accepted,
      });
    }
  });

  it('names the accepted formats in the words of each language', async () => {
    const avi = readVideoFacts(await file('old.avi', fixtureBytes('avi')));
    const error = (await avi.catch((refused: ApiError) => refused)) as ApiError;
    expect(error.paramsIn('en')).toEqual({ accepted: 'MP4 (H.264) or WebM (VP8, VP9, AV1)' });
    expect(error.paramsIn('it')).toEqual({ accepted: 'MP4 (H.264) o WebM (VP8, VP9, AV1)' });
    expect(error.paramsIn('de')).toEqual({ accepted: 'MP4 (H.264) oder WebM (VP8, VP9, AV1)' });
  });

  it('refuses an MP4 cut short as unreadable', async () => {
    const cut = await file('cut.mp4', fixtureBytes('mp4').subarray(0, 200_000));
    expect(await refusal(readVideoFacts(cut))).toEqual({
      status: 400,
      body: { file: ['videoUnreadable'] },
      params: accepted,
    });
  });

  it('refuses as unreadable an MP4 whose header claims a duration past what a video keeps', async () => {
    const forever = await file('forever.mp4', mp4ClaimingAbsurdDuration());
    expect(await refusal(readVideoFacts(forever))).toEqual({
      status: 400,
      body: { file: ['videoUnreadable'] },
      params: accepted,
    });
  });

  it('stops a parser that takes longer than its time, and refuses the file as unreadable', async () => {
    const slow = readVideoFacts(await file('slow.mp4', fixtureBytes('mp4')), { timeoutMs: 1, heapMb: 64 });
    expect(await refusal(slow)).toEqual({
      status: 400,
      body: { file: ['videoUnreadable'] },
      params: accepted,
    });
  });
});
