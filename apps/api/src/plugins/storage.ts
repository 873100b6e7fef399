import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type FileStore, openFileStore } from '../lib/storage/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every file the product keeps (lib/storage): a local directory or an S3-compatible store. */
    storage: FileStore;
  }
}

/**
 * Opens the configured file store once per app (tests may hand one in). A key the store does not hold
 * (StoredFileMissing) is answered 404 by the errors plugin wherever it surfaces.
 */
export const storagePlugin = fp(
  async (app: FastifyInstance, options: { storage?: FileStore }) => {
    const storage = options.storage ?? openFileStore(app.config.storage, app.config.dataDir);
    app.decorate('storage', storage);
    app.log.debug({ storage: storage.description }, 'file store');
  },
  { name: 'storage' },
);
