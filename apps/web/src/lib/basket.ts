import {
  apiPaths,
  type Basket,
  type BasketItemKind,
  type GalleryDownload,
  type RenditionSize,
} from '@pressroom/contract';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

// The journalist's basket: kept on the server, the same on every site; gallery and release pictures
// are put in it from their screens, so its calls live here, below every feature.

/** The signed-in user's basket. */
export const basketQuery = queryOptions({
  queryKey: ['basket'],
  queryFn: ({ signal }) => apiRequest<Basket>(apiPaths.basket, { signal }),
});

/** What may go in the basket: a picture of a gallery or of a release, or a video of either. */
export type BasketKind = BasketItemKind | 'video';

const body = (kind: BasketKind, ids: number[]) =>
  kind === 'gallery_image' ? { images: ids } : kind === 'video' ? { videos: ids } : { release_images: ids };

/** Whether the video is in the basket (no basket, as for a reader outside the press area: no). */
export const videoInBasket = (basket: Basket | undefined, videoId: number) =>
  basket?.videos.some((video) => video.id === videoId) ?? false;

export const basketApi = {
  add: (kind: BasketKind, ids: number[]) =>
    apiRequest<Basket>(apiPaths.basket, { method: 'POST', body: body(kind, ids) }),
  remove: (kind: BasketKind, ids: number[]) =>
    apiRequest<Basket>(apiPaths.basketRemove, { method: 'POST', body: body(kind, ids) }),
  /** Every picture of a gallery the reader may see, in or out at once. */
  addGallery: (galleryId: number) =>
    apiRequest<Basket>(apiPaths.basketGallery(galleryId), { method: 'POST' }),
  removeGallery: (galleryId: number) =>
    apiRequest<Basket>(apiPaths.basketGallery(galleryId), { method: 'DELETE' }),
  clear: () => apiRequest<Basket>(apiPaths.basket, { method: 'DELETE' }),
  prepareDownload: (size: RenditionSize) =>
    apiRequest<GalleryDownload>(apiPaths.basketDownload, { method: 'POST', body: { size } }),
};

/** After a change: the basket as the server answered, and the gallery lists' "in basket" marks read again. */
export function useBasketChange() {
  const queryClient = useQueryClient();
  return async (change: Promise<Basket>) => {
    const basket = await change;
    queryClient.setQueryData(basketQuery.queryKey, basket);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['gallery-images'] }),
      queryClient.invalidateQueries({ queryKey: ['gallery-tagged-images'] }),
      queryClient.invalidateQueries({ queryKey: ['picture-search'] }),
    ]);
    return basket;
  };
}
