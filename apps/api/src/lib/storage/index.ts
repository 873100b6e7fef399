import path from 'node:path';
import type { StorageConfig } from '../../plugins/config.ts';
import type { FileStore } from './file-store.ts';
import { localFileStore } from './local-store.ts';
import { s3FileStore } from './s3-store.ts';

export * from './file-store.ts';
export { localFileStore } from './local-store.ts';

/**
 * Where this server writes files while they arrive or are made (uploads being received, downloads from the
 * object store for libraries that need a path): local to the server, never shared, emptied as each use ends.
 */
export function temporaryDirectory(dataDir: string, ...parts: string[]): string {
  return path.join(dataDir, 'tmp', ...parts);
}

/** The store the configuration names. */
export function openFileStore(storage: StorageConfig, dataDir: string): FileStore {
  if (storage.kind === 'local') return localFileStore(storage.directory);
  return s3FileStore({ ...storage, temporaryDirectory: temporaryDirectory(dataDir, 'storage') });
}
