import {
  type Executor,
  pressContacts,
  pressReleaseContacts,
  pressReleaseGroups,
  pressReleases,
  siteBoilerplates,
} from '@pressroom/db';
import { and, asc, eq, getTableColumns, inArray, isNotNull, sql } from 'drizzle-orm';
import { type Viewer, visibleTo } from '../../access/index.ts';

// The photo bytes stay in the database until someone asks for the photo itself.
const { photo: _photo, ...contactColumns } = getTableColumns(pressContacts);
export type PressContactRow = Omit<typeof pressContacts.$inferSelect, 'photo'> & { hasPhoto: boolean };
const contactSelection = { ...contactColumns, hasPhoto: sql<boolean>`${isNotNull(pressContacts.photo)}` };

const contactOrder = [asc(pressContacts.position), asc(pressContacts.id)];

export async function contactsOfSite(db: Executor, siteId: number | null): Promise<PressContactRow[]> {
  return db
    .select(contactSelection)
    .from(pressContacts)
    .where(siteId === null ? undefined : eq(pressContacts.pressGroupId, siteId))
    .orderBy(asc(pressContacts.pressGroupId), ...contactOrder);
}

export async function findContact(db: Executor, id: number): Promise<PressContactRow | undefined> {
  const [row] = await db.select(contactSelection).from(pressContacts).where(eq(pressContacts.id, id));
  return row;
}

export async function contactPhoto(db: Executor, id: number) {
  const [row] = await db
    .select({ photo: pressContacts.photo, photoVersion: pressContacts.photoVersion })
    .from(pressContacts)
    .where(eq(pressContacts.id, id));
  return row;
}

export async function nextPosition(db: Executor, siteId: number) {
  const [row] = await db
    .select({ max: sql<number | null>`max(${pressContacts.position})` })
    .from(pressContacts)
    .where(eq(pressContacts.pressGroupId, siteId));
  return (row?.max ?? -1) + 1;
}

export async function existingContactIds(db: Executor, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: pressContacts.id })
    .from(pressContacts)
    .where(inArray(pressContacts.id, ids));
  return new Set(rows.map((row) => row.id));
}

/** The contacts a release names, in order; only of a release `viewer` may read on `siteId`. */
export async function contactsOfVisibleRelease(
  db: Executor,
  viewer: Viewer,
  releaseId: number,
  siteId: number,
): Promise<PressContactRow[]> {
  return db
    .select(contactSelection)
    .from(pressReleaseContacts)
    .innerJoin(pressContacts, eq(pressContacts.id, pressReleaseContacts.pressContactId))
    .innerJoin(pressReleases, eq(pressReleases.id, pressReleaseContacts.pressReleaseId))
    .innerJoin(
      pressReleaseGroups,
      and(
        eq(pressReleaseGroups.pressReleaseId, pressReleases.id),
        eq(pressReleaseGroups.pressGroupId, siteId),
      ),
    )
    .where(and(eq(pressReleaseContacts.pressReleaseId, releaseId), visibleTo(viewer)))
    .orderBy(asc(pressReleaseContacts.position), asc(pressContacts.id));
}

export async function releaseExists(db: Executor, releaseId: number) {
  const [row] = await db
    .select({ id: pressReleases.id })
    .from(pressReleases)
    .where(eq(pressReleases.id, releaseId));
  return row !== undefined;
}

export async function contactIdsOfRelease(db: Executor, releaseId: number) {
  const rows = await db
    .select({ id: pressReleaseContacts.pressContactId })
    .from(pressReleaseContacts)
    .where(eq(pressReleaseContacts.pressReleaseId, releaseId))
    .orderBy(asc(pressReleaseContacts.position), asc(pressReleaseContacts.pressContactId));
  return rows.map((row) => row.id);
}

export async function replaceReleaseContacts(db: Executor, releaseId: number, contactIds: number[]) {
  await db.transaction(async (tx) => {
    await tx.delete(pressReleaseContacts).where(eq(pressReleaseContacts.pressReleaseId, releaseId));
    if (contactIds.length > 0) {
      await tx.insert(pressReleaseContacts).values(
        contactIds.map((pressContactId, position) => ({
          pressReleaseId: releaseId,
          pressContactId,
          position,
        })),
      );
    }
  });
}

export async function boilerplatesOfSite(db: Executor, siteId: number | null) {
  return db
    .select()
    .from(siteBoilerplates)
    .where(siteId === null ? undefined : eq(siteBoilerplates.pressGroupId, siteId))
    .orderBy(asc(siteBoilerplates.pressGroupId), asc(siteBoilerplates.language));
}
export type BoilerplateRow = typeof siteBoilerplates.$inferSelect;

export async function saveBoilerplate(
  db: Executor,
  values: { pressGroupId: number; language: string; text: string; updatedAt: Date },
): Promise<BoilerplateRow> {
  const [row] = await db
    .insert(siteBoilerplates)
    .values(values)
    .onConflictDoUpdate({
      target: [siteBoilerplates.pressGroupId, siteBoilerplates.language],
      set: { text: values.text, updatedAt: values.updatedAt },
    })
    .returning();
  return row;
}

export async function deleteBoilerplate(db: Executor, siteId: number, language: string) {
  const rows = await db
    .delete(siteBoilerplates)
    .where(and(eq(siteBoilerplates.pressGroupId, siteId), eq(siteBoilerplates.language, language)))
    .returning({ language: siteBoilerplates.language });
  return rows.length > 0;
}
