import { createHash, randomUUID } from 'node:crypto';
import { copyFile, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { FileStore, ListedObject } from './file-store.ts';

interface CopyFailure {
  key: string;
  reason: string;
}

export interface CopyReport {
  /** Copied and read back with the source's SHA-256. */
  copied: number;
  /** Already in the target with the same size and SHA-256: left as they are. */
  skipped: number;
  /**
   * Files of the old temporary folder (`tmp/`, where uploads and demo files were received before the store):
   * never stored files, not copied. (Unfinished `.part` files are not listed at all.)
   */
  leftOut: number;
  failed: CopyFailure[];
}

// Files the product keeps, by extension, so that the objects carry their type like those the server puts.
const contentTypes: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
  '.avif': 'image/avif',
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.doc': 'application/msword',
  '.xls': 'application/vnd.ms-excel',
  '.ppt': 'application/vnd.ms-powerpoint',
  '.csv': 'text/csv',
  '.mdb': 'application/x-msaccess',
  '.accdb': 'application/x-msaccess',
};

/** Why a file failed, for a person: an object store's refusal with its HTTP status (a HEAD has no message). */
function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if (!status) return message;
  return `the store answered HTTP ${status}${message && message !== 'UnknownError' ? `: ${message}` : ''}`;
}

async function sha256Of(store: FileStore, key: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of await store.read(key)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Copies every file of `source` into `target` under the same key (the keys the database holds), and proves
 * each copy: after the copy its object is read back whole and must have the source file's SHA-256. Resumable:
 * an object already in the target with the same size and SHA-256 is skipped (and counted), anything else is
 * (re)copied, so a run stopped half way, or an object damaged since, is finished or repaired by running again.
 * Nothing is deleted from either side. Files go up from a temporary copy in `workDirectory`, a few at a time;
 * `progress` hears how far it got every hundred files.
 */
export async function copyStore(
  source: FileStore,
  target: FileStore,
  options: { workDirectory: string; concurrency?: number; progress?: (line: string) => void },
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0, leftOut: 0, failed: [] };
  await mkdir(options.workDirectory, { recursive: true });

  async function copyOne(object: ListedObject) {
    const { key } = object;
    if (key.startsWith('tmp/')) {
      report.leftOut += 1;
      return;
    }
    const checksum = await sha256Of(source, key);
    const present = await target.stat(key);
    if (present && present.size === object.size && (await sha256Of(target, key)) === checksum) {
      report.skipped += 1;
      return;
    }
    await source.withLocalFile(key, async (localPath) => {
      // The target takes the file it is given (moved or removed once stored): it gets a copy.
      const copy = path.join(options.workDirectory, `${randomUUID()}${path.extname(key)}`);
      try {
        await copyFile(localPath, copy);
        await target.putFile(key, copy, contentTypes[path.extname(key).toLowerCase()]);
      } finally {
        await rm(copy, { force: true });
      }
    });
    const stored = await sha256Of(target, key);
    if (stored !== checksum) {
      throw new Error(`read back with SHA-256 ${stored}, the file has ${checksum}`);
    }
    report.copied += 1;
  }

  const objects = source.list('')[Symbol.asyncIterator]();
  let done = 0;
  async function worker() {
    for (let next = await objects.next(); !next.done; next = await objects.next()) {
      try {
        await copyOne(next.value);
      } catch (error) {
        report.failed.push({ key: next.value.key, reason: reasonOf(error) });
      }
      done += 1;
      if (done % 100 === 0) {
        options.progress?.(
          `${done} files: ${report.copied} copied, ${report.skipped} skipped, ${report.failed.length} failed`,
        );
      }
    }
  }
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
  report.failed.sort((one, other) => one.key.localeCompare(other.key));
  return report;
}
