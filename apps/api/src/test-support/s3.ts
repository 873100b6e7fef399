import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { loadConfig, type StorageConfig } from '../plugins/config.ts';

/** The account s3rver knows (it refuses other key ids; it does not check version 4 signatures). */
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3Server {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  bucket: string;
  /** Every request the server received, as `METHOD /path?query`, oldest first. */
  requests: string[];
  /** The variables a server process is given to use this bucket (STORAGE_URL, S3_*), under `prefix`. */
  environment(prefix?: string): Record<string, string>;
  /** The storage configuration those variables (and `overrides`) make, read as a server reads them. */
  storage(prefix?: string, overrides?: Record<string, string>): StorageConfig;
  stop(): Promise<void>;
}

/**
 * A real S3 protocol server (s3rver) on loopback for tests and journeys: a free port on 127.0.0.1, its objects
 * in a temporary directory, one bucket created; `stop` closes it and removes the directory.
 */
export async function startS3Server(options: { bucket?: string } = {}): Promise<TestS3Server> {
  const bucket = options.bucket ?? 'pressroom-test';
  const directory = await mkdtemp(path.join(tmpdir(), 'pressroom-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(directory, 'objects'),
    configureBuckets: [{ name: bucket }],
  });
  let address: Awaited<ReturnType<S3rver['run']>>;
  try {
    address = await server.run();
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  const endpoint = `http://127.0.0.1:${address.port}`;
  const requests: string[] = [];
  server.httpServer.on('request', (request: IncomingMessage) =>
    requests.push(`${request.method} ${request.url}`),
  );
  const environment = (prefix = '') => ({
    STORAGE_URL: `s3://${bucket}${prefix ? `/${prefix}` : ''}`,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
  });
  return {
    endpoint,
    bucket,
    requests,
    environment,
    storage: (prefix = '', overrides = {}) =>
      loadConfig({
        SECRET_KEY: 'only-here-to-read-the-storage-variables',
        DATA_DIR: directory,
        ...environment(prefix),
        ...overrides,
      }).storage,
    async stop() {
      server.httpServer.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
