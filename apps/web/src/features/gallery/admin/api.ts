import {
  apiPaths,
  type GalleryDetail,
  type GalleryImage,
  type GalleryStatus,
  type GalleryTreeNode,
  type LocalizedText,
  type Page,
} from '@pressroom/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, queryString } from '../../../lib/api-client.ts';
import { sendMultipart } from '../../../lib/multipart-upload.ts';

export interface GalleryCategory {
  id: number;
  parent: number | null;
  name: Record<string, string>;
  position: number;
  groups: number[];
}

/** The tree the editing screen works on: every site's for the press office, this site's for company agents. */
export const adminTreeQuery = (allSites: boolean) =>
  queryOptions({
    queryKey: ['gallery-admin-tree', allSites],
    queryFn: ({ signal }) =>
      apiRequest<GalleryTreeNode[]>(
        `${apiPaths.galleryTree}${queryString({ all_sites: allSites ? 'true' : null })}`,
        { signal },
      ),
  });

export const adminGalleryQuery = (id: number) =>
  queryOptions({
    queryKey: ['gallery-admin', id],
    queryFn: ({ signal }) => apiRequest<GalleryDetail>(apiPaths.gallery(id), { signal }),
  });

/** Every image of a gallery, in order (the editing screen lists them all, a page of 100 at a time). */
export const adminImagesQuery = (id: number) =>
  queryOptions({
    queryKey: ['gallery-admin-images', id],
    queryFn: async ({ signal }) => {
      const images: GalleryImage[] = [];
      for (let page = 1; ; page++) {
        const answer = await apiRequest<Page<GalleryImage>>(
          `${apiPaths.galleryImages(id)}${queryString({ page, page_size: 100 })}`,
          { signal },
        );
        images.push(...answer.results);
        if (!answer.next) return images;
      }
    },
  });

export const galleryAdminApi = {
  createCategory: (body: { name: LocalizedText; parent: number | null }) =>
    apiRequest<GalleryCategory>(apiPaths.galleryCategories, { method: 'POST', body }),
  updateCategory: (
    id: number,
    body: { name?: LocalizedText; parent?: number | null; position?: number; groups?: number[] },
  ) => apiRequest<GalleryCategory>(apiPaths.galleryCategory(id), { method: 'PATCH', body }),
  deleteCategory: (id: number) => apiRequest<null>(apiPaths.galleryCategory(id), { method: 'DELETE' }),
  /** A new gallery is always a draft: its images go in first, then the press office publishes it. */
  createGallery: (body: { name: LocalizedText; category: number }) =>
    apiRequest<GalleryDetail>(apiPaths.galleries, { method: 'POST', body: { ...body, status: 'draft' } }),
  updateGallery: (
    id: number,
    body: { name?: LocalizedText; category?: number; position?: number; status?: GalleryStatus },
  ) => apiRequest<GalleryDetail>(apiPaths.gallery(id), { method: 'PATCH', body }),
  deleteGallery: (id: number) => apiRequest<null>(apiPaths.gallery(id), { method: 'DELETE' }),
  updateImage: (
    id: number,
    body: {
      caption?: LocalizedText;
      alt_text?: LocalizedText;
      credit?: string;
      usage_terms?: string;
      keywords?: string[];
      position?: number;
      companies?: number[];
      brands?: number[];
    },
  ) => apiRequest<GalleryImage>(apiPaths.galleryImage(id), { method: 'PATCH', body }),
  /** Companies or brands whose name contains `search`: the image's tag pickers. */
  tagChoices: (kind: 'companies' | 'brands', search: string, signal?: AbortSignal) =>
    apiRequest<{ results: { id: number; name: string }[] }>(
      `${apiPaths.galleryTagChoices}${queryString({ kind, search })}`,
      { signal },
    ).then((answer) => answer.results),
  deleteImage: (id: number) => apiRequest<null>(apiPaths.galleryImage(id), { method: 'DELETE' }),
};

/** Uploads one image (one request per file, so each file has its own progress and its own error). */
export function uploadGalleryImage(
  galleryId: number,
  file: File,
  details: { credit: string; usageTerms: string },
  language: string,
  onProgress: (fraction: number) => void,
) {
  return sendMultipart<{ images: GalleryImage[] }>({
    method: 'POST',
    path: apiPaths.galleryImages(galleryId),
    fields: { credit: details.credit, usage_terms: details.usageTerms },
    files: { files: file },
    language,
    onProgress,
  });
}
