import type { Executor } from '@pressroom/db';
import { type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../lib/identity.ts';
import type { LinkViewer } from '../lib/signed-urls.ts';
import {
  canEditGallery,
  canSeeGallery,
  type GalleryViewer,
  gallerySeenBy,
  galleryWithCategory,
  stillPublished,
} from './galleries.ts';
import { previewLinkServes } from './previews.ts';
import { hasPressAccess, type Reader } from './reader.ts';
import {
  canEdit,
  editorOf,
  releaseForReader,
  releaseLinkServes,
  releaseOnSite,
  type Viewer,
  visibleTo,
} from './releases.ts';

// A video has no rule of its own: it is seen and edited as its release or gallery is.

/** One release or one gallery: whose videos. */
export type VideoOwner = { pressReleaseId: number } | { galleryId: number };

/** May the user edit the owner's videos: 'missing' when there is no such owner, else whether they may. */
export async function ownerEditableBy(
  db: Executor,
  user: AuthUser,
  owner: VideoOwner,
  now: Date,
): Promise<'missing' | 'editable' | 'forbidden'> {
  if ('pressReleaseId' in owner) {
    const found = await releaseForReader(db, owner.pressReleaseId, { user, siteId: 0, now });
    if (!found) return 'missing';
    return canEdit(editorOf(user), found.release) ? 'editable' : 'forbidden';
  }
  const found = await galleryWithCategory(db, owner.galleryId, now);
  if (!found) return 'missing';
  return canEditGallery(user, found.gallery) ? 'editable' : 'forbidden';
}

/**
 * Whether the owner is seen by the reader on the reader's site, or by the viewer a signed link names: a
 * release by the releases' rule (or the link's scope), a gallery as the press area's (a signed link's viewer,
 * else a signed-in user of the press area).
 */
export async function ownerSeenBy(
  db: Executor,
  owner: VideoOwner,
  reader: Reader,
  named: LinkViewer | null,
): Promise<boolean> {
  if ('pressReleaseId' in owner) {
    if (named?.preview !== undefined) {
      return previewLinkServes(db, named.preview, owner.pressReleaseId, reader.now);
    }
    const found = await releaseForReader(db, owner.pressReleaseId, reader);
    if (!found) return false;
    return found.readable || (named !== null && releaseLinkServes(named, found.release, reader.now));
  }
  const found = await galleryWithCategory(
    db,
    owner.galleryId,
    reader.now,
    (named ?? reader).user?.id ?? null,
  );
  if (!found) return false;
  const viewer = named ?? (hasPressAccess(reader.user) ? { user: reader.user, siteId: reader.siteId } : null);
  return viewer !== null && canSeeGallery(viewer, found.gallery, found.category);
}

/**
 * Whether a press reader's signed link (a basket's, across sites) may still serve the owner's videos: a
 * release's while the press may read it, a gallery's while it is published and listed on some site.
 */
export async function ownerStillServed(db: Executor, owner: VideoOwner, now: Date): Promise<boolean> {
  if ('pressReleaseId' in owner) {
    const found = await releaseForReader(db, owner.pressReleaseId, { user: null, siteId: 0, now });
    return (found?.pressReadable ?? false) && (found?.release.groups.length ?? 0) > 0;
  }
  const found = await galleryWithCategory(db, owner.galleryId, now);
  return found ? stillPublished(found.gallery, found.category) : false;
}

/**
 * Who finds videos across releases and galleries (the picture search): as a gallery by the galleries' rule,
 * as a release by the releases' rule on `releaseSite` (null: any site, for the press office).
 */
export interface VideoSearchViewer {
  gallery: GalleryViewer;
  release: Viewer;
  releaseSite: number | null;
}

/**
 * ownerSeenBy as a condition on `videos` joined (left) to its gallery as `galleries` and its release as
 * `press_releases`: a gallery's video is seen exactly when gallerySeenBy sees its gallery, a release's when
 * visibleTo reads its release on the site, as the pictures beside them in the same search.
 */
export function videoSeenBy(viewer: VideoSearchViewer, now: Date): SQL {
  const onSite = viewer.releaseSite === null ? sql`` : sql` and ${releaseOnSite(viewer.releaseSite)}`;
  return sql`((videos.gallery_id is not null and ${gallerySeenBy(viewer.gallery, now)})
    or (videos.press_release_id is not null and ${visibleTo(viewer.release)}${onSite}))`;
}
