import type { pressReleases } from '@pressroom/db';
import type { AuthUser } from '../../lib/identity.ts';
import type { LinkViewer } from '../../lib/signed-urls.ts';
import { canSee, editorOf } from './editing-service.ts';

/**
 * Signed links to a release's files are checked again when they are fetched, against the release as it is
 * then: a signature stands for the rights of whoever the link was made for, at the time it was made, and a
 * release may since have gone back to draft, been deleted, or left a site.
 */

/** What a link's check reads of its release: its status and sites, and its company for its editors. */
export type LinkedRelease = typeof pressReleases.$inferSelect & { groups: number[] };

/**
 * The press of the site `siteId` reads the release: published, and on that site. Under embargo too: the
 * press reads a release from publication, and only press users and editors are handed signed links.
 */
function pressSees(release: { status: string; groups: number[] }, siteId: number): boolean {
  return release.status === 'published' && release.groups.includes(siteId);
}

/**
 * What a signed link to the release's files made for `viewer` on the site `siteId` says of whom it serves,
 * signed with the rest: nothing when the site's press reads the release, so that everyone's links to it are
 * the same and cached alike; `editor=<id>` when only the editor's rights show it (a draft, a release of
 * another site seen from the back office), served while that account may still see it; for the press,
 * `on=<site>`, one of the release's sites, when it is shown on a site it is not on.
 */
export function releaseLinkScope(
  viewer: { user: AuthUser | null; siteId: number },
  release: { status: string; groups: number[] },
): string {
  if (pressSees(release, viewer.siteId)) return '';
  if (viewer.user) return `editor=${viewer.user.id}`;
  const [site] = release.groups;
  return release.status === 'published' && site !== undefined ? `on=${site}` : '';
}

/** Whether a signed link standing for `viewer` (see linkViewer) may serve the release's files now. */
export function linkServes(viewer: LinkViewer, release: LinkedRelease): boolean {
  if (pressSees(release, viewer.siteId)) return true;
  return viewer.user !== null && canSee(editorOf(viewer.user), release);
}
