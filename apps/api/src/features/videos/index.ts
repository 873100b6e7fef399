// What other features may use of the videos: the videos of a release or a gallery as its reader's answer
// shows them (the release's and the gallery's detail). Everything else is inside.

import type { VideoForReader } from '@pressroom/contract';
import type { FastifyInstance } from 'fastify';
import { type Address, presentVideoForReader } from './presenters.ts';
import { captionsOf, type VideoOwner, videosOf } from './repository.ts';

export type { Address as VideoAddress } from './presenters.ts';

/**
 * The videos of a release or gallery the reader may already see, in order. `address` writes their files'
 * addresses (signed when the owner is not public); `isPublic` gives them an embed.
 */
export async function videosForReader(
  app: FastifyInstance,
  owner: VideoOwner,
  options: { language: string; address: Address; isPublic: boolean },
): Promise<VideoForReader[]> {
  const rows = await videosOf(app.db, owner);
  const captions = await captionsOf(
    app.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => presentVideoForReader(row, captions, options));
}
