import { contentFallback, type pressKitFieldsSchema, type pressKitUpdateSchema } from '@pressroom/contract';
import { pressKitDocuments } from '@pressroom/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { ApiError, notFound, validationError } from '../../lib/api-error.ts';
import { acceptedDocument, type ReceivedForm, storeByChecksum } from '../../lib/uploads.ts';
import { formatBytes, safeEntryName } from '../../lib/zip-download.ts';
import * as repository from './repository.ts';

/**
 * The kit a reader gets: the documents in their language, or else in English, then Italian, then any
 * language the kit has (PRODUCT.md section 6).
 */
export async function kitFor(app: FastifyInstance, siteId: number, requested: string) {
  const available = await repository.languagesOfSite(app.db, siteId);
  const language =
    [requested, ...contentFallback].find((candidate) => available.includes(candidate)) ?? available.sort()[0];
  if (!language) return { language: requested, documents: [] as repository.PressKitRow[] };
  return { language, documents: await repository.documentsOfSite(app.db, siteId, language) };
}

export function checkKitSize(app: FastifyInstance, documents: repository.PressKitRow[]) {
  const total = documents.reduce((sum, row) => sum + row.size, 0);
  if (documents.length === 0) throw validationError({ non_field_errors: ['nothingToDownload'] });
  if (total > app.config.downloadMaxBytes) {
    throw new ApiError(
      400,
      { detail: 'downloadTooLarge' },
      { size: formatBytes(total), limit: formatBytes(app.config.downloadMaxBytes) },
    );
  }
  return total;
}

function knownGroups(app: FastifyInstance, groups: number[] | undefined) {
  if (!groups) return undefined;
  const known = new Set([...app.sites.byName.values()].map((site) => site.id));
  if (groups.length === 0 || groups.some((id) => !known.has(id)))
    throw validationError({ groups: ['fieldInvalid'] });
  return [...new Set(groups)];
}

export async function addDocument(
  app: FastifyInstance,
  siteId: number,
  fields: z.infer<typeof pressKitFieldsSchema>,
  form: ReceivedForm,
) {
  const file = form.files.find((candidate) => candidate.field === 'file');
  if (!file) throw validationError({ file: ['fileRequired'] });
  const accepted = await acceptedDocument(file);
  if (!accepted) throw new ApiError(400, { file: ['documentTypeNotAccepted'] }, { name: file.fileName });
  const { extension } = accepted;
  const storagePath = await storeByChecksum(app.storage, 'press-kit', file, extension, accepted.mime);
  const [row] = await app.db
    .insert(pressKitDocuments)
    .values({
      groupIds: knownGroups(app, fields.groups) ?? [siteId],
      language: fields.language,
      position: fields.position ?? (await repository.nextPosition(app.db, fields.language)),
      title: fields.title,
      description: fields.description,
      fileName: safeEntryName(accepted.fileName, `document${extension}`),
      storagePath,
      size: file.size,
      mime: accepted.mime,
      checksum: file.checksum,
      createdAt: app.clock.now(),
    })
    .returning();
  return row;
}

export async function updateDocument(
  app: FastifyInstance,
  id: number,
  fields: z.infer<typeof pressKitUpdateSchema>,
) {
  const groups = knownGroups(app, fields.groups);
  const [row] = await app.db
    .update(pressKitDocuments)
    .set({
      ...(fields.title !== undefined ? { title: fields.title } : {}),
      ...(fields.description !== undefined ? { description: fields.description } : {}),
      ...(fields.language !== undefined ? { language: fields.language } : {}),
      ...(fields.position !== undefined ? { position: fields.position } : {}),
      ...(groups ? { groupIds: groups } : {}),
    })
    .where(eq(pressKitDocuments.id, id))
    .returning();
  if (!row) throw notFound();
  return row;
}

export async function deleteDocument(app: FastifyInstance, id: number) {
  const deleted = await app.db
    .delete(pressKitDocuments)
    .where(eq(pressKitDocuments.id, id))
    .returning({ id: pressKitDocuments.id });
  if (deleted.length === 0) throw notFound();
}
