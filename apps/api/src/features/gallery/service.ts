import {
  type GalleryStatus,
  type GalleryTreeNode,
  type LocalizedText,
  pickLocalized,
  translateMessage,
} from '@pressroom/contract';
import { galleries, galleryCategories, galleryImages, type ImageRenditionFacts } from '@pressroom/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  canEditGallery,
  canPublishGallery,
  canSeeGallery,
  type GalleryViewer,
  galleryLinkScope as linkScope,
  managesAllGalleries as managesAll,
} from '../../access/index.ts';
import { ApiError, notFound, permissionDenied, validationError } from '../../lib/api-error.ts';
import {
  distinctKeywords,
  type EmbeddedDescription,
  readEmbeddedDescription,
} from '../../lib/embedded-description.ts';
import {
  makeRenditions,
  renditionsStored,
  renditionWorkDirectory,
  writeRenditions,
} from '../../lib/image-renditions.ts';
import { checksumKey, type ReceivedForm, storeByChecksum } from '../../lib/uploads.ts';
import { formatBytes, safeEntryName, type ZipFileEntry } from '../../lib/zip-download.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { findVideos, type VideoRow, videosOfOwner } from '../videos/index.ts';
import {
  type ImageFacts,
  imageFileKeys,
  readImageFacts,
  removeImageFiles,
  writeDerivatives,
} from './image-files.ts';
import type { CategoryRow, GalleryRow, ImageRow } from './repository.ts';
import * as repository from './repository.ts';
import { imageKeywordsText } from './repository.ts';
import * as tags from './tags-repository.ts';

/** Who looks at galleries: the user (null: anyone) and the site asked. */
export type Viewer = GalleryViewer;

// The signed links' viewer is read the same way for every feature's files.
export { linkViewer, scopedSigner, withScope } from '../../lib/signed-urls.ts';

function cleanText(text: LocalizedText): Record<string, string> {
  return Object.fromEntries(Object.entries(text).filter(([, value]) => value && value.length > 0)) as Record<
    string,
    string
  >;
}

export async function galleryTree(
  app: FastifyInstance,
  viewer: Viewer,
  options: { allSites?: boolean } = {},
): Promise<GalleryTreeNode[]> {
  // The whole tree, every site's, is for the press office's editing screen only.
  const allSites = Boolean(options.allSites && managesAll(viewer.user));
  const categories = await repository.listCategories(app.db, allSites ? null : viewer.siteId);
  const rows = await repository.listGalleriesWithCounts(
    app.db,
    categories.map((category) => category.id),
    app.clock.now(),
    viewer.user?.id ?? null,
  );
  const nodes = new Map<number, GalleryTreeNode>();
  for (const category of categories) {
    nodes.set(category.id, {
      id: category.id,
      name: category.names,
      position: category.position,
      groups: category.groupIds,
      childs: [],
      galleries: [],
    });
  }
  const byId = new Map(categories.map((category) => [category.id, category]));
  for (const { gallery, imageCount } of rows) {
    const category = byId.get(gallery.categoryId);
    if (!category || !canSeeGallery(viewer, gallery, category)) continue;
    nodes.get(gallery.categoryId)?.galleries.push({
      id: gallery.id,
      name: gallery.names,
      position: gallery.position,
      status: gallery.status as GalleryStatus,
      company_id: gallery.companyId,
      image_count: Number(imageCount),
    });
  }
  const roots: GalleryTreeNode[] = [];
  for (const category of categories) {
    const node = nodes.get(category.id) as GalleryTreeNode;
    if (category.parentId === null) roots.push(node);
    else nodes.get(category.parentId)?.childs.push(node);
    // A child whose parent is not on this site is unreachable, so it is left out with its parent.
  }
  return roots;
}

export async function visibleGallery(app: FastifyInstance, viewer: Viewer, id: number) {
  const found = await repository.findGallery(app.db, id, app.clock.now(), viewer.user?.id ?? null);
  if (!found || !canSeeGallery(viewer, found.gallery, found.category)) throw notFound();
  return found;
}

/** The categories from the root down to the given one. */
export async function categoryPath(app: FastifyInstance, categoryId: number) {
  const all = await repository.listCategories(app.db, null);
  const byId = new Map(all.map((category) => [category.id, category]));
  const trail: CategoryRow[] = [];
  for (
    let current = byId.get(categoryId);
    current;
    current = current.parentId ? byId.get(current.parentId) : undefined
  ) {
    trail.unshift(current);
    if (trail.length > all.length) break;
  }
  return trail;
}

// ---------------------------------------------------------------- downloads

/** One credit line of a download: its credit and terms, how many pictures and videos, and their names. */
export interface DownloadCredit {
  credit: string;
  usage_terms: string;
  image_count: number;
  video_count: number;
  files: string[];
}

/** The credit lines of a download's files, grouped by credit and terms in the order first met. */
export function groupCredits(
  files: { credit: string; usageTerms: string; name: string; kind: 'image' | 'video' }[],
): DownloadCredit[] {
  const credits = new Map<string, DownloadCredit>();
  for (const file of files) {
    const key = JSON.stringify([file.credit, file.usageTerms]);
    const entry = credits.get(key) ?? {
      credit: file.credit,
      usage_terms: file.usageTerms,
      image_count: 0,
      video_count: 0,
      files: [],
    };
    if (file.kind === 'image') entry.image_count++;
    else entry.video_count++;
    entry.files.push(file.name);
    credits.set(key, entry);
  }
  return [...credits.values()];
}

/** A credit line as the download's answer shows it (without the names, which are in CREDITS.txt). */
export const presentCredit = ({ credit, usage_terms, image_count, video_count, files }: DownloadCredit) => ({
  credit,
  usage_terms,
  image_count,
  video_count,
  file_count: files.length,
});

export interface DownloadPlan {
  fileName: string;
  images: { image: ImageRow; gallery: GalleryRow }[];
  /** The gallery's videos (or those of the selection), as their originals. */
  videos: VideoRow[];
  totalSize: number;
  credits: DownloadCredit[];
  /** What the download's signed link must say of its viewer (linkScope). */
  scope: string;
}

/** Of the videos named, those of galleries `viewer` may see, with those galleries (for the link's scope). */
async function selectedVideos(app: FastifyInstance, viewer: Viewer, ids: number[]) {
  const rows = (await findVideos(app, ids)).filter((video) => video.galleryId !== null);
  const seen = new Map<number, { gallery: GalleryRow; category: CategoryRow } | null>();
  for (const galleryId of new Set(rows.map((video) => video.galleryId as number))) {
    const found = await repository.findGallery(app.db, galleryId, app.clock.now(), viewer.user?.id ?? null);
    seen.set(
      galleryId,
      found && canSeeGallery(viewer, found.gallery, found.category)
        ? { gallery: found.gallery, category: found.category }
        : null,
    );
  }
  return {
    videos: rows.filter((video) => seen.get(video.galleryId as number)),
    shown: [...seen.values()].filter((found) => found !== null),
  };
}

/**
 * The pictures and videos a download holds, as `viewer` may see them now. `fromLink`: asked by a signed link,
 * whose files are checked again as it is fetched; when none is left (drafts again, off the site, deleted) the
 * link is stale, a 404.
 */
export async function planDownload(
  app: FastifyInstance,
  viewer: Viewer,
  selection: { gallery?: number; images?: number[]; videos?: number[] },
  language: string,
  { fromLink = false }: { fromLink?: boolean } = {},
): Promise<DownloadPlan> {
  let rows: Awaited<ReturnType<typeof repository.imagesWithGalleries>>;
  let videos: VideoRow[];
  let shown: { gallery: GalleryRow; category: CategoryRow }[];
  let baseName: string;
  if (selection.gallery !== undefined) {
    const found = await visibleGallery(app, viewer, selection.gallery);
    const { gallery } = found;
    rows = await repository.imagesWithGalleries(
      app.db,
      eq(galleryImages.galleryId, gallery.id),
      app.clock.now(),
      viewer.user?.id ?? null,
    );
    videos = await videosOfOwner(app, { galleryId: gallery.id });
    shown = [...rows, found];
    baseName = pickLocalized(gallery.names, language) || `gallery-${gallery.id}`;
  } else {
    const ids = [...new Set(selection.images ?? [])];
    rows =
      ids.length === 0
        ? []
        : await repository.imagesWithGalleries(
            app.db,
            inArray(galleryImages.id, ids),
            app.clock.now(),
            viewer.user?.id ?? null,
          );
    rows = rows.filter((row) => canSeeGallery(viewer, row.gallery, row.category));
    const selected = await selectedVideos(app, viewer, [...new Set(selection.videos ?? [])]);
    videos = selected.videos;
    shown = [...rows, ...selected.shown];
    baseName = `press-gallery-selection-${app.clock.now().toISOString().slice(0, 10)}`;
  }
  if (rows.length + videos.length === 0) {
    if (fromLink) throw notFound();
    throw validationError({ non_field_errors: ['nothingToDownload'] });
  }
  const totalSize =
    rows.reduce((total, row) => total + row.image.size, 0) +
    videos.reduce((total, video) => total + video.fileSize, 0);
  if (totalSize > app.config.downloadMaxBytes) {
    throw new ApiError(
      400,
      { detail: 'downloadTooLarge' },
      { size: formatBytes(totalSize), limit: formatBytes(app.config.downloadMaxBytes) },
    );
  }
  return {
    fileName: `${safeEntryName(baseName, 'gallery').replace(/\s+/g, '-')}.zip`,
    images: rows.map(({ image, gallery }) => ({ image, gallery })),
    videos,
    totalSize,
    credits: groupCredits([
      ...rows.map(({ image }) => ({
        credit: image.credit,
        usageTerms: image.usageTerms,
        name: image.originalName,
        kind: 'image' as const,
      })),
      ...videos.map((video) => ({
        credit: video.credit,
        usageTerms: '',
        name: video.fileName,
        kind: 'video' as const,
      })),
    ]),
    scope: linkScope(viewer, shown),
  };
}

/** CREDITS.txt: who to credit and on which terms, in the reader's language, with the files concerned. */
export function creditsText(
  plan: Pick<DownloadPlan, 'credits'>,
  language: string,
  siteName: string,
  date: Date,
) {
  const t = (key: string, params?: Record<string, string | number>) =>
    translateMessage(language, key, params);
  const lines = [
    t('creditsHeading'),
    '',
    t('creditsIntro', { site: siteName, date: date.toISOString().slice(0, 10) }),
    '',
  ];
  for (const entry of plan.credits) {
    lines.push(`${t('creditLabel')}: ${entry.credit || t('noCreditGiven')}`);
    if (entry.usage_terms) lines.push(`${t('usageTermsLabel')}: ${entry.usage_terms}`);
    lines.push(`${t('filesLabel')} (${entry.files.length}): ${entry.files.join(', ')}`, '');
  }
  return lines.join('\r\n');
}

export function zipEntries(plan: DownloadPlan): ZipFileEntry[] {
  return [
    ...plan.images.map(({ image }) => ({
      key: image.storagePath,
      name: image.originalName,
      mime: image.mime,
      date: image.createdAt,
    })),
    ...plan.videos.map((video) => ({
      key: video.fileKey,
      name: video.fileName,
      mime: video.contentType,
      date: video.createdAt,
    })),
  ];
}

// ---------------------------------------------------------------- editing: categories

function requireManager(user: AuthUser | null) {
  if (!managesAll(user)) throw permissionDenied();
}

async function existingGroups(app: FastifyInstance, groups: number[]) {
  const known = new Set([...app.sites.byName.values()].map((site) => site.id));
  if (groups.some((id) => !known.has(id))) throw validationError({ groups: ['fieldInvalid'] });
  return [...new Set(groups)];
}

export async function createCategory(
  app: FastifyInstance,
  user: AuthUser | null,
  siteId: number,
  input: { name: LocalizedText; parent: number | null; position?: number; groups?: number[] },
) {
  requireManager(user);
  let parent: CategoryRow | undefined;
  if (input.parent !== null) {
    parent = await repository.findCategory(app.db, input.parent);
    if (!parent) throw validationError({ parent: ['fieldInvalid'] });
  }
  const groups = await existingGroups(app, input.groups ?? parent?.groupIds ?? [siteId]);
  const position = input.position ?? (await repository.nextCategoryPosition(app.db, input.parent));
  const [row] = await app.db
    .insert(galleryCategories)
    .values({ parentId: input.parent, names: cleanText(input.name), position, groupIds: groups })
    .returning();
  return row;
}

export async function updateCategory(
  app: FastifyInstance,
  user: AuthUser | null,
  id: number,
  input: { name?: LocalizedText; parent?: number | null; position?: number; groups?: number[] },
) {
  requireManager(user);
  const category = await repository.findCategory(app.db, id);
  if (!category) throw notFound();
  if (input.parent !== undefined && input.parent !== null) {
    const all = await repository.listCategories(app.db, null);
    const below = new Set([id]);
    // Everything under the moved category (any depth) may not become its parent.
    for (let grew = true; grew; ) {
      grew = false;
      for (const candidate of all) {
        if (candidate.parentId !== null && below.has(candidate.parentId) && !below.has(candidate.id)) {
          below.add(candidate.id);
          grew = true;
        }
      }
    }
    if (below.has(input.parent)) throw validationError({ parent: ['categoryCycle'] });
    if (!all.some((candidate) => candidate.id === input.parent))
      throw validationError({ parent: ['fieldInvalid'] });
  }
  const groups = input.groups ? await existingGroups(app, input.groups) : undefined;
  const [row] = await app.db
    .update(galleryCategories)
    .set({
      ...(input.name ? { names: cleanText(input.name) } : {}),
      ...(input.parent !== undefined ? { parentId: input.parent } : {}),
      ...(input.position !== undefined ? { position: input.position } : {}),
      ...(groups ? { groupIds: groups } : {}),
    })
    .where(eq(galleryCategories.id, id))
    .returning();
  return row;
}

export async function deleteCategory(app: FastifyInstance, user: AuthUser | null, id: number) {
  requireManager(user);
  const category = await repository.findCategory(app.db, id);
  if (!category) throw notFound();
  if (await repository.categoryHasContent(app.db, id))
    throw validationError({ non_field_errors: ['categoryNotEmpty'] });
  await app.db.delete(galleryCategories).where(eq(galleryCategories.id, id));
}

// ---------------------------------------------------------------- editing: galleries

export async function createGallery(
  app: FastifyInstance,
  user: AuthUser | null,
  input: { name: LocalizedText; category: number; position?: number; status?: GalleryStatus },
) {
  const all = managesAll(user);
  if (!all && !(user?.permissions.has('gallery.write_own_company') && user.companyId !== null)) {
    throw permissionDenied();
  }
  const category = await repository.findCategory(app.db, input.category);
  if (!category) throw validationError({ category: ['fieldInvalid'] });
  const companyId = all ? null : (user?.companyId ?? null);
  if (input.status === 'published' && !canPublishGallery(user, { companyId })) throw permissionDenied();
  const position = input.position ?? (await repository.nextGalleryPosition(app.db, category.id));
  const [row] = await app.db
    .insert(galleries)
    .values({
      categoryId: category.id,
      names: cleanText(input.name),
      position,
      companyId,
      status: input.status ?? (all ? 'published' : 'draft'),
    })
    .returning();
  return row;
}

export async function editableGallery(app: FastifyInstance, user: AuthUser | null, id: number) {
  const found = await repository.findGallery(app.db, id, app.clock.now());
  if (!found) throw notFound();
  if (!canEditGallery(user, found.gallery)) throw permissionDenied();
  return found;
}

export async function updateGallery(
  app: FastifyInstance,
  user: AuthUser | null,
  id: number,
  input: { name?: LocalizedText; category?: number; position?: number; status?: GalleryStatus },
) {
  const { gallery } = await editableGallery(app, user, id);
  const publishing = input.status !== undefined && input.status !== gallery.status;
  if (publishing && !canPublishGallery(user, gallery)) throw permissionDenied();
  if (input.category !== undefined && !(await repository.findCategory(app.db, input.category))) {
    throw validationError({ category: ['fieldInvalid'] });
  }
  const [row] = await app.db
    .update(galleries)
    .set({
      ...(input.name ? { names: cleanText(input.name) } : {}),
      ...(input.category !== undefined ? { categoryId: input.category } : {}),
      ...(input.position !== undefined ? { position: input.position } : {}),
      ...(input.status !== undefined ? { status: input.status } : {}),
    })
    .where(eq(galleries.id, id))
    .returning();
  return row;
}

async function forgetFiles(app: FastifyInstance, images: ImageRow[]) {
  for (const image of images) {
    if ((await repository.checksumUses(app.db, image.checksum)) === 0) {
      await removeImageFiles(app.storage, image.storagePath, image.checksum);
    }
  }
}

export async function deleteGallery(app: FastifyInstance, user: AuthUser | null, id: number) {
  await editableGallery(app, user, id);
  const images = await app.db.select().from(galleryImages).where(eq(galleryImages.galleryId, id));
  await app.db.delete(galleries).where(eq(galleries.id, id));
  await forgetFiles(app, images);
}

// ---------------------------------------------------------------- editing: images

/**
 * Adds every uploaded image to a gallery, or none: each file is checked to be a readable image first (the
 * answer names the ones that are not), then stored by checksum with its thumbnail and preview, then recorded
 * in one transaction. Credit and usage terms given with the upload apply to each image; an image uploaded
 * without a credit keeps the one its photographer wrote into the file, and its caption (in the uploader's
 * language); every image keeps the keywords written into it.
 */
export async function addImages(
  app: FastifyInstance,
  user: AuthUser | null,
  galleryId: number,
  form: ReceivedForm,
  language: string,
) {
  await editableGallery(app, user, galleryId);
  if (form.files.length === 0) throw validationError({ files: ['fileRequired'] });
  const credit = (form.field('credit') ?? '').trim();
  const usageTerms = (form.field('usage_terms') ?? '').trim();
  if (credit.length > 300) throw validationError({ credit: ['tooLong'] });
  if (usageTerms.length > 5000) throw validationError({ usage_terms: ['tooLong'] });
  return storeImages(app, galleryId, form.files, { credit, usageTerms, captionLanguage: language });
}

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
    const given = cleanText(details.captions?.[index] ?? {});
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
        altTexts: cleanText(details.altTexts?.[index] ?? {}),
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
      return tx.insert(galleryImages).values(values).returning();
    });
  }
}

export async function editableImage(app: FastifyInstance, user: AuthUser | null, id: number) {
  const found = await repository.findImage(app.db, id, app.clock.now());
  if (!found) throw notFound();
  if (!canEditGallery(user, found.gallery)) throw permissionDenied();
  return found;
}

export async function updateImage(
  app: FastifyInstance,
  user: AuthUser | null,
  id: number,
  input: {
    caption?: LocalizedText;
    alt_text?: LocalizedText;
    credit?: string;
    usage_terms?: string;
    keywords?: string[];
    position?: number;
    companies?: number[];
    brands?: number[];
  },
) {
  const found = await editableImage(app, user, id);
  await checkTagsExist(app, input);
  if (input.companies || input.brands) {
    await tags.replaceImageTags(app.db, id, { companies: input.companies, brands: input.brands });
  }
  const changes = {
    ...(input.caption ? { captions: cleanText(input.caption) } : {}),
    ...(input.alt_text ? { altTexts: cleanText(input.alt_text) } : {}),
    ...(input.credit !== undefined ? { credit: input.credit } : {}),
    ...(input.usage_terms !== undefined ? { usageTerms: input.usage_terms } : {}),
    ...(input.keywords !== undefined ? { keywords: distinctKeywords(input.keywords) } : {}),
    ...(input.position !== undefined ? { position: input.position } : {}),
  };
  if (Object.keys(changes).length === 0) return found;
  const [row] = await app.db.update(galleryImages).set(changes).where(eq(galleryImages.id, id)).returning();
  return { ...found, image: row };
}

/** Every tag names an existing company or brand; otherwise nothing is written. */
async function checkTagsExist(app: FastifyInstance, input: { companies?: number[]; brands?: number[] }) {
  const errors: Record<string, ['fieldInvalid']> = {};
  for (const kind of ['companies', 'brands'] as const) {
    const wanted = input[kind] ?? [];
    const found = await tags.existingIds(app.db, kind, wanted);
    if (wanted.some((id) => !found.has(id))) errors[kind] = ['fieldInvalid'];
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

export async function deleteImage(app: FastifyInstance, user: AuthUser | null, id: number) {
  const { image } = await editableImage(app, user, id);
  await app.db.delete(galleryImages).where(and(eq(galleryImages.id, id)));
  await forgetFiles(app, [image]);
}

/** A viewer may read an image file when they may see its gallery. */
export async function visibleImage(app: FastifyInstance, viewer: Viewer, id: number) {
  const found = await repository.findImage(app.db, id, app.clock.now(), viewer.user?.id ?? null);
  if (!found || !canSeeGallery(viewer, found.gallery, found.category)) throw notFound();
  return found;
}

export const imageSearchText = sql`(${galleryImages.captions}::text || ' ' || ${galleryImages.credit} || ' ' || ${imageKeywordsText} || ' ' || ${galleryImages.originalName})`;

// ---------------------------------------------------------------- renditions

/**
 * Makes an image's web and print renditions if they are missing (an image uploaded before they existed, or a
 * file lost): written once, then kept; the sizes are recorded for the lists. Two servers doing it at once
 * put the same bytes under the same keys.
 */
export async function ensureRenditions(app: FastifyInstance, image: ImageRow) {
  if (image.renditions && (await renditionsStored(app, image))) return image.renditions;
  const renditions = await makeRenditions(app, image);
  await app.db.update(galleryImages).set({ renditions }).where(eq(galleryImages.id, image.id));
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
      const [row] = await tx
        .select()
        .from(galleryImages)
        .where(sql`${galleryImages.renditions} is null`)
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return false;
      try {
        const renditions = await makeRenditions(app, row);
        await tx.update(galleryImages).set({ renditions }).where(eq(galleryImages.id, row.id));
      } catch (error) {
        // A missing or unreadable original: its downloads fail as before; the others go on.
        app.log.warn({ err: error, image: row.id }, 'could not make the renditions of an image');
        await tx
          .update(galleryImages)
          .set({ renditions: { original: rowFacts(row), web: rowFacts(row), print: rowFacts(row) } })
          .where(eq(galleryImages.id, row.id));
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
