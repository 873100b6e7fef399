import { maxPreviewInvitations } from '@pressroom/contract';
import { type Executor, releasePreviewInvitations, users } from '@pressroom/db';
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';

// The queries of embargo previews: invitations by release, by the hash of their token, and the accounts the
// office may invite. Whether an invitation reads its release is the access rules' (previewReadableBy).

export type PreviewInvitationRow = typeof releasePreviewInvitations.$inferSelect;

export const invitationsOf = (db: Executor, releaseId: number) =>
  db
    .select()
    .from(releasePreviewInvitations)
    .where(eq(releasePreviewInvitations.pressReleaseId, releaseId))
    .orderBy(desc(releasePreviewInvitations.createdAt), desc(releasePreviewInvitations.id))
    .limit(maxPreviewInvitations);

export async function invitationCount(db: Executor, releaseId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(releasePreviewInvitations)
    .where(eq(releasePreviewInvitations.pressReleaseId, releaseId));
  return Number(row?.count ?? 0);
}

export async function invitationOfRelease(db: Executor, releaseId: number, id: number) {
  const [row] = await db
    .select()
    .from(releasePreviewInvitations)
    .where(
      and(eq(releasePreviewInvitations.id, id), eq(releasePreviewInvitations.pressReleaseId, releaseId)),
    );
  return row;
}

export async function invitationOfAddress(db: Executor, releaseId: number, email: string) {
  const [row] = await db
    .select({ id: releasePreviewInvitations.id })
    .from(releasePreviewInvitations)
    .where(
      and(
        eq(releasePreviewInvitations.pressReleaseId, releaseId),
        eq(releasePreviewInvitations.email, email),
      ),
    );
  return row;
}

/**
 * Invites the address to the release, or invites it again: one row per address and release, a new token (the
 * old link stops working: only its hash was kept, so the same link cannot be sent again), a revocation lifted.
 */
export async function saveInvitation(
  db: Executor,
  values: {
    pressReleaseId: number;
    userId: number | null;
    email: string;
    name: string;
    language: string;
    tokenHash: string;
    invitedById: number;
    sentAt: Date;
  },
): Promise<PreviewInvitationRow> {
  const [row] = await db
    .insert(releasePreviewInvitations)
    .values(values)
    .onConflictDoUpdate({
      target: [releasePreviewInvitations.pressReleaseId, releasePreviewInvitations.email],
      set: {
        userId: values.userId,
        name: values.name,
        language: values.language,
        tokenHash: values.tokenHash,
        invitedById: values.invitedById,
        sentAt: values.sentAt,
        revokedAt: null,
      },
    })
    .returning();
  return row!;
}

export async function revokeInvitation(db: Executor, id: number, now: Date): Promise<PreviewInvitationRow> {
  const [row] = await db
    .update(releasePreviewInvitations)
    .set({
      revokedAt: sql`coalesce(${releasePreviewInvitations.revokedAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(eq(releasePreviewInvitations.id, id))
    .returning();
  return row!;
}

export async function invitationByTokenHash(db: Executor, tokenHash: string) {
  const [row] = await db
    .select()
    .from(releasePreviewInvitations)
    .where(eq(releasePreviewInvitations.tokenHash, tokenHash));
  return row;
}

/** One more opening: the first time kept, the last moved, counted in the same statement. */
export async function recordOpening(db: Executor, id: number, now: Date): Promise<void> {
  const at = sql`${now.toISOString()}::timestamptz`;
  await db
    .update(releasePreviewInvitations)
    .set({
      firstOpenedAt: sql`coalesce(${releasePreviewInvitations.firstOpenedAt}, ${at})`,
      lastOpenedAt: at,
      openCount: sql`${releasePreviewInvitations.openCount} + 1`,
    })
    .where(eq(releasePreviewInvitations.id, id));
}

/** An active account by id: whom an invitation to an account goes to, in their language. */
export async function activeAccount(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      language: users.language,
    })
    .from(users)
    .where(and(eq(users.id, id), eq(users.isActive, true)));
  return row;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (character) => `\\${character}`);

/** Active accounts whose name or address contains the words typed, at most ten, by name. */
export function accountsMatching(db: Executor, search: string) {
  const pattern = `%${escapeLike(search)}%`;
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      language: users.language,
    })
    .from(users)
    .where(
      and(
        eq(users.isActive, true),
        or(ilike(users.email, pattern), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern)),
      ),
    )
    .orderBy(users.lastName, users.firstName, users.id)
    .limit(10);
}
