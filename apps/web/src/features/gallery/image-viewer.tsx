import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Close from '@mui/icons-material/Close';
import Download from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type BasketItemKind, type GalleryImage, pickLocalized, renditionSizes } from '@pressroom/contract';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BasketToggle } from '../../components/basket-toggle.tsx';
import { formatBytes } from '../../lib/format-bytes.ts';

/** What the viewer shows of a picture: a gallery image, or a picture found by the search (a release's too). */
export type ViewerImage = Pick<
  GalleryImage,
  | 'id'
  | 'caption'
  | 'alt_text'
  | 'credit'
  | 'usage_terms'
  | 'keywords'
  | 'original_name'
  | 'size'
  | 'width'
  | 'height'
  | 'urls'
  | 'renditions'
  | 'in_basket'
> & { kind?: BasketItemKind };

/**
 * The picture viewer: a modal dialog (focus stays inside; Escape closes it and focus goes back to the
 * thumbnail that opened it), the preview with its alt text, caption, credit and terms, the original to
 * download, and the arrow keys to move (mirrored in right-to-left languages).
 */
export function ImageViewer({
  images,
  index,
  total,
  onMove,
  onClose,
}: {
  images: ViewerImage[];
  index: number | null;
  total: number;
  onMove: (index: number) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const image = index === null ? undefined : images[index];
  const rtl = i18n.dir() === 'rtl';
  const canPrevious = index !== null && index > 0;
  const canNext = index !== null && index < images.length - 1;

  const onKeyDown = (event: KeyboardEvent) => {
    if (index === null) return;
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
    if (event.key === forward && canNext) {
      event.preventDefault();
      onMove(index + 1);
    } else if (event.key === backward && canPrevious) {
      event.preventDefault();
      onMove(index - 1);
    }
  };

  const caption = image ? pickLocalized(image.caption, i18n.language) || image.original_name : '';
  return (
    <Dialog
      open={Boolean(image)}
      onClose={onClose}
      onKeyDown={onKeyDown}
      fullWidth
      maxWidth="lg"
      aria-labelledby="viewer-title"
      aria-describedby="viewer-hint"
      data-testid="image-viewer"
    >
      {image && index !== null && (
        <>
          <DialogTitle id="viewer-title" sx={{ pe: 7 }}>
            {caption}
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
              {t('gallery.position', { index: index + 1, total })}
            </Typography>
          </DialogTitle>
          <IconButton
            aria-label={t('app.close')}
            onClick={onClose}
            sx={{ position: 'absolute', top: 8, insetInlineEnd: 8 }}
          >
            <Close />
          </IconButton>
          <DialogContent>
            <Typography
              id="viewer-hint"
              variant="body2"
              sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
            >
              {t('gallery.keyboardHint')}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <IconButton
                aria-label={t('gallery.previous')}
                disabled={!canPrevious}
                onClick={() => onMove(index - 1)}
              >
                {rtl ? <ChevronRight /> : <ChevronLeft />}
              </IconButton>
              <Box sx={{ flexGrow: 1, textAlign: 'center' }}>
                <Box
                  component="img"
                  src={image.urls.preview}
                  alt={pickLocalized(image.alt_text, i18n.language) || caption}
                  data-testid="viewer-image"
                  sx={{ maxWidth: '100%', maxHeight: '58vh', objectFit: 'contain' }}
                />
              </Box>
              <IconButton
                aria-label={t('gallery.next')}
                disabled={!canNext}
                onClick={() => onMove(index + 1)}
              >
                {rtl ? <ChevronLeft /> : <ChevronRight />}
              </IconButton>
            </Stack>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ mt: 2, alignItems: { sm: 'center' } }}
            >
              <Box sx={{ flexGrow: 1 }}>
                <Typography variant="body2">
                  {t('gallery.credit', { credit: image.credit || t('gallery.noCredit') })}
                </Typography>
                {image.usage_terms && (
                  <Typography variant="body2" color="text.secondary">
                    {t('gallery.usageTerms', { terms: image.usage_terms })}
                  </Typography>
                )}
                {image.keywords.length > 0 && (
                  <Typography variant="body2" color="text.secondary" data-testid="viewer-keywords">
                    {t('gallery.keywords', { keywords: image.keywords.join(', ') })}
                  </Typography>
                )}
              </Box>
              <BasketToggle kind={image.kind} imageId={image.id} inBasket={image.in_basket} name={caption} />
            </Stack>
            <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
              {t('basket.sizes')}
            </Typography>
            <Stack
              direction={{ xs: 'column', md: 'row' }}
              spacing={1}
              useFlexGap
              sx={{ mt: 1, flexWrap: 'wrap' }}
            >
              {renditionSizes.map((size) => {
                const facts = image.renditions?.[size] ?? (size === 'original' ? image : null);
                if (!facts) return null;
                const name = t(`basket.sizeName_${size}`);
                return (
                  <Button
                    key={size}
                    variant={size === 'original' ? 'contained' : 'outlined'}
                    startIcon={<Download />}
                    href={image.urls[size]}
                    download
                    data-testid={`viewer-download-${size}`}
                    sx={{ textTransform: 'none', justifyContent: 'flex-start' }}
                  >
                    {t('basket.sizeLine', {
                      name,
                      width: facts.width,
                      height: facts.height,
                      size: formatBytes(facts.size, i18n.language),
                    })}
                  </Button>
                );
              })}
            </Stack>
          </DialogContent>
        </>
      )}
    </Dialog>
  );
}
