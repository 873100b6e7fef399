import { type Executor, pressReleases, releasePreviewInvitations } from '@pressroom/db';
import { eq } from 'drizzle-orm';
import type { AuthUser } from '../lib/identity.ts';
import { canEdit, editorOf, embargoEnd, type LinkedRelease } from './releases.ts';

// An embargoed release previewed by a named person through a personal link (PRODUCT.md section 13): whether
// an invitation's holder may read the release now is decided here, once, for the preview's page and for the
// signed links its pictures, files and videos load through.

/** What the rule reads of an invitation: its release, the account it was sent to (if any), its revocation. */
export interface PreviewGrant {
  pressReleaseId: number;
  userId: number | null;
  revokedAt: Date | null;
}

/** What the rule reads of the release: published and come, and when its embargo (or an event's hold) ends. */
export interface PreviewedRelease {
  id: number;
  status: string;
  publishAt: Date | null;
  /** The later of its own embargo and the starts of the events holding it; null: none. */
  embargoEnd: Date | null;
}

/**
 * - `readable`: the holder reads the release;
 * - `revoked`: the office withdrew the invitation;
 * - `ended`: the embargo is over, the public release page takes over;
 * - `otherAccount`: sent to an account, opened in a browser signed in as another one;
 * - `missing`: no release this invitation reads (another release, or not published): as if it did not exist.
 */
export type PreviewAnswer = 'readable' | 'revoked' | 'ended' | 'otherAccount' | 'missing';

/** The release is published, come, and its embargo in effect at `now`: what an invitation may be sent for. */
export function previewableAt(release: Omit<PreviewedRelease, 'id'>, now: Date): boolean {
  const come = release.publishAt === null || release.publishAt.getTime() <= now.getTime();
  return (
    release.status === 'published' &&
    come &&
    release.embargoEnd !== null &&
    release.embargoEnd.getTime() > now.getTime()
  );
}

/**
 * May the holder of the invitation read the release at `now`, in a browser signed in as `user` (null: signed
 * out, the token alone reads it)? Revocation first, so a withdrawn link never tells what became of the release.
 */
export function previewReadableBy(
  user: AuthUser | null,
  grant: PreviewGrant,
  release: PreviewedRelease,
  now: Date,
): PreviewAnswer {
  if (grant.pressReleaseId !== release.id) return 'missing';
  if (grant.revokedAt !== null) return 'revoked';
  const come = release.publishAt === null || release.publishAt.getTime() <= now.getTime();
  if (release.status !== 'published' || !come) return 'missing';
  if (release.embargoEnd === null || release.embargoEnd.getTime() <= now.getTime()) return 'ended';
  if (grant.userId !== null && user !== null && user.id !== grant.userId) return 'otherAccount';
  return 'readable';
}

/** What a preview's signed links say of whom they serve: the invitation, checked again at every fetch. */
export const previewLinkScope = (invitationId: number) => `preview=${invitationId}`;

/** The release as the preview rule reads it (undefined: no such release). */
export async function previewedRelease(
  db: Executor,
  releaseId: number,
): Promise<PreviewedRelease | undefined> {
  const [row] = await db
    .select({
      id: pressReleases.id,
      status: pressReleases.status,
      publishAt: pressReleases.publishAt,
      embargoEnd,
    })
    .from(pressReleases)
    .where(eq(pressReleases.id, releaseId));
  return row ? { ...row, embargoEnd: row.embargoEnd === null ? null : new Date(row.embargoEnd) } : undefined;
}

/**
 * Whether a signed link made for the invitation `invitationId` may serve a file or video of the release
 * `releaseId` at `now`: the invitation is of that release and still reads it. The signature stood for the
 * preview's page, which checked the browser's account; the link itself is checked for what may change since.
 */
export async function previewLinkServes(
  db: Executor,
  invitationId: number,
  releaseId: number,
  now: Date,
): Promise<boolean> {
  const [grant] = await db
    .select({
      pressReleaseId: releasePreviewInvitations.pressReleaseId,
      revokedAt: releasePreviewInvitations.revokedAt,
    })
    .from(releasePreviewInvitations)
    .where(eq(releasePreviewInvitations.id, invitationId));
  if (!grant || grant.pressReleaseId !== releaseId) return false;
  const release = await previewedRelease(db, releaseId);
  return (
    release !== undefined && previewReadableBy(null, { ...grant, userId: null }, release, now) === 'readable'
  );
}

/**
 * Who may invite named people to preview a release, list its invitations and revoke them: whoever may edit it
 * in the back office (the press office every release, a company's publishers their company's).
 */
export const canInviteToPreview = (user: AuthUser, release: Pick<LinkedRelease, 'companyId' | 'status'>) =>
  canEdit(editorOf(user), release);
