import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Role } from '@pressroom/contract';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import yauzl from 'yauzl';
import type { Config } from '../plugins/config.ts';
import { createTestApp } from './app.ts';
import { authHeader, createUser, tokenFor } from './factories.ts';

/** Every kind of caller the press-content rules distinguish (PRODUCT.md section 3), plus anonymous. */
export const callers = [
  'anonymous',
  'user_press_room',
  'agent_press_room_external_company',
  'administrator_press_room_external_company',
  'administrator_press_room',
  'administrator_associated_companies',
  'administrator_global',
] as const;
export type Caller = (typeof callers)[number];

/** The company the external-company roles belong to in these tests. */
export const testCompanyId = 7;

/** Request headers for one user of each kind (anonymous sends none). */
export async function headersByCaller(app: FastifyInstance): Promise<Record<Caller, Record<string, string>>> {
  const result = { anonymous: {} } as Record<Caller, Record<string, string>>;
  for (const caller of callers) {
    if (caller === 'anonymous') continue;
    const external = caller.includes('external_company');
    const user = await createUser(app, {
      roles: [caller as Role],
      companyId: external ? testCompanyId : null,
      userType: external ? 'COMPANY' : 'USER',
    });
    result[caller] = authHeader(await tokenFor(app, user));
  }
  return result;
}

/** The callers that may use the press area (gallery, magazines, press kit, contact). */
export const pressAreaCallers: Caller[] = [
  'user_press_room',
  'agent_press_room_external_company',
  'administrator_press_room_external_company',
  'administrator_press_room',
  'administrator_global',
];
/** The callers that manage all press content (press office and global administrators). */
export const pressOfficeCallers: Caller[] = ['administrator_press_room', 'administrator_global'];

export async function temporaryDataDir() {
  const dir = await mkdtemp(path.join(tmpdir(), 'pressroom-content-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** The Host header of the site these tests call (the Tile Fair). */
export const fair = { host: 'fair.localhost' };

/** What a caller gets from a call only `allowed` callers may make: 401 signed out, 403 without the right. */
export const expectedStatus = (caller: Caller, allowed: Caller[], ok: number) =>
  caller === 'anonymous' ? 401 : allowed.includes(caller) ? ok : 403;

export type PressContentApp = Awaited<ReturnType<typeof startPressContentApp>>;

/**
 * The application on a fresh database and a temporary data folder, with request headers for every kind of
 * caller; `stop` closes it and removes the folder.
 */
export async function startPressContentApp(config: Partial<Config> = {}) {
  const dataDir = await temporaryDataDir();
  const harness = await createTestApp({ config: { dataDir: dataDir.dir, ...config } });
  const as = await headersByCaller(harness.app);
  return {
    harness,
    as,
    dataDir,
    async stop() {
      await harness.close();
      await dataDir.remove();
    },
  };
}

/** A real JPEG with EXIF/IPTC-like metadata left in (sharp writes EXIF when asked). */
export async function sampleJpeg(width = 1200, height = 800, colour = '#8a4b2a') {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg({ quality: 85 })
    .withExifMerge({ IFD0: { Copyright: 'Studio Test', Artist: 'Test Photographer' } })
    .toBuffer();
}

export async function samplePng(width = 300, height = 200) {
  return sharp({ create: { width, height, channels: 4, background: '#2a6b8a' } })
    .png()
    .toBuffer();
}

export function samplePdf(text = 'Press kit') {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${text} ${randomBytes(8).toString('hex')}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );
}

export interface FilePart {
  field: string;
  fileName: string;
  contentType: string;
  content: Buffer;
}

/** A multipart/form-data body for app.inject. */
export function multipart(fields: Record<string, string | string[]>, files: FilePart[]) {
  const boundary = `----pressroom${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${item}\r\n`),
      );
    }
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.fileName}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export interface ZipEntryRead {
  name: string;
  compressionMethod: number;
  content: Buffer;
}

/** Reads every entry of a ZIP (checking CRCs, as yauzl does while reading). */
export function readZip(buffer: Buffer): Promise<ZipEntryRead[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries: ZipEntryRead[] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const parts: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => parts.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.push({
              name: entry.fileName,
              compressionMethod: entry.compressionMethod,
              content: Buffer.concat(parts),
            });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
