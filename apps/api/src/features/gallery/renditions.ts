import type { FastifyInstance } from 'fastify';
import { makeRenditions, renditionsStored } from '../../lib/image-renditions.ts';
import type { ImageRow } from './repository.ts';
import * as repository from './repository.ts';

// The web and print renditions of gallery images stored before they existed: made on a file's first asking,
// or in the background once the server is up.

/**
 * Makes an image's web and print renditions if they are missing (an image uploaded before they existed, or a
 * file lost): written once, then kept; the sizes are recorded for the lists. Two servers doing it at once
 * put the same bytes under the same keys.
 */
export async function ensureRenditions(app: FastifyInstance, image: ImageRow) {
  if (image.renditions && (await renditionsStored(app, image))) return image.renditions;
  const renditions = await makeRenditions(app, image);
  await repository.setRenditions(app.db, image.id, renditions);
  return renditions;
}

/**
 * Fills in the renditions of images stored before they existed, a few at a time, each claimed by one server
 * (SKIP LOCKED); started when the app is ready, it stops when none is left.
 */
export async function fillMissingRenditions(app: FastifyInstance) {
  let made = 0;
  for (;;) {
    const done = await app.db.transaction(async (tx) => {
      const row = await repository.claimImageWithoutRenditions(tx);
      if (!row) return false;
      try {
        const renditions = await makeRenditions(app, row);
        await repository.setRenditions(tx, row.id, renditions);
      } catch (error) {
        // A missing or unreadable original: its downloads fail as before; the others go on.
        app.log.warn({ err: error, image: row.id }, 'could not make the renditions of an image');
        await repository.setRenditions(tx, row.id, {
          original: rowFacts(row),
          web: rowFacts(row),
          print: rowFacts(row),
        });
      }
      return true;
    });
    if (!done) return made;
    made += 1;
  }
}

const rowFacts = (row: ImageRow) => ({
  width: row.width,
  height: row.height,
  size: row.size,
  mime: row.mime,
});
