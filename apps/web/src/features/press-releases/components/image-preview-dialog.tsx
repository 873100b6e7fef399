import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { PressReleaseFile } from '@pressroom/contract';
import { useTranslation } from 'react-i18next';
import { imageLabel, ReleaseImageSizes, useImageDetails } from './release-image-sizes.tsx';

export { imageLabel };

/**
 * The preview of a release's images: one at a time, arrows (buttons or keys) to move, Escape or the close
 * button to leave. The dialog traps focus while open and gives it back to the thumbnail that opened it.
 */
export function ImagePreviewDialog({
  images,
  index,
  onIndexChange,
  onClose,
}: {
  images: PressReleaseFile[];
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const imageDetails = useImageDetails();
  const theme = useTheme();
  const image = index === null ? null : images[index];
  const rtl = theme.direction === 'rtl';
  const move = (step: number) => {
    if (index === null || images.length < 2) return;
    onIndexChange((index + step + images.length) % images.length);
  };
  return (
    <Dialog
      open={image !== null}
      onClose={onClose}
      maxWidth="lg"
      fullWidth
      aria-labelledby="image-preview-title"
      onKeyDown={(event) => {
        // Arrow keys follow the reading direction.
        if (event.key === 'ArrowRight') move(rtl ? -1 : 1);
        else if (event.key === 'ArrowLeft') move(rtl ? 1 : -1);
      }}
      data-testid="image-preview"
    >
      {image && index !== null && (
        <>
          <DialogTitle id="image-preview-title" sx={{ paddingInlineEnd: 7 }}>
            {imageLabel(image)}
            <IconButton
              onClick={onClose}
              aria-label={t('app.close')}
              sx={{ position: 'absolute', top: 8, insetInlineEnd: 8 }}
              data-testid="image-preview-close"
            >
              <Close />
            </IconButton>
          </DialogTitle>
          <DialogContent>
            <Box
              component="img"
              src={image.url}
              alt={imageLabel(image)}
              sx={{
                display: 'block',
                maxWidth: '100%',
                maxHeight: '70vh',
                mx: 'auto',
                objectFit: 'contain',
                bgcolor: 'action.hover',
              }}
            />
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ mt: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
            >
              <Typography variant="body2" color="text.secondary" aria-live="polite">
                {t('pressReleases.imagePosition', { index: index + 1, total: images.length })}
                {' · '}
                {imageDetails(image)}
                {image.credit && (
                  <>
                    {' · '}
                    <bdi>{t('pressReleases.photoCredit', { credit: image.credit })}</bdi>
                  </>
                )}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
                {images.length > 1 && (
                  <>
                    <Button
                      onClick={() => move(-1)}
                      startIcon={rtl ? <ChevronRight /> : <ChevronLeft />}
                      data-testid="image-preview-previous"
                    >
                      {t('pressReleases.previousImage')}
                    </Button>
                    <Button
                      onClick={() => move(1)}
                      endIcon={rtl ? <ChevronLeft /> : <ChevronRight />}
                      data-testid="image-preview-next"
                    >
                      {t('pressReleases.nextImage')}
                    </Button>
                  </>
                )}
              </Stack>
            </Stack>
            <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 1 }}>
              {t('basket.sizes')}
            </Typography>
            <ReleaseImageSizes image={image} />
          </DialogContent>
        </>
      )}
    </Dialog>
  );
}
