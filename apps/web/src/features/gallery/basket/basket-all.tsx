import Button from '@mui/material/Button';
import type { GalleryImage } from '@pressroom/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { basketApi, useBasketChange } from '../../../lib/basket.ts';
import { notify } from '../../../lib/notifications.ts';

/** Select all or none of the pictures shown into the basket: adds those missing, or removes them all. */
export function BasketAll({ images }: { images: GalleryImage[] }) {
  const { t } = useTranslation();
  const change = useBasketChange();
  const [busy, setBusy] = useState(false);
  const missing = images.filter((image) => !image.in_basket).map((image) => image.id);
  const adding = missing.length > 0;
  const run = async () => {
    setBusy(true);
    try {
      const ids = adding ? missing : images.map((image) => image.id);
      await change(adding ? basketApi.add('gallery_image', ids) : basketApi.remove('gallery_image', ids));
      notify.success(t(adding ? 'basket.added' : 'basket.removed', { count: ids.length }));
    } catch (error) {
      notify.error(apiErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" disabled={busy} onClick={run} data-testid="basket-all">
      {t(adding ? 'basket.addAll' : 'basket.removeAll')}
    </Button>
  );
}
