import { createHash, randomBytes } from 'node:crypto';
import {
  type Language,
  maxPreviewInvitations,
  type PressRelease,
  type PreviewInvitation,
  type PreviewInvitationInput,
  type PreviewInvitationList,
  publicPages,
  releaseSlug,
  webLinks,
} from '@pressroom/contract';
import type { FastifyInstance } from 'fastify';
import {
  canInviteToPreview,
  editorOf,
  type PreviewAnswer,
  previewableAt,
  previewedRelease,
  previewLinkScope,
  previewReadableBy,
} from '../../access/index.ts';
import { ApiError, notFound, permissionDenied } from '../../lib/api-error.ts';
import { currentEdition } from '../../lib/current-edition.ts';
import type { AuthUser } from '../../lib/identity.ts';
import type { Site } from '../../plugins/sites.ts';
import { videosForReader } from '../videos/index.ts';
import { canUseBackOffice, loadRelease } from './editing-service.ts';
import { addressOf, presentDetail } from './presenter.ts';
import { previewInvitationMail } from './previews-mail.ts';
import * as repository from './previews-repository.ts';
import { filesForLanguage, findVisibleRelease } from './release-detail-repository.ts';

type Deps = Pick<FastifyInstance, 'db' | 'mail' | 'clock' | 'config'>;

/** A personal link's token: 256 random bits, in the address as base64url; only its SHA-256 is kept. */
const newToken = () => randomBytes(32).toString('base64url');
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
const tokenShape = /^[A-Za-z0-9_-]{43}$/;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function presentInvitation(row: repository.PreviewInvitationRow): PreviewInvitation {
  return {
    id: row.id,
    user: row.userId,
    name: row.name,
    email: row.email,
    language: row.language,
    sent_at: iso(row.sentAt)!,
    first_opened_at: iso(row.firstOpenedAt),
    last_opened_at: iso(row.lastOpenedAt),
    open_count: row.openCount,
    revoked_at: iso(row.revokedAt),
  };
}

/**
 * The release, for a user who may invite to its preview: 403 without the back office, 404 for a release they
 * may not see there (as the editing calls answer), 403 for one they see but may not edit.
 */
export function requireReleaseEditor(user: AuthUser) {
  if (!canUseBackOffice(editorOf(user))) throw permissionDenied();
}

async function releaseOfInviter(deps: Deps, user: AuthUser, releaseId: number) {
  const editor = editorOf(user);
  requireReleaseEditor(user);
  const release = await loadRelease(deps.db, editor, releaseId);
  if (!canInviteToPreview(user, release)) throw permissionDenied();
  const previewed = await previewedRelease(deps.db, releaseId);
  if (!previewed) throw notFound();
  return previewed;
}

/** The zone the release's times are told in on the site: its fair's (current edition), else the default. */
async function timeZoneOf(deps: Deps, site: Site, now: Date): Promise<string> {
  const edition = await currentEdition(deps.db, site.id, now.toISOString().slice(0, 10));
  return edition?.timeZone ?? deps.config.fairTimeZone;
}

export async function invitations(
  deps: Deps,
  user: AuthUser,
  releaseId: number,
  site: Site,
): Promise<PreviewInvitationList> {
  const release = await releaseOfInviter(deps, user, releaseId);
  const now = deps.clock.now();
  const rows = await repository.invitationsOf(deps.db, releaseId);
  return {
    previewable: previewableAt(release, now),
    embargo_until: iso(release.embargoEnd),
    time_zone: await timeZoneOf(deps, site, now),
    results: rows.map(presentInvitation),
  };
}

/**
 * Invites a named person to read the release before its embargo ends, or invites them again (a new link; the
 * one mailed before stops working). The mail is queued in the same transaction as the invitation.
 */
export async function invite(
  deps: Deps,
  user: AuthUser,
  releaseId: number,
  input: PreviewInvitationInput,
  context: { site: Site; language: Language },
): Promise<{ invitation: PreviewInvitation; created: boolean }> {
  const release = await releaseOfInviter(deps, user, releaseId);
  const now = deps.clock.now();
  if (!previewableAt(release, now)) throw new ApiError(400, { detail: 'previewNotEmbargoed' });
  const invitee = await inviteeOf(deps, input, context.language);
  const token = newToken();
  const timeZone = await timeZoneOf(deps, context.site, now);
  const shown = await findVisibleRelease(deps.db, { pressAccess: true, now }, releaseId, invitee.language);
  if (!shown) throw notFound();
  return deps.db.transaction(async (tx) => {
    const existing = await repository.invitationOfAddress(tx, releaseId, invitee.email);
    if (!existing && (await repository.invitationCount(tx, releaseId)) >= maxPreviewInvitations) {
      throw new ApiError(400, { detail: 'tooMany' });
    }
    const row = await repository.saveInvitation(tx, {
      pressReleaseId: releaseId,
      userId: invitee.userId,
      email: invitee.email,
      name: invitee.name,
      language: invitee.language,
      tokenHash: tokenHash(token),
      invitedById: user.id,
      sentAt: now,
    });
    await deps.mail.enqueue(
      tx,
      previewInvitationMail({
        to: invitee.email,
        name: invitee.name,
        language: invitee.language,
        title: shown.title,
        embargoEnd: release.embargoEnd!,
        timeZone,
        token,
        site: context.site,
      }),
    );
    return { invitation: presentInvitation(row), created: !existing };
  });
}

/** An account picked: its address, name and language; else the address and name typed, the language chosen. */
async function inviteeOf(deps: Deps, input: PreviewInvitationInput, fallback: Language) {
  if (input.user !== undefined) {
    const account = await repository.activeAccount(deps.db, input.user);
    if (!account) throw new ApiError(400, { user: ['previewUnknownAccount'] });
    const name = `${account.firstName} ${account.lastName}`.trim();
    return {
      userId: account.id,
      email: account.email.toLowerCase(),
      name: name || account.email,
      language: account.language as Language,
    };
  }
  if (!input.email || !input.name) throw new ApiError(400, { detail: 'previewInviteeMissing' });
  return {
    userId: null,
    email: input.email.toLowerCase(),
    name: input.name,
    language: input.language ?? fallback,
  };
}

export async function revoke(
  deps: Deps,
  user: AuthUser,
  releaseId: number,
  invitationId: number,
): Promise<PreviewInvitation> {
  await releaseOfInviter(deps, user, releaseId);
  const found = await repository.invitationOfRelease(deps.db, releaseId, invitationId);
  if (!found) throw notFound();
  return presentInvitation(await repository.revokeInvitation(deps.db, found.id, deps.clock.now()));
}

export async function accounts(deps: Deps, user: AuthUser, releaseId: number, search: string) {
  await releaseOfInviter(deps, user, releaseId);
  const rows = await repository.accountsMatching(deps.db, search);
  return rows.map((row) => ({
    id: row.id,
    name: `${row.firstName} ${row.lastName}`.trim() || row.email,
    email: row.email,
    language: row.language,
  }));
}

export type PreviewOpening =
  | { answer: 'readable'; inviteeName: string; embargoUntil: string; release: PressRelease }
  | { answer: 'ended'; releaseLink: string; page: string | null }
  | { answer: Exclude<PreviewAnswer, 'readable' | 'ended'> | 'unknown' };

/**
 * What the personal link opens for the browser asking (signed in as `user`, or not): the release for its
 * invitee, counted as an opening; or why not. Whether it may is the access rules' previewReadableBy.
 */
export async function openPreview(
  app: FastifyInstance,
  user: AuthUser | null,
  token: string,
  context: { site: Site; language?: Language },
): Promise<PreviewOpening> {
  if (!tokenShape.test(token)) return { answer: 'unknown' };
  const invitation = await repository.invitationByTokenHash(app.db, tokenHash(token));
  if (!invitation) return { answer: 'unknown' };
  const now = app.clock.now();
  const release = await previewedRelease(app.db, invitation.pressReleaseId);
  if (!release) return { answer: 'unknown' };
  const answer = previewReadableBy(user, invitation, release, now);
  const language = context.language ?? (invitation.language as Language);
  if (answer === 'ended') {
    const shown = await findVisibleRelease(app.db, { pressAccess: false, now }, release.id, language);
    const page =
      shown && shown.number !== null
        ? publicPages.release(shown.year, shown.number, releaseSlug(shown.slugTitle))
        : null;
    return { answer, releaseLink: webLinks.pressRelease(release.id), page };
  }
  if (answer !== 'readable') return { answer };
  const shown = await findVisibleRelease(app.db, { pressAccess: true, now }, release.id, language);
  if (!shown) return { answer: 'missing' };
  await repository.recordOpening(app.db, invitation.id, now);
  const files = await filesForLanguage(app.db, shown.id, shown.language);
  // Every file and video loads through links scoped to this invitation, checked again at each fetch.
  const signer = {
    secret: app.config.secretKey,
    now,
    site: context.site.id,
    sign: true,
    scope: previewLinkScope(invitation.id),
  };
  const videos = await videosForReader(
    app,
    { pressReleaseId: shown.id },
    { language: shown.language, address: addressOf(signer), isPublic: false },
  );
  return {
    answer,
    inviteeName: invitation.name,
    embargoUntil: release.embargoEnd!.toISOString(),
    release: presentDetail(shown, files, signer, videos),
  };
}
