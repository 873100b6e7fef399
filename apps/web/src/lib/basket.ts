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

const body = (kind: BasketItemKind, ids: number[]) =>
  kind === 'gallery_image' ? { images: ids } : { release_images: ids };

export const basketApi = {
  add: (kind: BasketItemKind, ids: number[]) =>
    apiRequest<Basket>(apiPaths.basket, { method: 'POST', body: body(kind, ids) }),
  remove: (kind: BasketItemKind, ids: number[]) =>
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
