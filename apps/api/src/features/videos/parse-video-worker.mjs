// Reads one untrusted video file with mediainfo.js, in a worker thread of its own: the caller limits its memory
// (resourceLimits) and its time (terminates it), so a crafted file can cost neither the server's heap nor its
// event loop. Plain JavaScript, so the same file runs under tsx and beside the server's bundle.
import { closeSync, openSync, readSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import mediaInfoFactory from 'mediainfo.js';

const { filePath, size } = workerData;
const handle = openSync(filePath, 'r');
try {
  const mediaInfo = await mediaInfoFactory({ format: 'object' });
  try {
    const result = await mediaInfo.analyzeData(size, (chunkSize, offset) => {
      const buffer = Buffer.alloc(Math.max(0, Math.min(chunkSize, size - offset)));
      const read = readSync(handle, buffer, 0, buffer.length, offset);
      return buffer.subarray(0, read);
    });
    const tracks = (result.media?.track ?? []).map((track) => ({
      type: String(track['@type'] ?? ''),
      format: typeof track.Format === 'string' ? track.Format : '',
      duration: Number(track.Duration ?? Number.NaN),
      width: Number(track.Width ?? Number.NaN),
      height: Number(track.Height ?? Number.NaN),
      // A file cut short (an interrupted copy) says so; it would stop playing where it was cut.
      truncated: track.extra?.IsTruncated === 'Yes',
    }));
    parentPort.postMessage({ tracks });
  } finally {
    mediaInfo.close();
  }
} finally {
  closeSync(handle);
}
