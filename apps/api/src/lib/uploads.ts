import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import { storableText } from '@pressroom/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ApiError, validationError } from './api-error.ts';
import type { FileStore } from './storage/file-store.ts';
import { formatBytes } from './zip-download.ts';

export interface ReceivedFile {
  field: string;
  fileName: string;
  /** What the browser claimed; never trusted for images (sharp reads the bytes) or PDFs (magic checked). */
  mime: string;
  tempPath: string;
  size: number;
  checksum: string;
}

export interface ReceivedForm {
  fields: Record<string, string[]>;
  files: ReceivedFile[];
  /** The first value of a field, or undefined. */
  field(name: string): string | undefined;
  /** Removes the temporary files that were not moved into the store. */
  cleanup(): Promise<void>;
}

/**
 * Registers the multipart parser in the calling plugin's scope, unless some other plugin has already made it
 * available there. Limits come from configuration.
 */
export async function registerMultipart(app: FastifyInstance) {
  if (app.hasContentTypeParser('multipart/form-data')) return;
  await app.register(multipart, {
    limits: { fileSize: app.config.uploadMaxBytes, files: 500, fields: 200, fieldSize: 64 * 1024 },
  });
}

/** Why a multipart body could not be read: a failing disk is the server's problem, anything else the caller's. */
export function multipartFailure(request: FastifyRequest, error: unknown): unknown {
  if (error instanceof ApiError || (error as NodeJS.ErrnoException).syscall) return error;
  request.log.info({ err: error }, 'multipart body refused');
  return validationError({ non_field_errors: ['malformedRequest'] });
}

/** Refuses a field value or file name PostgreSQL could not store (a 400 naming the field). */
export function refuseUnstorableText(field: string, value: string) {
  if (!storableText(value)) throw validationError({ [field]: ['textNulCharacter'] });
}

/**
 * What one upload route accepts in one request, handed to the multipart parser so that reading stops at the
 * limit (nothing past it is written): how many files, the size of each, the size of all together; and the
 * route's own refusals when a request goes over.
 */
export interface UploadLimits {
  files: number;
  fileSize: number;
  totalSize: number;
  /** The refusal of one file too many (by default `{field: "tooManyFiles"}` with the count). */
  tooMany?: () => ApiError;
  /** The refusal of a file over the size, or of files over the total (by default `{<its field>: "fileTooLarge"}`). */
  tooLarge?: (name: string, limit: number, field: string) => ApiError;
}

/**
 * A route's limits: `files` files of `fileSize` bytes at most, together no more than `totalSize` (by default
 * as many full files); one too many is refused under `field`.
 */
export function uploadLimits(
  field: string,
  limits: Pick<UploadLimits, 'files' | 'fileSize'> & Partial<UploadLimits>,
): Required<UploadLimits> {
  return {
    totalSize: limits.files * limits.fileSize,
    tooMany: () => new ApiError(400, { [field]: ['tooManyFiles'] }, { count: limits.files }),
    tooLarge: (name, limit, partField) =>
      new ApiError(400, { [partField]: ['fileTooLarge'] }, { name, limit: formatBytes(limit) }),
    ...limits,
  };
}

const parserLimitCodes = { files: 'FST_FILES_LIMIT', fileSize: 'FST_REQ_FILE_TOO_LARGE' };

/**
 * Reads a multipart request, streaming each file to a temporary file while hashing it (memory stays flat), and
 * collecting the text fields. Reading stops at the route's limits: one file too many, a file over its size or
 * files over the total answer the route's refusal; on any failure nothing is kept.
 */
export async function receiveForm(
  request: FastifyRequest,
  tempDir: string,
  limits: Required<UploadLimits>,
): Promise<ReceivedForm> {
  if (!request.isMultipart()) throw validationError({ file: ['fileRequired'] });
  await mkdir(tempDir, { recursive: true });
  const fields: Record<string, string[]> = {};
  const files: ReceivedFile[] = [];
  const cleanup = async () => {
    await Promise.all(files.map((file) => rm(file.tempPath, { force: true })));
  };
  let total = 0;
  try {
    const parts = request.parts({ limits: { files: limits.files, fileSize: limits.fileSize } });
    for await (const part of parts) {
      if (part.type === 'field') {
        const value = String(part.value ?? '');
        refuseUnstorableText(part.fieldname, value);
        if (!fields[part.fieldname]) fields[part.fieldname] = [];
        fields[part.fieldname].push(value);
        continue;
      }
      if (part.filename) refuseUnstorableText(part.fieldname, part.filename);
      const tempPath = path.join(tempDir, `${randomUUID()}.part`);
      const received: ReceivedFile = {
        field: part.fieldname,
        fileName: part.filename || 'file',
        mime: part.mimetype || 'application/octet-stream',
        tempPath,
        size: 0,
        checksum: '',
      };
      files.push(received);
      const hash = createHash('sha256');
      const source = part.file as Readable;
      source.on('data', (chunk: Buffer) => {
        hash.update(chunk);
        total += chunk.length;
        if (total > limits.totalSize)
          source.destroy(limits.tooLarge(received.fileName, limits.totalSize, received.field));
      });
      await pipeline(source, createWriteStream(tempPath));
      if (part.file.truncated) throw limits.tooLarge(received.fileName, limits.fileSize, received.field);
      received.size = (await stat(tempPath)).size;
      received.checksum = hash.digest('hex');
    }
  } catch (error) {
    await cleanup();
    const code = (error as { code?: string }).code;
    if (code === parserLimitCodes.files) throw limits.tooMany();
    if (code === parserLimitCodes.fileSize) {
      const part = (error as { part?: { filename?: string; fieldname?: string } }).part;
      throw limits.tooLarge(part?.filename || 'file', limits.fileSize, part?.fieldname || 'file');
    }
    throw multipartFailure(request, error);
  }
  return {
    fields,
    files,
    field: (name) => fields[name]?.[0],
    cleanup,
  };
}

/** The content-addressed key of a file in an area: `<area>/<2 hex>/<checksum><ext>`. */
export function checksumKey(area: string, checksum: string, extension: string) {
  return `${area}/${checksum.slice(0, 2)}/${checksum}${extension}`;
}

/**
 * Moves a received file into the store under a content-addressed key (`<area>/<2 hex>/<checksum><ext>`) and
 * returns the key (what the database keeps). The same bytes uploaded twice share one object: when it is there
 * already, the temporary file is only removed.
 */
export async function storeByChecksum(
  storage: FileStore,
  area: string,
  file: { tempPath: string; checksum: string },
  extension: string,
  contentType?: string,
): Promise<string> {
  const key = checksumKey(area, file.checksum, extension);
  if (await storage.stat(key)) await rm(file.tempPath, { force: true });
  else await storage.putFile(key, file.tempPath, contentType);
  return key;
}

/** PDFs start with "%PDF-" (within the first kilobyte, as readers accept). */
export async function looksLikePdf(filePath: string): Promise<boolean> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(1024);
    const { bytesRead } = await handle.read(buffer, 0, 1024, 0);
    return buffer.subarray(0, bytesRead).includes('%PDF-');
  } finally {
    await handle.close();
  }
}

/**
 * What a file's first bytes say it is. Only the kinds some upload accepts are named; anything else (HTML, SVG,
 * scripts, unknown binaries) is null, whatever its name or the type the browser claimed.
 */
export type FileKind = 'pdf' | 'zip' | 'ole' | 'jpeg' | 'png' | 'webp' | 'tiff' | 'gif' | 'heif';

export async function sniffFileKind(filePath: string): Promise<FileKind | null> {
  const handle = await open(filePath, 'r');
  let head: Buffer;
  try {
    const buffer = Buffer.alloc(1024);
    const { bytesRead } = await handle.read(buffer, 0, 1024, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  const startsWith = (bytes: number[], offset = 0) =>
    head.length >= offset + bytes.length && bytes.every((byte, index) => head[offset + index] === byte);
  const ascii = (offset: number, length: number) => head.subarray(offset, offset + length).toString('latin1');
  if (startsWith([0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'WEBP') return 'webp';
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'gif';
  if (startsWith([0x49, 0x49, 0x2a, 0x00]) || startsWith([0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (ascii(4, 4) === 'ftyp' && ['avif', 'avis', 'heic', 'heix', 'mif1'].includes(ascii(8, 4))) return 'heif';
  if (startsWith([0x50, 0x4b, 0x03, 0x04]) || startsWith([0x50, 0x4b, 0x05, 0x06])) return 'zip';
  if (startsWith([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  // Readers accept the PDF marker anywhere in the first kilobyte.
  if (head.includes('%PDF-')) return 'pdf';
  return null;
}

interface DocumentType {
  kind: FileKind;
  mime: string;
}

const officeXml = 'application/vnd.openxmlformats-officedocument';
const openDocument = 'application/vnd.oasis.opendocument';

/** The documents a press kit may offer, by extension, with the content each must have and its served type. */
const documentTypes: Record<string, DocumentType> = {
  '.pdf': { kind: 'pdf', mime: 'application/pdf' },
  '.docx': { kind: 'zip', mime: `${officeXml}.wordprocessingml.document` },
  '.xlsx': { kind: 'zip', mime: `${officeXml}.spreadsheetml.sheet` },
  '.pptx': { kind: 'zip', mime: `${officeXml}.presentationml.presentation` },
  '.odt': { kind: 'zip', mime: `${openDocument}.text` },
  '.ods': { kind: 'zip', mime: `${openDocument}.spreadsheet` },
  '.odp': { kind: 'zip', mime: `${openDocument}.presentation` },
  '.doc': { kind: 'ole', mime: 'application/msword' },
  '.xls': { kind: 'ole', mime: 'application/vnd.ms-excel' },
  '.ppt': { kind: 'ole', mime: 'application/vnd.ms-powerpoint' },
  '.zip': { kind: 'zip', mime: 'application/zip' },
  '.jpg': { kind: 'jpeg', mime: 'image/jpeg' },
  '.jpeg': { kind: 'jpeg', mime: 'image/jpeg' },
  '.png': { kind: 'png', mime: 'image/png' },
  '.webp': { kind: 'webp', mime: 'image/webp' },
};

/** The extension a file of each kind gets when its own name does not match its content. */
const extensionOfKind: Partial<Record<FileKind, string>> = {
  pdf: '.pdf',
  zip: '.zip',
  jpeg: '.jpg',
  png: '.png',
  webp: '.webp',
};

/**
 * Checks an uploaded document against the press kit's allow-list by its content: its name's extension is kept
 * when the content matches it (a .docx is a ZIP inside), otherwise the content alone decides. Null when the
 * content is none of the accepted kinds. The served type comes from here, never from the browser's claim.
 */
export async function acceptedDocument(file: { fileName: string; tempPath: string }) {
  const kind = await sniffFileKind(file.tempPath);
  if (!kind) return null;
  const named = path.extname(file.fileName).toLowerCase();
  if (documentTypes[named]?.kind === kind) {
    return { fileName: file.fileName, extension: named, mime: documentTypes[named].mime };
  }
  const extension = extensionOfKind[kind];
  if (!extension) return null;
  const baseName = path.basename(file.fileName, path.extname(file.fileName)) || 'document';
  return { fileName: `${baseName}${extension}`, extension, mime: documentTypes[extension].mime };
}

/**
 * Validates the text fields of a multipart form with a zod schema: single values as strings, the named
 * fields as lists. Failures answer 400 `{field: [message]}` like JSON bodies do.
 */
export function parseFormFields<Schema extends z.ZodType>(
  schema: Schema,
  form: ReceivedForm,
  listFields: string[] = [],
): z.infer<Schema> {
  const input: Record<string, string | string[]> = {};
  for (const [name, values] of Object.entries(form.fields)) {
    input[name] = listFields.includes(name)
      ? values.flatMap((value) => value.split(',')).filter(Boolean)
      : values[0];
  }
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'non_field_errors');
    if (!fields[field]) fields[field] = [];
    fields[field].push(issue.message);
  }
  throw validationError(fields);
}
