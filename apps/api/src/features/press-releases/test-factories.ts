import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type Database,
  pressReleaseFiles,
  pressReleaseGroups,
  pressReleases,
  pressReleaseTranslations,
} from '@pressroom/db';
import { uploadsDir } from '../../lib/uploads.ts';
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

/** Stores bytes as a file of the release, under the uploads directory of `dataDir`. */
export async function insertReleaseFile(
  db: Database,
  dataDir: string,
  options: {
    releaseId: number;
    kind: 'attachment' | 'image';
    name: string;
    contentType: string;
    bytes: Buffer;
    language?: string | null;
    thumbnail?: Buffer;
  },
) {
  const sha256 = createHash('sha256').update(options.bytes).digest('hex');
  const relative = path.join('press-releases', `${sha256}${path.extname(options.name)}`);
  await mkdir(path.dirname(path.join(uploadsDir(dataDir), relative)), { recursive: true });
  await writeFile(path.join(uploadsDir(dataDir), relative), options.bytes);
  let thumbnailPath: string | null = null;
  if (options.thumbnail) {
    thumbnailPath = path.join('press-releases', `${sha256}-thumbnail.webp`);
    await writeFile(path.join(uploadsDir(dataDir), thumbnailPath), options.thumbnail);
  }
  const [file] = await db
    .insert(pressReleaseFiles)
    .values({
      pressReleaseId: options.releaseId,
      kind: options.kind,
      language: options.language ?? null,
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
