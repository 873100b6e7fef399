// What other features may use of the videos: the videos of a release or a gallery as its reader's answer
// shows them (the release's and the gallery's detail), and as downloads (the gallery's and the basket's ZIPs)
// with who may see them. Everything else is inside.

import type { VideoForReader } from '@pressroom/contract';
import type { FastifyInstance } from 'fastify';
import type { PageVideo } from '../../lib/public-video.ts';
import { type Address, presentVideoForReader } from './presenters.ts';
import { captionsOf, type VideoOwner, videosByIds, videosOf } from './repository.ts';

export { presentPoster as videoPoster } from './presenters.ts';
export type { VideoRow } from './repository.ts';
export { videosSeenBy, videosStillServed } from './service.ts';

/** The videos of a release or gallery, in order (bounded), for a download that holds them. */
export const videosOfOwner = (app: FastifyInstance, owner: VideoOwner) => videosOf(app.db, owner);

/** Videos by id (a bounded list), whoever may see them: the caller checks with `videosSeenBy`. */
export const findVideos = (app: FastifyInstance, ids: number[]) => videosByIds(app.db, ids);

/**
 * The videos of a release or gallery the reader may already see, in order. `address` writes their files'
 * addresses (signed when the owner is not public); `isPublic` gives them an embed.
 */
export async function videosForReader(
  app: FastifyInstance,
  owner: VideoOwner,
  options: { language: string; address: Address; isPublic: boolean },
): Promise<VideoForReader[]> {
  const { rows, captions } = await videosWithCaptions(app, owner);
  return rows.map((row) => presentVideoForReader(row, captions, options));
}

/** The owner's videos in order, with the captions of them all (two statements whatever their number). */
async function videosWithCaptions(app: FastifyInstance, owner: VideoOwner) {
  const rows = await videosOf(app.db, owner);
  const captions = await captionsOf(
    app.db,
    rows.map((row) => row.id),
  );
  return { rows, captions };
}

/** A reader's video as the server-rendered pages take it (the original's name for its download). */
export const asPageVideo = (video: VideoForReader, fileName: string): PageVideo => ({
  src: video.src,
  download: video.download,
  fileName,
  contentType: video.content_type,
  title: video.title,
  credit: video.credit,
  durationMs: video.duration_ms,
  size: video.size,
  width: video.width,
  height: video.height,
  poster: video.poster,
  captions: video.captions,
});

/** The videos of a public release as its server-rendered page shows them (plain addresses: it is public). */
export async function releasePageVideos(
  app: FastifyInstance,
  pressReleaseId: number,
  language: string,
): Promise<PageVideo[]> {
  const { rows, captions } = await videosWithCaptions(app, { pressReleaseId });
  return rows.map((row) =>
    asPageVideo(
      presentVideoForReader(row, captions, {
        language,
        address: (pathAndQuery) => pathAndQuery,
        isPublic: true,
      }),
      row.fileName,
    ),
  );
}
