import type { PressReleaseStatus } from '@pressroom/contract';
import {
  companies,
  type Executor,
  pressGroups,
  pressReleaseFiles,
  pressReleaseGroups,
  pressReleases,
  pressReleaseTranslations,
} from '@pressroom/db';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import {
  canChangeStatus,
  canEdit,
  canSee,
  canUseBackOffice,
  type Editor,
  editableScope,
  editorOf,
} from '../../access/index.ts';
import { ApiError, notFound, permissionDenied, validationError } from '../../lib/api-error.ts';
import { dayInZone } from '../../lib/clock.ts';
import {
  type AlertJobs,
  cancelReleaseAlerts,
  rescheduleReleaseAlerts,
  scheduleReleaseAlerts,
} from '../alerts/index.ts';
import { findCompanies } from './list-repository.ts';
import { bodyToText, sanitizeBody } from './sanitize.ts';

type ReleaseRow = typeof pressReleases.$inferSelect;

export async function loadRelease(db: Executor, editor: Editor, id: number): Promise<ReleaseRow> {
  const [release] = await db.select().from(pressReleases).where(eq(pressReleases.id, id));
  // A release the editor may not see does not exist for them.
  if (!release || !canSee(editor, release)) throw notFound();
  return release;
}

export interface ReleaseInput {
  publication_date?: string;
  groups?: number[];
  company_id?: number | null;
  embargo_until?: string | null;
  translations?: { language: string; title: string; subtitle: string; body: string }[];
  cover_file_id?: number | null;
}

/** Published with a time still to come: seen by nobody outside the back office yet. */
export const isScheduled = (release: Pick<ReleaseRow, 'status' | 'publishAt'>, now: Date) =>
  release.status === 'published' && release.publishAt !== null && release.publishAt > now;

/** The later of two moments: alerts and embargo changes of a scheduled release wait for its time. */
const laterOf = (a: Date, b: Date | null) => (b !== null && b > a ? b : a);

/** The cover must be a picture of the release itself. */
async function checkCover(db: Executor, releaseId: number, coverFileId: number | null | undefined) {
  if (coverFileId === undefined || coverFileId === null) return;
  const [picture] = await db
    .select({ id: pressReleaseFiles.id })
    .from(pressReleaseFiles)
    .where(
      and(
        eq(pressReleaseFiles.id, coverFileId),
        eq(pressReleaseFiles.pressReleaseId, releaseId),
        eq(pressReleaseFiles.kind, 'image'),
      ),
    );
  if (!picture) throw validationError({ cover_file_id: ['coverNotAPicture'] });
}

async function checkReferences(db: Executor, input: ReleaseInput) {
  const errors: Record<string, string[]> = {};
  if (input.groups) {
    const unique = [...new Set(input.groups)];
    const found = await db
      .select({ id: pressGroups.id })
      .from(pressGroups)
      .where(inArray(pressGroups.id, unique));
    if (found.length !== unique.length) errors.groups = ['fieldInvalid'];
  }
  if (input.company_id !== undefined && input.company_id !== null) {
    const [company] = await db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, input.company_id));
    if (!company) errors.company_id = ['fieldInvalid'];
  }
  if (input.translations) {
    const languagesSeen = input.translations.map((translation) => translation.language);
    if (new Set(languagesSeen).size !== languagesSeen.length) errors.translations = ['fieldInvalid'];
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

/** Company of a new or changed release: company editors always write for their own company. */
function companyFor(
  editor: Editor,
  requested: number | null | undefined,
  current: number | null,
): number | null {
  if (editor.manageAll) return requested === undefined ? current : requested;
  if (editor.companyId === null) throw permissionDenied();
  return editor.companyId;
}

async function writeTranslations(
  db: Executor,
  releaseId: number,
  translations: ReleaseInput['translations'],
) {
  if (!translations) return;
  await db.delete(pressReleaseTranslations).where(eq(pressReleaseTranslations.pressReleaseId, releaseId));
  await db.insert(pressReleaseTranslations).values(
    translations.map((translation) => {
      const body = sanitizeBody(translation.body);
      return {
        pressReleaseId: releaseId,
        language: translation.language,
        title: translation.title,
        subtitle: translation.subtitle,
        body,
        bodyText: bodyToText(body),
      };
    }),
  );
}

/** The release's sites become `groups`; a site it stays on keeps featuring it, one it leaves no longer does. */
async function writeGroups(db: Executor, releaseId: number, groups: number[] | undefined) {
  if (!groups) return;
  const unique = [...new Set(groups)];
  await db
    .delete(pressReleaseGroups)
    .where(
      and(
        eq(pressReleaseGroups.pressReleaseId, releaseId),
        notInArray(pressReleaseGroups.pressGroupId, unique),
      ),
    );
  await db
    .insert(pressReleaseGroups)
    .values(unique.map((pressGroupId) => ({ pressReleaseId: releaseId, pressGroupId })))
    .onConflictDoNothing();
}

/** The next number in the year of `publicationDate`. */
async function nextNumber(db: Executor, publicationDate: string, exceptId: number): Promise<number> {
  const year = Number(publicationDate.slice(0, 4));
  const [row] = await db
    .select({ highest: sql<number>`coalesce(max(${pressReleases.number}), 0)::int` })
    .from(pressReleases)
    .where(
      and(
        sql`extract(year from ${pressReleases.publicationDate}) = ${year}`,
        sql`${pressReleases.id} <> ${exceptId}`,
      ),
    );
  return row.highest + 1;
}

export async function createRelease(
  db: Executor,
  editor: Editor,
  input: Required<Omit<ReleaseInput, 'cover_file_id'>>,
  now: Date,
) {
  if (!canUseBackOffice(editor)) throw permissionDenied();
  const companyId = companyFor(editor, input.company_id, null);
  await checkReferences(db, { ...input, company_id: editor.manageAll ? input.company_id : undefined });
  return db.transaction(async (tx) => {
    const [release] = await tx
      .insert(pressReleases)
      .values({
        publicationDate: input.publication_date,
        status: 'draft',
        embargoUntil: input.embargo_until ? new Date(input.embargo_until) : null,
        companyId,
        createdById: editor.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await writeGroups(tx, release.id, input.groups);
    await writeTranslations(tx, release.id, input.translations);
    return release;
  });
}

export async function updateRelease(
  db: Executor,
  editor: Editor,
  id: number,
  input: ReleaseInput,
  now: Date,
  /** The app's jobs: a moved embargo asks for the alerts' run at the new time (see the alerts' index). */
  jobs?: AlertJobs,
) {
  const release = await loadRelease(db, editor, id);
  if (!canEdit(editor, release)) throw permissionDenied('releaseNotEditable');
  await checkReferences(db, { ...input, company_id: editor.manageAll ? input.company_id : undefined });
  await checkCover(db, id, input.cover_file_id);
  return db.transaction(async (tx) => {
    const publicationDate = input.publication_date ?? release.publicationDate;
    const yearChanged = publicationDate.slice(0, 4) !== release.publicationDate.slice(0, 4);
    const [updated] = await tx
      .update(pressReleases)
      .set({
        publicationDate,
        embargoUntil:
          input.embargo_until === undefined
            ? release.embargoUntil
            : input.embargo_until === null
              ? null
              : new Date(input.embargo_until),
        companyId: companyFor(editor, input.company_id, release.companyId),
        ...(input.cover_file_id === undefined ? {} : { coverFileId: input.cover_file_id }),
        // A published release moved to another year takes the next number of that year.
        number:
          release.number !== null && yearChanged ? await nextNumber(tx, publicationDate, id) : release.number,
        updatedAt: now,
      })
      .where(eq(pressReleases.id, id))
      .returning();
    await writeGroups(tx, id, input.groups);
    await writeTranslations(tx, id, input.translations);
    if (input.embargo_until !== undefined) {
      await rescheduleReleaseAlerts(tx, id, updated.embargoUntil, laterOf(now, updated.publishAt), jobs);
    }
    return updated;
  });
}

export interface StatusChangeOptions {
  /** false: a first publication mails no subscriber. */
  notify?: boolean;
  /** The app's jobs, so that a first publication asks for its alerts' run in its transaction. */
  jobs?: AlertJobs;
  /** With `published`: the release comes out then (a moment still to come), not at once. */
  publishAt?: Date;
  /** The zone a scheduled release's day is told in (its publication date): the site's fair's. */
  timeZone?: string;
}

export async function changeStatus(
  db: Executor,
  editor: Editor,
  id: number,
  to: PressReleaseStatus,
  now: Date,
  options: StatusChangeOptions = {},
) {
  const release = await loadRelease(db, editor, id);
  const { publishAt } = options;
  if (publishAt !== undefined && to !== 'published') {
    throw validationError({ publish_at: ['publishAtWithoutPublishing'] });
  }
  if (!canChangeStatus(editor, release, to)) {
    if (release.status === to) throw validationError({ status: ['fieldInvalid'] });
    throw new ApiError(403, { detail: 'statusChangeNotAllowed' }, { from: release.status, to });
  }
  if (publishAt !== undefined && publishAt <= now) throw validationError({ publish_at: ['publishAtInPast'] });
  // Taking back a scheduled release before its time cancels it: it was never out, so it owes no alert yet
  // and will be announced when it is published again.
  const cancelled = isScheduled(release, now);
  const publicationDate =
    publishAt === undefined ? release.publicationDate : dayInZone(publishAt, options.timeZone ?? 'UTC');
  const yearChanged = publicationDate.slice(0, 4) !== release.publicationDate.slice(0, 4);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(pressReleases)
      .set({
        status: to,
        publicationDate,
        publishAt: to === 'published' ? (publishAt ?? null) : cancelled ? null : release.publishAt,
        submittedAt: to === 'submitted' ? now : release.submittedAt,
        publishedAt: to === 'published' ? (publishAt ?? now) : cancelled ? null : release.publishedAt,
        // Numbered when first published (or scheduled); the number stays with the release.
        number:
          to === 'published' && (release.number === null || yearChanged)
            ? await nextNumber(tx, publicationDate, id)
            : release.number,
        updatedAt: now,
      })
      .where(eq(pressReleases.id, id))
      .returning();
    if (cancelled) await cancelReleaseAlerts(tx, id);
    // The subscribers hear of a release once, when it first comes out (not when it comes back after a
    // withdrawal), unless the press office publishes it without notifying.
    if (to === 'published' && release.publishedAt === null && options.notify !== false) {
      await scheduleReleaseAlerts(tx, updated, publishAt ?? now, options.jobs);
    }
    return updated;
  });
}

export async function deleteRelease(db: Executor, editor: Editor, id: number) {
  const release = await loadRelease(db, editor, id);
  if (!canEdit(editor, release)) throw permissionDenied('releaseNotEditable');
  await db.delete(pressReleases).where(eq(pressReleases.id, id));
}

export async function releaseForEditing(db: Executor, id: number) {
  const [release] = await db.select().from(pressReleases).where(eq(pressReleases.id, id));
  const groups = await db
    .select({ id: pressReleaseGroups.pressGroupId, featuredSlot: pressReleaseGroups.featuredSlot })
    .from(pressReleaseGroups)
    .where(eq(pressReleaseGroups.pressReleaseId, id))
    .orderBy(asc(pressReleaseGroups.pressGroupId));
  const translations = await db
    .select()
    .from(pressReleaseTranslations)
    .where(eq(pressReleaseTranslations.pressReleaseId, id))
    .orderBy(asc(pressReleaseTranslations.language));
  const files = await db
    .select()
    .from(pressReleaseFiles)
    .where(eq(pressReleaseFiles.pressReleaseId, id))
    .orderBy(asc(pressReleaseFiles.position), asc(pressReleaseFiles.id));
  return {
    release,
    groups: groups.map((group) => group.id),
    featuredGroups: groups.filter((group) => group.featuredSlot !== null).map((group) => group.id),
    translations,
    files,
  };
}

/**
 * The companies an editor may give a release, for the editor's picker: the press office chooses among all
 * (by name, or by id to name the current one); a company's agents and administrators only ever write for
 * their own company, so that is the one answer they get.
 */
export async function companyChoices(
  db: Executor,
  editor: Editor,
  query: { search?: string; id?: number },
): Promise<{ id: number; name: string }[]> {
  if (editor.manageAll) return findCompanies(db, { ...query, limit: 20 });
  if (editor.companyId === null || (query.id !== undefined && query.id !== editor.companyId)) return [];
  return findCompanies(db, { id: editor.companyId, limit: 1 });
}

export { canEdit, canUseBackOffice, type Editor, editableScope, editorOf };
