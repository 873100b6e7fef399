import { maxFeaturedReleases } from '@pressroom/contract';
import type { Database } from '@pressroom/db';
import { ApiError, permissionDenied, validationError } from '../../lib/api-error.ts';
import { type Editor, loadRelease } from './editing-service.ts';
import {
  lockSiteFeatures,
  setFeaturedSlot,
  siteMembership,
  usedFeaturedSlots,
} from './featured-repository.ts';

/**
 * Featured releases: the press office puts up to maxFeaturedReleases of a site's releases at the top of its
 * Home. A featured release is shown there only while anyone may read it (the one visibility rule), so one
 * may be featured before it comes out. Home shows them newest first.
 */

function requirePressOffice(editor: Editor) {
  if (!editor.manageAll) throw permissionDenied();
}

/** Features a release on one of its sites; a fourth gets a 409 and changes nothing. Featured again: no change. */
export async function featureRelease(db: Database, editor: Editor, id: number, groupId: number) {
  requirePressOffice(editor);
  await loadRelease(db, editor, id);
  await db.transaction(async (tx) => {
    // One site's featurings one after another, on every server: the free slot is read and taken under it.
    await lockSiteFeatures(tx, groupId);
    const place = await siteMembership(tx, id, groupId);
    if (!place) throw validationError({ group: ['releaseNotOnSite'] });
    if (place.featuredSlot !== null) return;
    const used = new Set(await usedFeaturedSlots(tx, groupId));
    const free = Array.from({ length: maxFeaturedReleases }, (_, index) => index + 1).find(
      (slot) => !used.has(slot),
    );
    if (free === undefined) {
      throw new ApiError(409, { detail: 'featuredLimitReached' }, { count: maxFeaturedReleases });
    }
    await setFeaturedSlot(tx, id, groupId, free);
  });
}

/** Takes a release off a site's featured ones; not featured there: no change. */
export async function unfeatureRelease(db: Database, editor: Editor, id: number, groupId: number) {
  requirePressOffice(editor);
  await loadRelease(db, editor, id);
  const place = await siteMembership(db, id, groupId);
  if (!place) throw validationError({ group: ['releaseNotOnSite'] });
  if (place.featuredSlot !== null) await setFeaturedSlot(db, id, groupId, null);
}
