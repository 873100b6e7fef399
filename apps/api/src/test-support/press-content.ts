import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
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

/**
 * A decompression bomb's shape: a PNG of a few hundred bytes whose header declares `width` × `height` pixels
 * (its pixel data is a 1 × 1 image's, so decoding it could only fail). Only a check of the header refuses it
 * with the pixel count.
 */
export async function pngDeclaring(width: number, height: number) {
  const png = await samplePng(1, 1);
  // The signature (8 bytes), then the IHDR chunk: length (4), type (4), width (4), height (4), ..., CRC.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
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

/** One IPTC IIM dataset (record 2, or 1 for the character set): tag, length, bytes. */
function iptcDataset(record: number, dataset: number, value: Buffer) {
  const header = Buffer.from([0x1c, record, dataset, value.length >> 8, value.length & 0xff]);
  return Buffer.concat([header, value]);
}

/**
 * A JPEG carrying a photographer's IPTC description in an APP13 segment (Photoshop 3.0 resource 0x0404), as
 * picture desks send them; sharp cannot write IPTC, so the segment is written here by hand, in UTF-8.
 */
export async function jpegWithIptc(fields: {
  caption?: string;
  byLine?: string;
  credit?: string;
  copyrightNotice?: string;
  keywords?: string[];
}) {
  const text = (value: string) => Buffer.from(value, 'utf8');
  const iptc = Buffer.concat([
    iptcDataset(1, 90, Buffer.from([0x1b, 0x25, 0x47])),
    ...(fields.caption ? [iptcDataset(2, 120, text(fields.caption))] : []),
    ...(fields.byLine ? [iptcDataset(2, 80, text(fields.byLine))] : []),
    ...(fields.credit ? [iptcDataset(2, 110, text(fields.credit))] : []),
    ...(fields.copyrightNotice ? [iptcDataset(2, 116, text(fields.copyrightNotice))] : []),
    ...(fields.keywords ?? []).map((keyword) => iptcDataset(2, 25, text(keyword))),
  ]);
  const padded = iptc.length % 2 === 0 ? iptc : Buffer.concat([iptc, Buffer.alloc(1)]);
  const resourceLength = Buffer.alloc(4);
  resourceLength.writeUInt32BE(iptc.length);
  const resource = Buffer.concat([
    Buffer.from('8BIM', 'latin1'),
    Buffer.from([0x04, 0x04, 0x00, 0x00]),
    resourceLength,
    padded,
  ]);
  const body = Buffer.concat([Buffer.from('Photoshop 3.0\0', 'latin1'), resource]);
  const segmentLength = Buffer.alloc(2);
  segmentLength.writeUInt16BE(body.length + 2);
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#7a5c3e' } })
    .jpeg()
    .toBuffer();
  // Right after the start-of-image marker, where readers look for APP segments.
  return Buffer.concat([
    jpeg.subarray(0, 2),
    Buffer.from([0xff, 0xed]),
    segmentLength,
    body,
    jpeg.subarray(2),
  ]);
}

/** A JPEG carrying an XMP packet (Dublin Core description, creator and rights; Photoshop credit). */
export async function jpegWithXmp(fields: {
  description: string;
  creator: string;
  credit: string;
  rights: string;
}) {
  const escapeXml = (value: string) =>
    value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  const xmp = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" photoshop:Credit="${escapeXml(fields.credit)}">
<dc:description><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(fields.description)}</rdf:li></rdf:Alt></dc:description>
<dc:creator><rdf:Seq><rdf:li>${escapeXml(fields.creator)}</rdf:li></rdf:Seq></dc:creator>
<dc:rights><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(fields.rights)}</rdf:li></rdf:Alt></dc:rights>
</rdf:Description></rdf:RDF></x:xmpmeta>`;
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#3e5c7a' } })
    .jpeg()
    .withXmp(xmp)
    .toBuffer();
}
