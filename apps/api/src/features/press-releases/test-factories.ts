import { createHash } from 'node:crypto';
import path from 'node:path';
import {
  type Database,
  pressReleaseFiles,
  pressReleaseGroups,
  pressReleases,
  pressReleaseTranslations,
} from '@pressroom/db';
import type { FileStore } from '../../lib/storage/index.ts';
import { bodyToText, sanitizeBody } from './sanitize.ts';

export interface ReleaseOptions {
  publicationDate?: string;
  status?: 'draft' | 'submitted' | 'published';
  embargoUntil?: Date | null;
  companyId?: number | null;
  number?: number | null;
  groups: number[];
  translations: { language: string; title: string; subtitle?: string; body?: string }[];
}

let numberSequence = 0;

/** Writes a release straight into the database, as the editing service would have stored it. */
export async function insertRelease(db: Database, options: ReleaseOptions) {
  numberSequence += 1;
  const status = options.status ?? 'published';
  const [release] = await db
    .insert(pressReleases)
    .values({
      publicationDate: options.publicationDate ?? '2026-05-01',
      status,
      number:
        options.number === undefined ? (status === 'published' ? numberSequence : null) : options.number,
      embargoUntil: options.embargoUntil ?? null,
      companyId: options.companyId ?? null,
    })
    .returning();
  await db
    .insert(pressReleaseGroups)
    .values(options.groups.map((pressGroupId) => ({ pressReleaseId: release.id, pressGroupId })));
  await db.insert(pressReleaseTranslations).values(
    options.translations.map((translation) => {
      const body = sanitizeBody(translation.body ?? '');
      return {
        pressReleaseId: release.id,
        language: translation.language,
        title: translation.title,
        subtitle: translation.subtitle ?? '',
        body,
        bodyText: bodyToText(body),
      };
    }),
  );
  return release;
}

/** Stores bytes as a file of the release, in the app's file store (`app.storage`). */
export async function insertReleaseFile(
  db: Database,
  storage: FileStore,
  options: {
    releaseId: number;
    kind: 'attachment' | 'image';
    name: string;
    contentType: string;
    bytes: Buffer;
    language?: string | null;
    thumbnail?: Buffer;
    credit?: string | null;
    /** A picture's pixels, as the upload reads them. */
    width?: number;
    height?: number;
  },
) {
  const sha256 = createHash('sha256').update(options.bytes).digest('hex');
  const relative = `press-releases/${sha256}${path.extname(options.name)}`;
  await storage.putBytes(relative, options.bytes, options.contentType);
  let thumbnailPath: string | null = null;
  if (options.thumbnail) {
    thumbnailPath = `press-releases/${sha256}-thumbnail.webp`;
    await storage.putBytes(thumbnailPath, options.thumbnail, 'image/webp');
  }
  const [file] = await db
    .insert(pressReleaseFiles)
    .values({
      pressReleaseId: options.releaseId,
      kind: options.kind,
      language: options.language ?? null,
      credit: options.credit ?? null,
      width: options.width ?? null,
      height: options.height ?? null,
      originalName: options.name,
      contentType: options.contentType,
      size: options.bytes.length,
      sha256,
      storagePath: relative,
      thumbnailPath,
    })
    .returning();
  return file;
}
