import {
  apiPaths,
  type GalleryDetail,
  type GalleryDownload,
  type GalleryImage,
  type GalleryTags,
  type GalleryTreeNode,
  type Page,
  type PictureSearch,
  type PictureSearchQuery,
} from '@pressroom/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest, queryString } from '../../lib/api-client.ts';

const imagesPageSize = 24;

export const galleryTreeQuery = queryOptions({
  queryKey: ['gallery-tree'],
  queryFn: ({ signal }) => apiRequest<GalleryTreeNode[]>(apiPaths.galleryTree, { signal }),
});

export const galleryQuery = (id: number) =>
  queryOptions({
    queryKey: ['gallery', id],
    queryFn: ({ signal }) => apiRequest<GalleryDetail>(apiPaths.gallery(id), { signal }),
  });

/** A gallery's pictures, a page at a time (the grid asks for the next page when it is needed). */
export const galleryImagesQuery = (id: number) =>
  infiniteQueryOptions({
    queryKey: ['gallery-images', id],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<Page<GalleryImage>>(
        `${apiPaths.galleryImages(id)}${queryString({ page: pageParam, page_size: imagesPageSize })}`,
        { signal },
      ),
    getNextPageParam: (last, pages) => (last.next ? pages.length + 1 : undefined),
  });

/** Companies and brands shown by pictures of the site's galleries: the gallery's filter. */
export const galleryTagsQuery = queryOptions({
  queryKey: ['gallery-tags'],
  staleTime: 5 * 60_000,
  queryFn: ({ signal }) => apiRequest<GalleryTags>(apiPaths.galleryTags, { signal }),
});

/** Pictures of every gallery of the site that show a company, or a brand, a page at a time. */
export const taggedImagesQuery = (filter: { company?: number; brand?: number }) =>
  infiniteQueryOptions({
    queryKey: ['gallery-tagged-images', filter],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<Page<GalleryImage>>(
        `${apiPaths.galleryTaggedImages}${queryString({ ...filter, page: pageParam, page_size: imagesPageSize })}`,
        { signal },
      ),
    getNextPageParam: (last, pages) => (last.next ? pages.length + 1 : undefined),
  });

/** One page of the picture search: every picture of galleries and releases the reader may see. */
export const pictureSearchQueryOptions = (query: PictureSearchQuery) =>
  queryOptions({
    queryKey: ['picture-search', query],
    queryFn: ({ signal }) =>
      apiRequest<PictureSearch>(`${apiPaths.pictureSearch}${queryString(query)}`, { signal }),
  });

/** The companies and brands the reader's pictures show, galleries' and releases': the search's filters. */
export const pictureFiltersQuery = queryOptions({
  queryKey: ['picture-filters'],
  staleTime: 5 * 60_000,
  queryFn: ({ signal }) => apiRequest<GalleryTags>(apiPaths.pictureFilters, { signal }),
});

/** Checks the size, gathers the credits and returns the link of the ZIP. */
export const prepareDownload = (selection: { gallery: number } | { images: number[] }) =>
  apiRequest<GalleryDownload>(apiPaths.galleryDownload, { method: 'POST', body: selection });
