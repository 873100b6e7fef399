import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import RemoveShoppingCart from '@mui/icons-material/RemoveShoppingCart';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../lib/api-error-message.ts';
import { type BasketKind, basketApi, useBasketChange } from '../lib/basket.ts';
import { notify } from '../lib/notifications.ts';

/** Puts one picture or video in the basket or takes it out; a toggle button saying which it will do. */
export function BasketToggle({
  kind = 'gallery_image',
  imageId,
  inBasket,
  name,
}: {
  kind?: BasketKind;
  /** The picture's id, or the video's. */
  imageId: number;
  inBasket: boolean;
  name: string;
}) {
  const { t } = useTranslation();
  const change = useBasketChange();
  const [busy, setBusy] = useState(false);
  const label = t(inBasket ? 'basket.remove' : 'basket.add', { name });
  const toggle = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await change(inBasket ? basketApi.remove(kind, [imageId]) : basketApi.add(kind, [imageId]));
      notify.success(
        kind === 'video'
          ? t(inBasket ? 'basket.videoRemoved' : 'basket.videoAdded', { name })
          : t(inBasket ? 'basket.removed' : 'basket.added', { count: 1 }),
      );
    } catch (error) {
      notify.error(apiErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip title={label}>
      <IconButton
        size="small"
        aria-label={label}
        aria-pressed={inBasket}
        color={inBasket ? 'primary' : 'default'}
        // Not `disabled`: a disabled button drops the keyboard focus to the page, out of the viewer it is in.
        aria-disabled={busy}
        onClick={toggle}
        data-testid={`basket-toggle-${kind}-${imageId}`}
      >
        {inBasket ? <RemoveShoppingCart fontSize="small" /> : <AddShoppingCart fontSize="small" />}
      </IconButton>
    </Tooltip>
  );
}
