import { randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  type accreditationDecisionSchema,
  type accreditationQueueQuerySchema,
  type accreditationRequestFieldsSchema,
  articleProofMaxMonths,
  type editionCreateSchema,
  type editionUpdateSchema,
  proofMaxBytes,
  proofMaxFiles,
} from '@pressroom/contract';
import { accreditationProofs, accreditationRequests, type Executor, fairEditions } from '@pressroom/db';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { ApiError, notFound, validationError } from '../../lib/api-error.ts';
import { badgeIdOfToken } from '../../lib/badge-tokens.ts';
import { addMonthsUtc } from '../../lib/clock.ts';
import type { AuthUser } from '../../lib/identity.ts';
import type { FileStore } from '../../lib/storage/index.ts';
import { type ReceivedForm, sniffFileKind, uploadLimits } from '../../lib/uploads.ts';
import { formatBytes } from '../../lib/zip-download.ts';
import type { Site } from '../../plugins/sites.ts';
import { endPlacesOf } from '../programme/index.ts';
import { journalistMail, officeMail } from './mails.ts';
import * as repository from './repository.ts';

const proofArea = 'accreditation-proofs';
const proofTypes = {
  pdf: { extension: '.pdf', mime: 'application/pdf' },
  jpeg: { extension: '.jpg', mime: 'image/jpeg' },
  png: { extension: '.png', mime: 'image/png' },
} as const;

/** The day (UTC) the rules compare edition dates with. */
export const todayOf = (app: FastifyInstance) => app.clock.now().toISOString().slice(0, 10);

const isExpired = (edition: repository.EditionRow, today: string) => edition.endsOn < today;

const siteIds = (app: FastifyInstance) => [...app.sites.byName.values()].map((site) => site.id);

function siteAddress(app: FastifyInstance, siteId: number) {
  return [...app.sites.byName.values()].find((site) => site.id === siteId)?.address ?? app.config.publicUrl;
}

// --------------------------------------------------------------------------------------------- proof files

interface CheckedProof {
  tempPath: string;
  fileName: string;
  size: number;
  checksum: string;
  extension: string;
  mime: string;
}

/** What one request may send: the proofs' count and size, refused as the rules below refuse them. */
export const proofUploadLimits = uploadLimits('proof', {
  files: proofMaxFiles,
  fileSize: proofMaxBytes,
  tooMany: () => new ApiError(400, { proof: ['accreditationTooManyProofs'] }, { count: proofMaxFiles }),
  tooLarge: (name) =>
    new ApiError(400, { proof: ['accreditationProofTooLarge'] }, { name, limit: formatBytes(proofMaxBytes) }),
});

/** Every `proof` file of the form, checked by content and size before anything is kept. */
async function checkedProofs(form: ReceivedForm, already = 0): Promise<CheckedProof[]> {
  const files = form.files.filter((file) => file.field === 'proof');
  if (files.length + already > proofMaxFiles) {
    throw new ApiError(400, { proof: ['accreditationTooManyProofs'] }, { count: proofMaxFiles });
  }
  const checked: CheckedProof[] = [];
  for (const file of files) {
    if (file.size > proofMaxBytes) {
      throw new ApiError(
        400,
        { proof: ['accreditationProofTooLarge'] },
        { name: file.fileName, limit: formatBytes(proofMaxBytes) },
      );
    }
    const kind = await sniffFileKind(file.tempPath);
    const type = kind && kind in proofTypes ? proofTypes[kind as keyof typeof proofTypes] : null;
    if (!type) throw new ApiError(400, { proof: ['accreditationProofType'] }, { name: file.fileName });
    const base = path.basename(file.fileName, path.extname(file.fileName)).slice(0, 200) || 'proof';
    checked.push({ ...file, fileName: `${base}${type.extension}`, ...type });
  }
  return checked;
}

/** `20270914T090000Z`: when a proof was stored, as its key says. */
const compactTime = (date: Date) => date.toISOString().replace(/[-:]|\.\d+/g, '');

/**
 * When the file under a proof key was stored: proof keys start with it (`<area>/20270914T090000Z-<uuid>.pdf`),
 * since a store cannot be asked for a file's age the same way everywhere. Null for keys without it (stored
 * by an earlier version, long settled).
 */
function storedAt(key: string): number | null {
  const match = /^[^/]+\/(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z-/.exec(key);
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match.map(Number);
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/**
 * Stores checked proofs under random names (personal data is never shared by checksum with another upload)
 * and records them; the files are removed again if the transaction fails.
 */
async function storeProofs(
  app: FastifyInstance,
  executor: Executor,
  requestId: number,
  proofs: CheckedProof[],
) {
  for (const proof of proofs) {
    const storagePath = `${proofArea}/${compactTime(app.clock.now())}-${randomUUID()}${proof.extension}`;
    await app.storage.putFile(storagePath, proof.tempPath, proof.mime);
    try {
      await executor.insert(accreditationProofs).values({
        requestId,
        fileName: proof.fileName,
        storagePath,
        mime: proof.mime,
        size: proof.size,
        checksum: proof.checksum,
        createdAt: app.clock.now(),
      });
    } catch (error) {
      await app.storage.delete(storagePath);
      throw error;
    }
  }
}

async function removeFiles(storage: FileStore, storagePaths: string[]) {
  await Promise.all(storagePaths.map((storagePath) => storage.delete(storagePath)));
}

// ------------------------------------------------------------------------------------------------ journalist

export async function myAccreditation(app: FastifyInstance, user: AuthUser, site: Site) {
  const today = todayOf(app);
  const [editions, requests, latest, identity] = await Promise.all([
    repository.openEditions(app.db, site.id, today),
    repository.requestsOfUser(app.db, user.id, site.id),
    repository.latestRequestOfUser(app.db, user.id),
    repository.pressDataOf(app.db, user.id),
  ]);
  const prefill = latest
    ? { media_type: latest.mediaType, outlet: latest.outlet, role: latest.role }
    : {
        media_type: identity?.mediaType ?? null,
        outlet: identity?.newspaper || identity?.publishingHouse || '',
        role: '',
      };
  return { editions, requests, prefill, today };
}

function checkArticleDate(app: FastifyInstance, fields: z.infer<typeof accreditationRequestFieldsSchema>) {
  if (fields.proof_kind !== 'article') return null;
  if (!fields.article_date) throw validationError({ article_date: ['accreditationArticleDateRequired'] });
  const now = app.clock.now();
  const oldest = addMonthsUtc(now, -articleProofMaxMonths).toISOString().slice(0, 10);
  if (fields.article_date < oldest || fields.article_date > now.toISOString().slice(0, 10)) {
    throw validationError({ article_date: ['accreditationArticleTooOld'] });
  }
  return fields.article_date;
}

/**
 * A journalist asks for an edition of this site. With proof required the request waits for the office (and the
 * office is mailed); without, it is approved at once. A rejected request may be made again, with new proof.
 */
export async function requestAccreditation(
  app: FastifyInstance,
  user: AuthUser,
  site: Site,
  fields: z.infer<typeof accreditationRequestFieldsSchema>,
  form: ReceivedForm,
) {
  const today = todayOf(app);
  const found = await repository.findEdition(app.db, fields.edition);
  if (!found || found.edition.pressGroupId !== site.id || isExpired(found.edition, today)) {
    throw validationError({ edition: ['accreditationEditionClosed'] });
  }
  const { edition } = found;
  const articleDate = checkArticleDate(app, fields);
  const proofs = await checkedProofs(form);
  if (edition.proofRequired && proofs.length === 0) {
    throw validationError({ proof: ['accreditationProofRequired'] });
  }
  const status = edition.proofRequired ? 'received' : 'approved';
  const now = app.clock.now();
  const values = {
    status,
    mediaType: fields.media_type,
    outlet: fields.outlet,
    role: fields.role,
    proofKind: fields.proof_kind,
    articleDate,
    message: fields.message ?? '',
    question: '',
    answer: '',
    reason: '',
    decidedAt: status === 'approved' ? now : null,
    decidedBy: null,
    updatedAt: now,
  };
  let replacedProofs: string[] = [];
  const id = await app.db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(accreditationRequests)
      .where(and(eq(accreditationRequests.editionId, edition.id), eq(accreditationRequests.userId, user.id)))
      .for('update');
    let requestId: number;
    if (existing) {
      if (existing.status !== 'rejected') {
        throw validationError({ edition: ['accreditationAlreadyRequested'] });
      }
      const old = await tx
        .delete(accreditationProofs)
        .where(eq(accreditationProofs.requestId, existing.id))
        .returning({ storagePath: accreditationProofs.storagePath });
      replacedProofs = old.map((row) => row.storagePath);
      await tx.update(accreditationRequests).set(values).where(eq(accreditationRequests.id, existing.id));
      requestId = existing.id;
    } else {
      const [created] = await tx
        .insert(accreditationRequests)
        .values({ ...values, editionId: edition.id, userId: user.id, createdAt: now })
        .returning({ id: accreditationRequests.id });
      requestId = created.id;
    }
    await storeProofs(app, tx, requestId, proofs);
    if (status === 'approved') await repository.grantPressRoom(tx, user.id);
    const [detail] = await repository.findRequests(tx, [requestId]);
    await app.mail.enqueue(tx, journalistMail(detail, site.address));
    if (status === 'received') {
      await app.mail.enqueue(tx, officeMail(detail, 'received', site.address, app.config.pressOfficeEmail));
    }
    return requestId;
  });
  await removeFiles(app.storage, replacedProofs);
  return (await repository.findRequests(app.db, [id]))[0];
}

/** The journalist answers the office's question, with more proof if asked; the request waits again. */
export async function answerQuestion(
  app: FastifyInstance,
  user: AuthUser,
  id: number,
  answer: string,
  form: ReceivedForm,
) {
  await app.db.transaction(async (tx) => {
    const [detail] = await repository.findRequests(tx, [id]);
    if (!detail || detail.user.id !== user.id) throw notFound();
    if (detail.request.status !== 'needs_information') {
      throw validationError({ non_field_errors: ['accreditationNotAwaitingAnswer'] });
    }
    const proofs = await checkedProofs(form, detail.proofs.length);
    await tx
      .update(accreditationRequests)
      .set({ status: 'received', answer, updatedAt: app.clock.now() })
      .where(eq(accreditationRequests.id, id));
    await storeProofs(app, tx, id, proofs);
    const [answered] = await repository.findRequests(tx, [id]);
    const address = siteAddress(app, answered.edition.pressGroupId);
    await app.mail.enqueue(tx, officeMail(answered, 'answered', address, app.config.pressOfficeEmail));
  });
  return (await repository.findRequests(app.db, [id]))[0];
}

// ------------------------------------------------------------------------------------------------ the office

export async function queue(app: FastifyInstance, query: z.infer<typeof accreditationQueueQuerySchema>) {
  const ids = siteIds(app);
  const [results, countries] = await Promise.all([
    repository.queue(app.db, { siteIds: ids, ...query }),
    repository.queueCountries(app.db, ids),
  ]);
  return { results, countries };
}

/**
 * Approves, rejects or asks, for one request or several at once: all of them or none (a request of an edition
 * that has ended stops the whole decision). Each journalist is mailed, in the same transaction.
 */
export async function decide(
  app: FastifyInstance,
  officer: AuthUser,
  input: z.infer<typeof accreditationDecisionSchema>,
) {
  const ids = [...new Set(input.ids)];
  const today = todayOf(app);
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    const found = await repository.findRequests(tx, ids);
    if (found.length !== ids.length) throw notFound();
    if (found.some((detail) => isExpired(detail.edition, today))) {
      throw validationError({ ids: ['accreditationEditionClosed'] });
    }
    const changes = {
      approve: { status: 'approved', reason: '', decidedAt: now, decidedBy: officer.id },
      reject: { status: 'rejected', reason: input.message, decidedAt: now, decidedBy: officer.id },
      ask: { status: 'needs_information', question: input.message, answer: '' },
    }[input.decision];
    await tx
      .update(accreditationRequests)
      .set({ ...changes, updatedAt: now })
      .where(inArray(accreditationRequests.id, ids));
    if (input.decision !== 'approve') {
      // An approval taken back (rejected, or questioned again) ends the journalist's places at the edition.
      for (const detail of found.filter((one) => one.request.status === 'approved')) {
        await endPlacesOf(app, tx, [detail.user.id], { editionId: detail.edition.id });
      }
    }
    for (const detail of await repository.findRequests(tx, ids)) {
      if (input.decision === 'approve') await repository.grantPressRoom(tx, detail.user.id);
      await app.mail.enqueue(tx, journalistMail(detail, siteAddress(app, detail.edition.pressGroupId)));
    }
  });
  return repository.findRequests(app.db, ids);
}

// ---------------------------------------------------------------------------------------------- the editions

export const editions = (app: FastifyInstance) => repository.editions(app.db, siteIds(app));

export async function createEdition(app: FastifyInstance, input: z.infer<typeof editionCreateSchema>) {
  if (!siteIds(app).includes(input.site)) throw validationError({ site: ['fieldInvalid'] });
  const [row] = await app.db
    .insert(fairEditions)
    .values({
      pressGroupId: input.site,
      name: input.name,
      startsOn: input.starts_on,
      endsOn: input.ends_on,
      proofRequired: input.proof_required,
      timeZone: input.time_zone ?? app.config.fairTimeZone,
      createdAt: app.clock.now(),
    })
    .returning({ id: fairEditions.id });
  return row.id;
}

export async function updateEdition(
  app: FastifyInstance,
  id: number,
  input: z.infer<typeof editionUpdateSchema>,
) {
  const found = await repository.findEdition(app.db, id);
  if (!found) throw notFound();
  const startsOn = input.starts_on ?? found.edition.startsOn;
  const endsOn = input.ends_on ?? found.edition.endsOn;
  if (startsOn > endsOn) throw validationError({ ends_on: ['editionDatesOrder'] });
  await app.db
    .update(fairEditions)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.starts_on !== undefined ? { startsOn: input.starts_on } : {}),
      ...(input.ends_on !== undefined ? { endsOn: input.ends_on } : {}),
      ...(input.proof_required !== undefined ? { proofRequired: input.proof_required } : {}),
      ...(input.time_zone !== undefined ? { timeZone: input.time_zone } : {}),
    })
    .where(eq(fairEditions.id, id));
}

/** An edition with requests is history (badges, figures): only an empty one can be removed. */
export async function deleteEdition(app: FastifyInstance, id: number) {
  const found = await repository.findEdition(app.db, id);
  if (!found) throw notFound();
  const [request] = await app.db
    .select({ id: accreditationRequests.id })
    .from(accreditationRequests)
    .where(eq(accreditationRequests.editionId, id))
    .limit(1);
  if (request) throw validationError({ non_field_errors: ['editionHasRequests'] });
  await app.db.delete(fairEditions).where(eq(fairEditions.id, id));
}

// ------------------------------------------------------------------------------------- files, badge, checks

/** A proof file, for its owner and the press office only; anyone else is told it does not exist. */
export async function proofFile(app: FastifyInstance, user: AuthUser, id: number, proofId: number) {
  const [detail] = await repository.findRequests(app.db, [id]);
  const allowed = detail && (detail.user.id === user.id || user.permissions.has('journalist.accredit'));
  const proof = allowed ? detail.proofs.find((candidate) => candidate.id === proofId) : undefined;
  if (!proof) throw notFound();
  return proof;
}

/** The request a badge is printed from: approved and its edition not over; the holder's or the office's. */
export async function badgeRequest(app: FastifyInstance, user: AuthUser, id: number) {
  const [detail] = await repository.findRequests(app.db, [id]);
  const allowed = detail && (detail.user.id === user.id || user.permissions.has('journalist.accredit'));
  if (!allowed || detail.request.status !== 'approved' || isExpired(detail.edition, todayOf(app))) {
    throw notFound();
  }
  return detail;
}

/** The gate's check: valid while the request is approved and its edition not over; nothing else is said. */
/**
 * What the gate learns from a badge's token: the badge's site (its edition's) whenever the token is one we
 * signed, and its holder only while the badge is valid: request approved, edition not over, account active.
 */
export async function checkBadge(app: FastifyInstance, token: string) {
  const badgeId = badgeIdOfToken(app.config.secretKey, token);
  const detail = badgeId ? await repository.findByBadgeId(app.db, badgeId) : undefined;
  if (!detail) return { siteName: null, valid: null };
  const valid =
    detail.request.status === 'approved' && !isExpired(detail.edition, todayOf(app)) && detail.user.isActive;
  return { siteName: detail.siteName, valid: valid ? detail : null };
}

/**
 * Retention: the proofs of editions that ended more than the press purpose's 6 months ago are deleted (rows and
 * files), then any file in the proofs' folder that no row names (left by a deleted account) goes too.
 */
export async function purgeExpiredProofs(app: Pick<FastifyInstance, 'db' | 'storage'>, now: Date) {
  const endedBefore = addMonthsUtc(now, -6).toISOString().slice(0, 10);
  const expired = await repository.expiredProofs(app.db, endedBefore);
  if (expired.length > 0) {
    await app.db.delete(accreditationProofs).where(
      inArray(
        accreditationProofs.id,
        expired.map((row) => row.id),
      ),
    );
  }
  await removeFiles(
    app.storage,
    expired.map((row) => row.storagePath),
  );
  // A file stored a moment ago may belong to a request whose transaction has not committed yet.
  const settledBefore = now.getTime() - 3_600_000;
  const kept = await repository.allProofPaths(app.db);
  let filesRemoved = 0;
  for await (const { key } of app.storage.list(`${proofArea}/`)) {
    if (kept.has(key)) continue;
    if ((storedAt(key) ?? 0) > settledBefore) continue;
    await app.storage.delete(key);
    filesRemoved += 1;
  }
  return { proofsDeleted: expired.length, filesRemoved };
}
