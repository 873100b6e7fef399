import { stat } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { type VideoContentType, videoAcceptedFormatsIn } from '@pressroom/contract';
import { ApiError } from '../../lib/api-error.ts';

/** One track as the worker reads it from mediainfo.js's answer. */
interface Track {
  type: string;
  format: string;
  duration: number;
  width: number;
  height: number;
  truncated: boolean;
}

/** What a video says of itself, once accepted. */
export interface VideoFacts {
  contentType: VideoContentType;
  extension: '.mp4' | '.webm';
  videoCodec: string;
  audioCodec: string | null;
  durationMs: number;
  width: number;
  height: number;
}

export interface ParseLimits {
  /** How long the parser may take before it is stopped (the file counts as unreadable). */
  timeoutMs: number;
  /** The worker's JavaScript heap. */
  heapMb: number;
}

const defaultParseLimits: ParseLimits = { timeoutMs: 30_000, heapMb: 128 };

// The containers and codecs every browser plays with its own <video>: MP4 with H.264 (audio AAC or MP3), WebM
// with VP8, VP9 or AV1 (audio Opus or Vorbis); a file may have no sound.
const accepted = {
  'MPEG-4': { contentType: 'video/mp4', extension: '.mp4', video: ['AVC'], audio: ['AAC', 'MPEG Audio'] },
  WebM: {
    contentType: 'video/webm',
    extension: '.webm',
    video: ['VP8', 'VP9', 'AV1'],
    audio: ['Opus', 'Vorbis'],
  },
} as const;

const refusal = (key: 'videoNotAccepted' | 'videoUnreadable') =>
  new ApiError(400, { file: [key] }, {}, {}, { accepted: videoAcceptedFormatsIn });

/**
 * The largest value of the integer columns the facts are kept in (duration_ms, width, height). A header may
 * claim anything (a duration of 136 years in a 6-second file): a fact that is no whole number from 1 to this
 * is no fact of a real video, and the file is refused as unreadable rather than failing at the database.
 */
const integerColumnMax = 2_147_483_647;
const keepable = (value: number) => Number.isSafeInteger(value) && value >= 1 && value <= integerColumnMax;

function runWorker(filePath: string, size: number, limits: ParseLimits): Promise<Track[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./parse-video-worker.mjs', import.meta.url), {
      workerData: { filePath, size },
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 16 },
      // Nothing of the server's command line (tsx's loader, inspector flags) is needed to read a file.
      execArgv: [],
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const finish = (error: Error | null, tracks?: Track[]) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if (error) reject(error);
      else resolve(tracks ?? []);
    };
    const timer = setTimeout(() => finish(new Error('the video parser took too long')), limits.timeoutMs);
    worker.once('message', (message: { tracks: Track[] }) => finish(null, message.tracks));
    worker.once('error', (error) => finish(error));
    worker.once('exit', (code) => finish(new Error(`the video parser stopped (${code})`)));
  });
}

/**
 * Reads an uploaded file's container, codecs, duration and pixels in a worker with time and memory limits, and
 * answers them when the file is a video the product accepts. Anything else is a 400 naming what is accepted:
 * `videoNotAccepted` for another format, `videoUnreadable` when the parser fails or runs out of time or memory,
 * or when a duration or a size in pixels is not a whole number the database can keep.
 */
export async function readVideoFacts(
  filePath: string,
  limits: ParseLimits = defaultParseLimits,
): Promise<VideoFacts> {
  const { size } = await stat(filePath);
  let tracks: Track[];
  try {
    tracks = await runWorker(filePath, size, limits);
  } catch {
    throw refusal('videoUnreadable');
  }
  const general = tracks.find((track) => track.type === 'General');
  const video = tracks.find((track) => track.type === 'Video');
  const audio = tracks.find((track) => track.type === 'Audio');
  const container = general && accepted[general.format as keyof typeof accepted];
  if (!container || !video) throw refusal('videoNotAccepted');
  if (!(container.video as readonly string[]).includes(video.format)) throw refusal('videoNotAccepted');
  if (audio && !(container.audio as readonly string[]).includes(audio.format))
    throw refusal('videoNotAccepted');
  const seconds = Number.isFinite(general.duration) ? general.duration : video.duration;
  const durationMs = Math.round(seconds * 1000);
  if (general.truncated || ![durationMs, video.width, video.height].every(keepable)) {
    throw refusal('videoUnreadable');
  }
  return {
    contentType: container.contentType,
    extension: container.extension,
    videoCodec: video.format,
    audioCodec: audio?.format ?? null,
    durationMs,
    width: video.width,
    height: video.height,
  };
}
