import type { GalleryStatus, GalleryTreeNode, LocalizedText } from '@pressroom/contract';
import type { FastifyInstance } from 'fastify';
import {
  canEditGallery,
  canPublishGallery,
  canSeeGallery,
  type GalleryViewer,
  managesAllGalleries as managesAll,
} from '../../access/index.ts';
import { notFound, permissionDenied, validationError } from '../../lib/api-error.ts';
import { distinctKeywords } from '../../lib/embedded-description.ts';
import { withoutEmpty } from '../../lib/localized-text.ts';
import type { ReceivedForm } from '../../lib/uploads.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { forgetFiles, storeImages } from './image-store.ts';
import type { CategoryRow } from './repository.ts';
import * as repository from './repository.ts';
import * as tags from './tags-repository.ts';

/** Who looks at galleries: the user (null: anyone) and the site asked. */
export type Viewer = GalleryViewer;

// The signed links' viewer is read the same way for every feature's files.
export { linkViewer, withScope } from '../../lib/signed-urls.ts';

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
  return repository.insertCategory(app.db, {
    parentId: input.parent,
    names: withoutEmpty(input.name),
    position,
    groupIds: groups,
  });
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
  return repository.updateCategory(app.db, id, {
    ...(input.name ? { names: withoutEmpty(input.name) } : {}),
    ...(input.parent !== undefined ? { parentId: input.parent } : {}),
    ...(input.position !== undefined ? { position: input.position } : {}),
    ...(groups ? { groupIds: groups } : {}),
  });
}

export async function deleteCategory(app: FastifyInstance, user: AuthUser | null, id: number) {
  requireManager(user);
  const category = await repository.findCategory(app.db, id);
  if (!category) throw notFound();
  if (await repository.categoryHasContent(app.db, id))
    throw validationError({ non_field_errors: ['categoryNotEmpty'] });
  await repository.deleteCategory(app.db, id);
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
  return repository.insertGallery(app.db, {
    categoryId: category.id,
    names: withoutEmpty(input.name),
    position,
    companyId,
    status: input.status ?? (all ? 'published' : 'draft'),
  });
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
  return repository.updateGallery(app.db, id, {
    ...(input.name ? { names: withoutEmpty(input.name) } : {}),
    ...(input.category !== undefined ? { categoryId: input.category } : {}),
    ...(input.position !== undefined ? { position: input.position } : {}),
    ...(input.status !== undefined ? { status: input.status } : {}),
  });
}

export async function deleteGallery(app: FastifyInstance, user: AuthUser | null, id: number) {
  await editableGallery(app, user, id);
  const images = await repository.deleteGallery(app.db, id);
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

async function editableImage(app: FastifyInstance, user: AuthUser | null, id: number) {
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
    ...(input.caption ? { captions: withoutEmpty(input.caption) } : {}),
    ...(input.alt_text ? { altTexts: withoutEmpty(input.alt_text) } : {}),
    ...(input.credit !== undefined ? { credit: input.credit } : {}),
    ...(input.usage_terms !== undefined ? { usageTerms: input.usage_terms } : {}),
    ...(input.keywords !== undefined ? { keywords: distinctKeywords(input.keywords) } : {}),
    ...(input.position !== undefined ? { position: input.position } : {}),
  };
  if (Object.keys(changes).length === 0) return found;
  return { ...found, image: await repository.updateImage(app.db, id, changes) };
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
  await repository.deleteImage(app.db, id);
  await forgetFiles(app, [image]);
}

/** A viewer may read an image file when they may see its gallery. */
export async function visibleImage(app: FastifyInstance, viewer: Viewer, id: number) {
  const found = await repository.findImage(app.db, id, app.clock.now(), viewer.user?.id ?? null);
  if (!found || !canSeeGallery(viewer, found.gallery, found.category)) throw notFound();
  return found;
}
