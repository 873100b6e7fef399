import Download from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type PressReleaseFile, type RenditionSize, renditionSizes } from '@pressroom/contract';
import { useTranslation } from 'react-i18next';
import { fileTypeName, formatFileSize } from '../format.ts';

export const imageLabel = (image: PressReleaseFile) => image.title || image.file_name;

/** The original's pixels, type and weight, as a line ("2400 × 1600 px, PNG, 1.2 MB"); the weight alone before its pixels are known. */
export function useImageDetails(): (image: PressReleaseFile) => string {
  const { t, i18n } = useTranslation();
  return (image) =>
    image.width && image.height
      ? t('pressReleases.imageDetails', {
          width: image.width,
          height: image.height,
          type: fileTypeName(image.content_type, image.file_name),
          size: formatFileSize(image.size, i18n.language),
        })
      : formatFileSize(image.size, i18n.language);
}

const urlOf = (image: PressReleaseFile, size: RenditionSize) =>
  size === 'original' ? image.url : size === 'web' ? image.web_url : image.print_url;

/**
 * A release picture's sizes, each a download saying its pixels and bytes before it starts: the
 * original, web (1600 px, sRGB JPEG) and print (3000 px, or the original when smaller). Before the renditions
 * are made only the original is offered.
 */
export function ReleaseImageSizes({
  image,
  compact = false,
}: {
  image: PressReleaseFile;
  /** Small buttons, one a line: under a thumbnail. */
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Stack
      direction={compact ? 'column' : { xs: 'column', md: 'row' }}
      spacing={compact ? 0 : 1}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}
      data-no-print
    >
      {renditionSizes.map((size) => {
        const facts =
          image.renditions?.[size] ??
          (size === 'original' && image.width && image.height
            ? { width: image.width, height: image.height, size: image.size }
            : null);
        const url = urlOf(image, size);
        if (!facts || !url) return null;
        const line = t('basket.sizeLine', {
          name: t(`basket.sizeName_${size}`),
          width: facts.width,
          height: facts.height,
          size: formatFileSize(facts.size, i18n.language),
        });
        return (
          <Button
            key={size}
            size={compact ? 'small' : 'medium'}
            variant={compact ? 'text' : size === 'original' ? 'contained' : 'outlined'}
            startIcon={<Download />}
            href={url}
            download
            aria-label={t('pressReleases.downloadImageSize', { name: imageLabel(image), size: line })}
            data-testid={`release-image-download-${size}`}
            sx={{ textTransform: 'none', justifyContent: 'flex-start', textAlign: 'start' }}
          >
            {line}
          </Button>
        );
      })}
    </Stack>
  );
}
