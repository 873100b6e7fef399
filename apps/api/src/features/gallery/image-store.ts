import type { LocalizedText } from '@pressroom/contract';
import type { ImageRenditionFacts } from '@pressroom/db';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../lib/api-error.ts';
import { type EmbeddedDescription, readEmbeddedDescription } from '../../lib/embedded-description.ts';
import { renditionWorkDirectory, writeRenditions } from '../../lib/image-renditions.ts';
import { withoutEmpty } from '../../lib/localized-text.ts';
import { checksumKey, storeByChecksum } from '../../lib/uploads.ts';
import { safeEntryName } from '../../lib/zip-download.ts';
import {
  type ImageFacts,
  imageFileKeys,
  readImageFacts,
  removeImageFiles,
  writeDerivatives,
} from './image-files.ts';
import type { ImageRow } from './repository.ts';
import * as repository from './repository.ts';

// A gallery's image files: uploads checked, stored by checksum with their thumbnails, previews and renditions,
// and recorded; the files of deleted images removed once no image holds them.

export interface IncomingImage {
  fileName: string;
  tempPath: string;
  size: number;
  checksum: string;
}

/**
 * Checks, stores and records images in a gallery (rights already checked): all of them or none. Each file must
 * be a readable image within the pixel limit (the answer names the first that is not); originals are stored by
 * checksum with their thumbnail and preview, then recorded in one transaction. What the caller gives (credit,
 * captions) wins; where it gives nothing, the description embedded in the file fills in.
 */
export async function storeImages(
  app: FastifyInstance,
  galleryId: number,
  files: IncomingImage[],
  details: {
    credit: string;
    usageTerms: string;
    captions?: LocalizedText[];
    altTexts?: LocalizedText[];
    /** The language an embedded caption is filed under. */
    captionLanguage?: string;
  },
) {
  const facts: ImageFacts[] = [];
  const embedded: EmbeddedDescription[] = [];
  for (const file of files) {
    const found = await readImageFacts(file.tempPath);
    if (!found) throw new ApiError(400, { files: ['notAnImage'] }, { name: file.fileName });
    const limit = app.config.imageMaxPixels;
    if (found.pixels > limit) {
      throw new ApiError(
        400,
        { files: ['imageTooManyPixels'] },
        { name: file.fileName, width: found.width, height: found.height, limit: limit / 1_000_000 },
      );
    }
    facts.push(found);
    embedded.push(await readEmbeddedDescription(file.tempPath));
  }
  const captionOf = (index: number) => {
    const given = withoutEmpty(details.captions?.[index] ?? {});
    if (Object.keys(given).length > 0 || !embedded[index].caption) return given;
    return { [details.captionLanguage ?? 'en']: embedded[index].caption };
  };
  const stored: string[] = [];
  const renditions: ImageRenditionFacts[] = [];
  // The keys this upload writes that no earlier image holds (the same bytes share their files): removed again
  // when anything fails (a full disk, the database), so no file stays that no row names.
  const written: string[] = [];
  try {
    return await storeAndRecord();
  } catch (error) {
    await Promise.all(written.map((key) => app.storage.delete(key).catch(() => undefined)));
    throw error;
  }

  async function storeAndRecord() {
    for (const [index, file] of files.entries()) {
      const keys = imageFileKeys(
        checksumKey('gallery/originals', file.checksum, facts[index].extension),
        file.checksum,
      );
      for (const key of keys) if (!(await app.storage.stat(key))) written.push(key);
      // Made from the upload while it is still a file here, before it goes into the store.
      await writeDerivatives(app.storage, file.tempPath, file.checksum, app.config.imageMaxPixels);
      renditions.push(
        await writeRenditions(
          app.storage,
          { ...facts[index], localPath: file.tempPath, size: file.size, checksum: file.checksum },
          app.config.imageMaxPixels,
          renditionWorkDirectory(app),
        ),
      );
      stored.push(
        await storeByChecksum(
          app.storage,
          'gallery/originals',
          file,
          facts[index].extension,
          facts[index].mime,
        ),
      );
    }
    return app.db.transaction(async (tx) => {
      let position = await repository.nextImagePosition(tx, galleryId);
      const values = files.map((file, index) => ({
        galleryId,
        position: position++,
        credit: details.credit || embedded[index].credit,
        usageTerms: details.usageTerms,
        keywords: embedded[index].keywords,
        captions: captionOf(index),
        altTexts: withoutEmpty(details.altTexts?.[index] ?? {}),
        originalName: safeEntryName(file.fileName, `image${facts[index].extension}`),
        storagePath: stored[index],
        size: file.size,
        mime: facts[index].mime,
        width: facts[index].width,
        height: facts[index].height,
        checksum: file.checksum,
        renditions: renditions[index],
        createdAt: app.clock.now(),
      }));
      return repository.insertImages(tx, values);
    });
  }
}

/** Removes the files of deleted images that no other image holds (the same bytes share their files). */
export async function forgetFiles(app: FastifyInstance, images: ImageRow[]) {
  for (const image of images) {
    if ((await repository.checksumUses(app.db, image.checksum)) === 0) {
      await removeImageFiles(app.storage, image.storagePath, image.checksum);
    }
  }
}
