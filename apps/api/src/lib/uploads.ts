import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ApiError, validationError } from './api-error.ts';
import { formatBytes } from './zip-download.ts';

/** Where uploaded files live: <DATA_DIR>/uploads/<area>/... */
export function uploadsDir(dataDir: string, ...parts: string[]): string {
  return path.join(dataDir, 'uploads', ...parts);
}

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

/**
 * Reads a multipart request, streaming each file to a temporary file while hashing it (memory stays flat), and
 * collecting the text fields. A file over the size limit is a 400 naming it; on any failure nothing is kept.
 */
export async function receiveForm(request: FastifyRequest, tempDir: string): Promise<ReceivedForm> {
  if (!request.isMultipart()) throw validationError({ file: ['fileRequired'] });
  await mkdir(tempDir, { recursive: true });
  const fields: Record<string, string[]> = {};
  const files: ReceivedFile[] = [];
  const cleanup = async () => {
    await Promise.all(files.map((file) => rm(file.tempPath, { force: true })));
  };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (!fields[part.fieldname]) fields[part.fieldname] = [];
        fields[part.fieldname].push(String(part.value ?? ''));
        continue;
      }
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
      source.on('data', (chunk: Buffer) => hash.update(chunk));
      await pipeline(source, createWriteStream(tempPath));
      if (part.file.truncated) {
        throw new ApiError(
          400,
          { [part.fieldname]: ['fileTooLarge'] },
          { name: received.fileName, limit: formatBytes(request.server.config.uploadMaxBytes) },
        );
      }
      received.size = (await stat(tempPath)).size;
      received.checksum = hash.digest('hex');
    }
  } catch (error) {
    await cleanup();
    if (error instanceof ApiError) throw error;
    // A failing disk is the server's problem; anything else here is a body that is not valid multipart.
    if ((error as NodeJS.ErrnoException).syscall) throw error;
    request.log.info({ err: error }, 'multipart body refused');
    throw validationError({ non_field_errors: ['malformedRequest'] });
  }
  return {
    fields,
    files,
    field: (name) => fields[name]?.[0],
    cleanup,
  };
}

/**
 * Moves a received file into the content-addressed store (<dir>/<2 hex>/<checksum><ext>) and returns its path
 * relative to the uploads directory. The same bytes uploaded twice share one file.
 */
export async function storeByChecksum(
  uploadsRoot: string,
  area: string,
  file: { tempPath: string; checksum: string },
  extension: string,
): Promise<string> {
  const relative = path.join(area, file.checksum.slice(0, 2), `${file.checksum}${extension}`);
  const target = path.join(uploadsRoot, relative);
  await mkdir(path.dirname(target), { recursive: true });
  try {
    await stat(target);
    await rm(file.tempPath, { force: true });
  } catch {
    await rename(file.tempPath, target);
  }
  return relative;
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
