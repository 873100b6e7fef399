import type { magazineFieldsSchema } from '@pressroom/contract';
import { magazines } from '@pressroom/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { z } from 'zod';
import { ApiError, notFound, validationError } from '../../lib/api-error.ts';
import {
  type FileKind,
  looksLikePdf,
  type ReceivedForm,
  sniffFileKind,
  storeByChecksum,
} from '../../lib/uploads.ts';
import { findMagazine, type MagazineRow } from './repository.ts';

type MagazineFields = Partial<z.infer<typeof magazineFieldsSchema>>;

/** Covers are photographs or scans: raster formats only, told by their first bytes (never SVG). */
const coverKinds: readonly FileKind[] = ['jpeg', 'png', 'webp'];

/**
 * Covers are shown, never downloaded: one WebP (at most 800 px) is kept, named by the upload's checksum. The
 * upload itself is never served; only what sharp re-encoded from its pixels is.
 */
async function storeCover(app: FastifyInstance, form: ReceivedForm) {
  const file = form.files.find((candidate) => candidate.field === 'cover');
  if (!file) return undefined;
  const kind = await sniffFileKind(file.tempPath);
  if (!kind || !coverKinds.includes(kind)) {
    throw new ApiError(400, { cover: ['coverTypeNotAccepted'] }, { name: file.fileName });
  }
  const limit = app.config.imageMaxPixels;
  const header = await sharp(file.tempPath, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!header?.width || !header.height) {
    throw new ApiError(400, { cover: ['coverTypeNotAccepted'] }, { name: file.fileName });
  }
  if (header.width * header.height > limit) {
    throw new ApiError(
      400,
      { cover: ['imageTooManyPixels'] },
      { name: file.fileName, width: header.width, height: header.height, limit: limit / 1_000_000 },
    );
  }
  const relative = `magazines/covers/${file.checksum.slice(0, 2)}/${file.checksum}.webp`;
  const cover = await sharp(file.tempPath, { limitInputPixels: limit })
    .rotate()
    .resize({ width: 800, height: 800, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer()
    .catch(() => {
      throw new ApiError(400, { cover: ['notAnImage'] }, { name: file.fileName });
    });
  await app.storage.putBytes(relative, cover, 'image/webp');
  return { coverPath: relative, coverMime: 'image/webp', coverChecksum: file.checksum };
}

async function storePdf(app: FastifyInstance, form: ReceivedForm) {
  const file = form.files.find((candidate) => candidate.field === 'pdf');
  if (!file) return undefined;
  if (!(await looksLikePdf(file.tempPath)))
    throw new ApiError(400, { pdf: ['notAPdf'] }, { name: file.fileName });
  const relative = await storeByChecksum(app.storage, 'magazines/pdfs', file, '.pdf', 'application/pdf');
  return { pdfPath: relative, pdfName: file.fileName, pdfSize: file.size, pdfChecksum: file.checksum };
}

function knownGroups(app: FastifyInstance, groups: number[] | undefined) {
  if (!groups) return undefined;
  const known = new Set([...app.sites.byName.values()].map((site) => site.id));
  if (groups.length === 0 || groups.some((id) => !known.has(id)))
    throw validationError({ groups: ['fieldInvalid'] });
  return [...new Set(groups)];
}

function columns(fields: MagazineFields) {
  return {
    ...(fields.kind !== undefined ? { kind: fields.kind } : {}),
    ...(fields.publisher !== undefined ? { publisher: fields.publisher } : {}),
    ...(fields.title !== undefined ? { title: fields.title } : {}),
    ...(fields.month !== undefined ? { month: fields.month } : {}),
    ...(fields.year !== undefined ? { year: fields.year } : {}),
    ...(fields.territory !== undefined ? { territory: fields.territory || null } : {}),
    ...(fields.link !== undefined ? { link: fields.link || null } : {}),
  };
}

export async function createMagazine(
  app: FastifyInstance,
  siteId: number,
  fields: MagazineFields,
  form: ReceivedForm,
) {
  const groupIds = knownGroups(app, fields.groups) ?? [siteId];
  const cover = await storeCover(app, form);
  const pdf = await storePdf(app, form);
  const values = columns(fields) as ReturnType<typeof columns> & {
    kind: string;
    title: string;
    month: number;
    year: number;
  };
  // Territory belongs to international magazines only.
  if (values.kind === 'italian') values.territory = null;
  const [row] = await app.db
    .insert(magazines)
    .values({ ...values, groupIds, ...cover, ...pdf, createdAt: app.clock.now() })
    .returning();
  return row;
}

export async function updateMagazine(
  app: FastifyInstance,
  id: number,
  fields: MagazineFields,
  form: ReceivedForm,
) {
  const existing = await findMagazine(app.db, id);
  if (!existing) throw notFound();
  const groupIds = knownGroups(app, fields.groups);
  const cover = await storeCover(app, form);
  const pdf = await storePdf(app, form);
  const values: Partial<MagazineRow> = {
    ...columns(fields),
    ...(groupIds ? { groupIds } : {}),
    ...cover,
    ...pdf,
  };
  if ((values.kind ?? existing.kind) === 'italian') values.territory = null;
  if (form.field('remove_pdf') === 'true' && !pdf)
    Object.assign(values, { pdfPath: null, pdfName: null, pdfSize: null, pdfChecksum: null });
  const [row] = await app.db.update(magazines).set(values).where(eq(magazines.id, id)).returning();
  return row;
}

export async function deleteMagazine(app: FastifyInstance, id: number) {
  const deleted = await app.db.delete(magazines).where(eq(magazines.id, id)).returning({ id: magazines.id });
  if (deleted.length === 0) throw notFound();
  // Files are kept by checksum and may be shared by another magazine; they are small and harmless to keep.
}
