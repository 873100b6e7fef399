import { contentKinds } from '@pressroom/db';
import type { FastifyInstance } from 'fastify';
import { nextGalleryRelease, nextVisibilityChange } from '../../access/index.ts';
import { readContentVersions } from '../../lib/content-versions.ts';
import { VersionedCache } from '../../lib/versioned-cache.ts';
import type {
  FoundPicture,
  GalleryPictureShown,
  PictureCounts,
  ReleasePictureShown,
  VideosShown,
} from './picture-search-repository.ts';

/** Searches kept per server: a few numbers each, keyed by what readers ask. */
const maxKeptCounts = 5000;
/** Pages kept per server: at most 48 pictures or videos each, a few dozen fields each (about 1 KB). */
const maxKeptPages = 1000;

/** A page: the pictures found, in order, and what shows them to any reader of the same key. */
export interface KeptPage {
  found: FoundPicture[];
  gallery: GalleryPictureShown[];
  release: ReleasePictureShown[];
  video: VideosShown;
}

/** The pictures' content at a moment: its version, and when it next changes without a write. */
export interface PictureMoment {
  /** The version answers are kept at: the galleries' and the releases' together. */
  version: number;
  /** Some gallery is held until an event's start: who reads it before then is the reader's own. */
  galleriesHeld: boolean;
  /** The first moment a picture changes hands without a write (null: not before the next write). */
  until: Date | null;
}

/**
 * How many pictures a search finds and which are on a page (with what shows them: captions, sizes, their
 * gallery or release), kept per server while nothing they depend on has changed: an exact count of a common
 * word reads every match (thousands of pictures), the version it is kept at is one small row. Every statement
 * that writes what a search reads raises the galleries' or the releases' content version (triggers,
 * migrations 0003 and 0043), in the writer's own transaction and whichever server writes; time changes what a
 * reader sees without a write (a scheduled release comes out, an event holding a gallery or a release
 * starts), so an answer is kept only until the first such moment. Keys hold the search and what the access
 * rules read of its reader; what is the reader's own (their basket, their links) is read or made at every
 * request.
 */
export function createPictureSearchAnswers(app: FastifyInstance) {
  const counts = new VersionedCache<PictureCounts>(maxKeptCounts);
  const pages = new VersionedCache<KeptPage>(maxKeptPages);
  // The next moment pictures change hands is the same for every search until it passes or something is
  // written: asked once, not once per search computed.
  const changes = new VersionedCache<Omit<PictureMoment, 'version'>>(1);

  return {
    /** The content's version and its next change without a write, at `now`. */
    async moment(now: Date): Promise<PictureMoment> {
      const version = await readContentVersions(app.db, [contentKinds.galleries, contentKinds.pressReleases]);
      const next = await changes.get('next', version, now, async () => {
        const [releases, galleries] = await Promise.all([
          nextVisibilityChange(app.db, now),
          nextGalleryRelease(app.db, now),
        ]);
        const moments = [releases, galleries].filter((moment): moment is Date => moment !== null);
        const until = moments.length === 0 ? null : new Date(Math.min(...moments.map(Number)));
        return { value: { galleriesHeld: galleries !== null, until }, validUntil: until };
      });
      return { version, ...next };
    },

    /** The counts kept for the search `key` at this moment, else what `compute` counts. */
    counts(key: string, moment: PictureMoment, now: Date, compute: () => Promise<PictureCounts>) {
      return counts.get(key, moment.version, now, async () => ({
        value: await compute(),
        validUntil: moment.until,
      }));
    },

    /** The page kept for `key` (the search's, and the page's place) at this moment, else what `compute` reads. */
    page(key: string, moment: PictureMoment, now: Date, compute: () => Promise<KeptPage>) {
      return pages.get(key, moment.version, now, async () => ({
        value: await compute(),
        validUntil: moment.until,
      }));
    },
  };
}

export type PictureSearchAnswers = ReturnType<typeof createPictureSearchAnswers>;
