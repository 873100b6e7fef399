import Button from '@mui/material/Button';
import type { Basket } from '@pressroom/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { basketApi, basketQuery, useBasketChange } from '../../../lib/basket.ts';
import { notify } from '../../../lib/notifications.ts';

/** How many of a gallery's pictures and videos the basket holds. */
const inBasketFrom = (basket: Basket | undefined, galleryId: number) =>
  (basket?.items.filter((item) => item.kind === 'gallery_image' && item.folder.id === galleryId).length ??
    0) +
  (basket?.videos.filter((video) => video.folder.kind === 'gallery' && video.folder.id === galleryId)
    .length ?? 0);

/**
 * Select all or none of a gallery into the basket: every picture and video of the gallery, loaded on the screen
 * or not, is added when some are missing, or all are removed, in one request.
 */
export function BasketAll({
  galleryId,
  imageCount,
  videoCount,
}: {
  galleryId: number;
  imageCount: number;
  /** The gallery's videos the journalist sees: the server adds exactly those with its pictures. */
  videoCount: number;
}) {
  const { t } = useTranslation();
  const basket = useQuery(basketQuery);
  const change = useBasketChange();
  const [busy, setBusy] = useState(false);
  const before = inBasketFrom(basket.data, galleryId);
  const adding = before < imageCount + videoCount;
  // With videos, the count is of files: "pictures" would not be true of them.
  const withVideos = videoCount > 0;
  const run = async () => {
    setBusy(true);
    try {
      const after = inBasketFrom(
        await change(adding ? basketApi.addGallery(galleryId) : basketApi.removeGallery(galleryId)),
        galleryId,
      );
      const key = adding
        ? withVideos
          ? 'basket.addedFiles'
          : 'basket.added'
        : withVideos
          ? 'basket.removedFiles'
          : 'basket.removed';
      notify.success(t(key, { count: Math.abs(after - before) }));
    } catch (error) {
      notify.error(apiErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" disabled={busy || basket.isPending} onClick={run} data-testid="basket-all">
      {t(adding ? 'basket.addAll' : 'basket.removeAll')}
    </Button>
  );
}
