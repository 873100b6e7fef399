import {
  type SiteInfo,
  videoAcceptedFormatsIn,
  videoContentTypes,
  videoDefaultMaxBytes,
} from '@pressroom/contract';
import { apiErrorMessage } from './api-error-message.ts';

/** What the server answers when an upload starts: its id, the size of each part and the largest file it takes. */
interface StartedUpload {
  id: string;
  part_size: number;
  max_size: number;
}

/** The calls a video upload makes; the office's video section gives the real ones, tests give fakes. */
export interface PartTransport<T> {
  start(file: { file_name: string; size: number }): Promise<StartedUpload>;
  /** Sends one part (numbered from 1), reporting the fraction of it sent so far. */
  sendPart(
    uploadId: string,
    partNumber: number,
    part: Blob,
    onProgress: (fraction: number) => void,
  ): { done: Promise<unknown>; abort: () => void };
  complete(uploadId: string): Promise<T>;
  cancel(uploadId: string): Promise<unknown>;
}

export type UploadState =
  | { phase: 'sending'; sent: number; total: number }
  /** Every byte is in: the server joins the parts and reads the video. */
  | { phase: 'finishing'; sent: number; total: number }
  | { phase: 'done'; sent: number; total: number }
  | { phase: 'failed'; sent: number; total: number; message: string }
  | { phase: 'cancelled'; sent: number; total: number };

export interface RunningUpload<T> {
  /** The stored video, or null when the upload was cancelled or failed (the state says which and why). */
  done: Promise<T | null>;
  /** Stops sending and removes what the server holds of the upload (not once the server is storing it). */
  cancel: () => Promise<void>;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Sends a file in parts of the size the server asks for, one after the other and in order, so a large video
 * survives a slow connection and any app server can take any part. Progress counts bytes across parts; a part
 * the server refuses ends the upload with the server's translated message, and what it held is removed.
 */
export function uploadInParts<T>(
  file: Blob & { name: string },
  transport: PartTransport<T>,
  onState: (state: UploadState) => void,
): RunningUpload<T> {
  const total = file.size;
  let sent = 0;
  let cancelled = false;
  let uploadId: Promise<string | null> = Promise.resolve(null);
  let abortPart: (() => void) | null = null;
  let settled = false;
  // Once every byte is in, the server is storing the video: cancelling then would leave half of it.
  let finishing = false;

  const report = (state: UploadState) => {
    if (!settled) onState(state);
    if (state.phase === 'done' || state.phase === 'failed' || state.phase === 'cancelled') settled = true;
  };
  const removeQuietly = async (id: string | null) => {
    if (id === null) return;
    try {
      await transport.cancel(id);
    } catch {
      // The server removes uploads left unfinished on its own after a day.
    }
  };

  const run = async (): Promise<T | null> => {
    report({ phase: 'sending', sent, total });
    let id: string;
    try {
      const started = transport.start({ file_name: file.name, size: total });
      uploadId = started.then(
        (answer) => answer.id,
        () => null,
      );
      id = (await started).id;
      const { part_size: partSize } = await started;
      for (let number = 1, offset = 0; offset < total; number++, offset += partSize) {
        if (cancelled) return null;
        const part = file.slice(offset, Math.min(offset + partSize, total));
        const request = transport.sendPart(id, number, part, (fraction) => {
          report({ phase: 'sending', sent: offset + Math.round(fraction * part.size), total });
        });
        abortPart = request.abort;
        await request.done;
        abortPart = null;
        sent = offset + part.size;
        report({ phase: 'sending', sent, total });
      }
      if (cancelled) return null;
      finishing = true;
      report({ phase: 'finishing', sent, total });
      const video = await transport.complete(id);
      report({ phase: 'done', sent: total, total });
      return video;
    } catch (error) {
      if (cancelled || isAbort(error)) return null;
      report({ phase: 'failed', sent, total, message: apiErrorMessage(error) });
      await removeQuietly(await uploadId);
      return null;
    }
  };

  const done = run();
  return {
    done,
    cancel: async () => {
      if (settled || cancelled || finishing) return;
      cancelled = true;
      abortPart?.();
      report({ phase: 'cancelled', sent, total });
      await removeQuietly(await uploadId);
    },
  };
}

/** Why the browser refuses a file before sending it: a message key of the contract and its parameters. */
export interface FileRefusal {
  key: string;
  params?: Record<string, string>;
}

const videoExtensions = /\.(mp4|m4v|webm)$/i;

/** What a chosen video is checked against, and the language its refusal is worded in. */
export interface VideoChecks {
  contentTypes: readonly string[];
  /** The largest video the server takes. */
  maxBytes: number;
  language: string;
}

/**
 * The contract's types and the limit the server is configured with, as the site info the app loads at start
 * says it; the contract's default only until that answer is in (the server still checks the size itself).
 */
export const videoChecksFor = (site: Pick<SiteInfo, 'video_max_size'> | undefined, language: string) =>
  ({
    contentTypes: videoContentTypes,
    maxBytes: site?.video_max_size ?? videoDefaultMaxBytes,
    language,
  }) satisfies VideoChecks;

/**
 * The checks the browser can make before sending a video: its type (as the browser names it, else its name's
 * ending) and its size against the server's limit. The server reads the file itself and has the last word.
 */
export function videoFileRefusal(
  file: { name: string; type: string; size: number },
  accepted: VideoChecks,
  formatSize: (bytes: number, language: string) => string,
): FileRefusal | null {
  const typeKnown = file.type !== '' && file.type !== 'application/octet-stream';
  const acceptedType = typeKnown
    ? accepted.contentTypes.includes(file.type)
    : videoExtensions.test(file.name);
  if (!acceptedType)
    return { key: 'videoNotAccepted', params: { accepted: videoAcceptedFormatsIn(accepted.language) } };
  if (file.size > accepted.maxBytes)
    return { key: 'videoTooLarge', params: { limit: formatSize(accepted.maxBytes, accepted.language) } };
  return null;
}

/** Captions must be a WebVTT file (it starts with "WEBVTT") within the contract's size. */
export async function captionsFileRefusal(
  file: Blob & { name: string },
  maxBytes: number,
  formatLimit: () => string,
): Promise<FileRefusal | null> {
  if (file.size > maxBytes) return { key: 'videoCaptionTooLarge', params: { limit: formatLimit() } };
  const start = new TextDecoder().decode(await file.slice(0, 9).arrayBuffer());
  if (!/^(\uFEFF)?WEBVTT/.test(start)) return { key: 'videoCaptionNotWebvtt' };
  return null;
}
