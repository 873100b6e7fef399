import {
  type Language,
  languages,
  type PressReleaseFileKind,
  releaseThumbnailWidth,
} from '@pressroom/contract';
import { type Database, type ImageRenditionFacts, pressReleaseFiles } from '@pressroom/db';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { ApiError, notFound, permissionDenied, validationError } from '../../lib/api-error.ts';
import { readEmbeddedDescription } from '../../lib/embedded-description.ts';
import {
  makeRenditions,
  renditionKinds,
  renditionPath,
  renditionsStored,
  renditionWorkDirectory,
  writeRenditions,
} from '../../lib/image-renditions.ts';
import type { FileStore } from '../../lib/storage/index.ts';
import {
  acceptedDocument,
  checksumKey,
  type FileKind,
  type ReceivedForm,
  sniffFileKind,
  storeByChecksum,
} from '../../lib/uploads.ts';
import { coverRenditionKeys, writeCoverRenditions } from './cover-renditions.ts';
import { canEdit, type Editor, loadRelease } from './editing-service.ts';

/**
 * The raster formats a picture may be (the gallery's), by what its first bytes say and as sharp names them,
 * with the type they are served as. Never SVG: nothing else reaches sharp.
 */
const imageTypes: Partial<Record<FileKind, { type: string; extension: string }>> = {
  jpeg: { type: 'image/jpeg', extension: '.jpg' },
  png: { type: 'image/png', extension: '.png' },
  webp: { type: 'image/webp', extension: '.webp' },
  gif: { type: 'image/gif', extension: '.gif' },
  tiff: { type: 'image/tiff', extension: '.tif' },
  heif: { type: 'image/avif', extension: '.avif' },
};

const thumbnailWidth = releaseThumbnailWidth;
const thumbnailKey = (checksum: string) => `press-releases/thumbnails/${checksum}.webp`;

export interface IncomingFile {
  fileName: string;
  tempPath: string;
  size: number;
  checksum: string;
}

export interface FileDetails {
  kind: PressReleaseFileKind;
  language: Language | null;
  title: string;
  /** Whom to credit for the pictures; empty: each picture's own credit, as written into the file. */
  credit: string;
}

/** Checks the upload's form fields: kind, language, title, credit, and at least one file. */
function readFileForm(form: ReceivedForm): { details: FileDetails; uploads: IncomingFile[] } {
  const kind = form.field('kind') ?? 'attachment';
  if (kind !== 'attachment' && kind !== 'image') throw validationError({ kind: ['fieldInvalid'] });
  const language = form.field('language') || null;
  if (language !== null && !(languages as readonly string[]).includes(language)) {
    throw validationError({ language: ['fieldInvalid'] });
  }
  const title = (form.field('title') ?? '').trim();
  if (title.length > 300) throw validationError({ title: ['tooLong'] });
  const credit = (form.field('credit') ?? '').trim();
  if (credit.length > 300) throw validationError({ credit: ['tooLong'] });
  const uploads = form.files.filter((file) => file.field === 'file');
  if (uploads.length === 0) throw validationError({ file: ['fileRequired'] });
  return { details: { kind, language: language as Language | null, title, credit }, uploads };
}

export async function addFiles(app: FastifyInstance, editor: Editor, releaseId: number, form: ReceivedForm) {
  const release = await loadRelease(app.db, editor, releaseId);
  if (!canEdit(editor, release)) throw permissionDenied('releaseNotEditable');
  const { details, uploads } = readFileForm(form);
  return storeFiles(app.db, app.storage, releaseId, details, uploads, {
    maxPixels: app.config.imageMaxPixels,
    workDirectory: renditionWorkDirectory(app),
  });
}

/**
 * Checks every file (attachments against the documents' allow-list by their content, as the press kit does;
 * images by their first bytes before sharp reads them, then by their header, refused over `maxPixels` before
 * any decoding), then keeps them: originals byte for
 * byte in the content-addressed store; for images a WebP thumbnail and the web and print renditions (made in
 * `workDirectory`, kept by checksum beside the gallery's, their sizes recorded). One bad file refuses the
 * whole upload; a write or the insert failing (a full disk) removes the files this upload had stored (those no earlier file held).
 * A picture's credit is the one given, else the one its IPTC, XMP or EXIF names, as the gallery's images.
 */
export async function storeFiles(
  db: Database,
  storage: FileStore,
  releaseId: number,
  details: FileDetails,
  uploads: IncomingFile[],
  { maxPixels, workDirectory }: { maxPixels: number; workDirectory: string },
) {
  const { kind } = details;
  const prepared: {
    upload: IncomingFile;
    fileName: string;
    contentType: string;
    extension: string;
    width: number | null;
    height: number | null;
    credit: string | null;
  }[] = [];
  for (const upload of uploads) {
    if (kind === 'attachment') {
      const accepted = await acceptedDocument(upload);
      if (!accepted)
        throw new ApiError(400, { file: ['documentTypeNotAccepted'] }, { name: upload.fileName });
      prepared.push({
        upload,
        fileName: accepted.fileName,
        contentType: accepted.mime,
        extension: accepted.extension,
        width: null,
        height: null,
        credit: null,
      });
    } else {
      const sniffed = await sniffFileKind(upload.tempPath);
      if (!sniffed || !imageTypes[sniffed]) {
        throw new ApiError(400, { file: ['notAnImage'] }, { name: upload.fileName });
      }
      const metadata = await sharp(upload.tempPath, { limitInputPixels: false })
        .metadata()
        .catch(() => null);
      const format = metadata?.format ? imageTypes[metadata.format as FileKind] : undefined;
      if (!metadata || !format) {
        throw new ApiError(400, { file: ['notAnImage'] }, { name: upload.fileName });
      }
      const { width = 0, height = 0 } = metadata;
      if (width * height > maxPixels) {
        throw new ApiError(
          400,
          { file: ['imageTooManyPixels'] },
          { name: upload.fileName, width, height, limit: maxPixels / 1_000_000 },
        );
      }
      // EXIF orientations 5-8 swap the displayed width and height.
      const swapped = (metadata.orientation ?? 1) >= 5;
      prepared.push({
        upload,
        fileName: upload.fileName,
        contentType: format.type,
        extension: format.extension,
        width: (swapped ? metadata.height : metadata.width) ?? null,
        height: (swapped ? metadata.width : metadata.height) ?? null,
        credit: details.credit || (await readEmbeddedDescription(upload.tempPath)).credit || null,
      });
    }
  }

  const [{ highest }] = await db
    .select({ highest: sql<number>`coalesce(max(${pressReleaseFiles.position}), -1)::int` })
    .from(pressReleaseFiles)
    .where(eq(pressReleaseFiles.pressReleaseId, releaseId));
  // The keys this upload writes that no earlier file holds (the same bytes share their files): removed again
  // when a later write or the insert fails (a full disk, the database), so no file stays that no row names.
  const written: string[] = [];
  try {
    return await storeAndRecord();
  } catch (error) {
    await Promise.all(written.map((key) => storage.delete(key).catch(() => undefined)));
    throw error;
  }

  async function storeAndRecord() {
    const rows = [];
    for (const [index, item] of prepared.entries()) {
      const keys = [checksumKey('press-releases', item.upload.checksum, item.extension)];
      if (kind === 'image') {
        keys.push(
          thumbnailKey(item.upload.checksum),
          ...renditionKinds.map((rendition) => renditionPath(rendition, item.upload.checksum)),
          ...coverRenditionKeys(item.upload.checksum, item.width),
        );
      }
      for (const key of keys) if (!(await storage.stat(key))) written.push(key);
      let thumbnailPath: string | null = null;
      let renditions: ImageRenditionFacts | null = null;
      if (kind === 'image') {
        thumbnailPath = thumbnailKey(item.upload.checksum);
        // Made from the upload while it is still a local file; the same picture uploaded again reuses it.
        if (!(await storage.stat(thumbnailPath))) {
          const thumbnail = await sharp(item.upload.tempPath, { limitInputPixels: maxPixels })
            .rotate()
            .resize({ width: thumbnailWidth, withoutEnlargement: true })
            .webp({ quality: 80 })
            .toBuffer();
          await storage.putBytes(thumbnailPath, thumbnail, 'image/webp');
        }
        // Any picture may become its release's cover: its cover renditions are made now, once.
        await writeCoverRenditions(
          storage,
          { localPath: item.upload.tempPath, checksum: item.upload.checksum, width: item.width },
          maxPixels,
        );
        renditions = await writeRenditions(
          storage,
          {
            localPath: item.upload.tempPath,
            width: item.width ?? 0,
            height: item.height ?? 0,
            size: item.upload.size,
            mime: item.contentType,
            checksum: item.upload.checksum,
          },
          maxPixels,
          workDirectory,
        );
      }
      // The original is kept byte for byte (its metadata, e.g. the IPTC credit, included).
      const storagePath = await storeByChecksum(
        storage,
        'press-releases',
        item.upload,
        item.extension,
        item.contentType,
      );
      rows.push({
        pressReleaseId: releaseId,
        kind,
        language: details.language,
        title: details.title,
        credit: item.credit,
        originalName: item.fileName.slice(0, 255),
        contentType: item.contentType,
        size: item.upload.size,
        sha256: item.upload.checksum,
        storagePath,
        thumbnailPath,
        width: item.width,
        height: item.height,
        renditions,
        position: highest + 1 + index,
      });
    }
    return db.insert(pressReleaseFiles).values(rows).returning();
  }
}

async function loadFile(db: Database, editor: Editor, releaseId: number, fileId: number) {
  const release = await loadRelease(db, editor, releaseId);
  if (!canEdit(editor, release)) throw permissionDenied('releaseNotEditable');
  const [file] = await db
    .select()
    .from(pressReleaseFiles)
    .where(and(eq(pressReleaseFiles.id, fileId), eq(pressReleaseFiles.pressReleaseId, releaseId)));
  if (!file) throw notFound();
  return file;
}

export async function updateFile(
  db: Database,
  editor: Editor,
  releaseId: number,
  fileId: number,
  input: { title?: string; credit?: string | null; language?: string | null; position?: number },
) {
  const current = await loadFile(db, editor, releaseId, fileId);
  if (
    input.title === undefined &&
    input.credit === undefined &&
    input.language === undefined &&
    input.position === undefined
  )
    return current;
  const [file] = await db
    .update(pressReleaseFiles)
    .set({
      title: input.title,
      // An emptied credit is no credit, as one never given.
      credit: input.credit === undefined ? undefined : input.credit || null,
      language: input.language,
      position: input.position,
    })
    .where(eq(pressReleaseFiles.id, fileId))
    .returning();
  return file;
}

/** Removes the file from the release; the bytes stay in the content-addressed store (others may share them). */
export async function deleteFile(db: Database, editor: Editor, releaseId: number, fileId: number) {
  await loadFile(db, editor, releaseId, fileId);
  await db.delete(pressReleaseFiles).where(eq(pressReleaseFiles.id, fileId));
}

/**
 * The link preview of a release's picture, made once per picture and size and kept beside it: made again on
 * every request it would fetch the original from the store each time. Cropped where the picture's interest
 * is; images were checked for their pixel count when uploaded, and the limit holds here too.
 */
export async function keptSocialImage(
  storage: FileStore,
  image: { sha256: string; storagePath: string },
  size: { width: number; height: number },
  maxPixels: number,
): Promise<string> {
  const key = `press-releases/social/${image.sha256}-${size.width}x${size.height}.jpg`;
  if (await storage.stat(key)) return key;
  const jpeg = await storage.withLocalFile(image.storagePath, (localPath) =>
    sharp(localPath, { limitInputPixels: maxPixels })
      .rotate()
      .resize(size.width, size.height, { fit: 'cover', position: 'attention' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer(),
  );
  await storage.putBytes(key, jpeg, 'image/jpeg');
  return key;
}

// ---------------------------------------------------------------- renditions

type ReleaseFileRow = typeof pressReleaseFiles.$inferSelect;

/** A picture's original as the renditions need it; its pixels read from its header when it was stored without. */
async function originalOf(app: FastifyInstance, file: ReleaseFileRow) {
  let width = file.width ?? 0;
  let height = file.height ?? 0;
  if (!width || !height) {
    const metadata = await app.storage.withLocalFile(file.storagePath, (localPath) =>
      sharp(localPath, { limitInputPixels: false }).metadata(),
    );
    const oriented = metadata.autoOrient ?? { width: metadata.width ?? 0, height: metadata.height ?? 0 };
    width = oriented.width;
    height = oriented.height;
  }
  return {
    storagePath: file.storagePath,
    width,
    height,
    size: file.size,
    mime: file.contentType,
    checksum: file.sha256,
  };
}

/**
 * A release picture's web and print renditions, made if they are missing (a picture uploaded before they
 * existed, or a file lost) and their sizes recorded on its row (which raises the releases' content version,
 * so the kept public answers show them). Two servers doing it at once put the same bytes under the same keys.
 */
export async function ensureReleaseRenditions(
  app: FastifyInstance,
  file: ReleaseFileRow,
): Promise<ImageRenditionFacts> {
  const original = await originalOf(app, file);
  if (file.renditions && (await renditionsStored(app, original))) return file.renditions;
  const renditions = await makeRenditions(app, original);
  await app.db.update(pressReleaseFiles).set({ renditions }).where(eq(pressReleaseFiles.id, file.id));
  return renditions;
}

/**
 * Fills in the renditions of release pictures stored before they existed, one at a time, each claimed by one
 * server (SKIP LOCKED); started when the app is ready, it stops when none is left.
 */
export async function fillMissingReleaseRenditions(app: FastifyInstance) {
  let made = 0;
  for (;;) {
    const done = await app.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(pressReleaseFiles)
        .where(and(eq(pressReleaseFiles.kind, 'image'), sql`${pressReleaseFiles.renditions} is null`))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return false;
      let renditions: ImageRenditionFacts;
      try {
        renditions = await makeRenditions(app, await originalOf(app, row));
      } catch (error) {
        // A missing or unreadable original: its downloads fail as before; the others go on.
        app.log.warn({ err: error, file: row.id }, 'could not make the renditions of a release picture');
        const facts = {
          width: row.width ?? 0,
          height: row.height ?? 0,
          size: row.size,
          mime: row.contentType,
        };
        renditions = { original: facts, web: facts, print: facts };
      }
      await tx.update(pressReleaseFiles).set({ renditions }).where(eq(pressReleaseFiles.id, row.id));
      return true;
    });
    if (!done) return made;
    made += 1;
  }
}
