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
import {
  type BasketItemKind,
  type GalleryImage,
  pickLocalized,
  renditionSizes,
  type VideoForReader,
} from '@pressroom/contract';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BasketToggle } from '../../components/basket-toggle.tsx';
import { VideoPlayer } from '../../components/video/video-player.tsx';
import { visuallyHidden } from '../../components/visually-hidden.tsx';
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

/** A video in the viewer, with whether it is in the journalist's basket. */
type ViewerVideo = { kind: 'video'; video: VideoForReader; in_basket: boolean };

/** What the viewer pages through: pictures, and a gallery's videos after them. */
export type ViewerItem = ViewerImage | ViewerVideo;

/** Keys that belong to the focused element itself: a video's controls seek and set the volume with the arrows. */
const ownsArrowKeys = (target: EventTarget) =>
  target instanceof Element && target.closest('video, audio, input, textarea, select') !== null;

/**
 * The picture viewer: a modal dialog (focus stays inside; Escape closes it and focus goes back to the
 * thumbnail that opened it), the preview with its alt text, caption, credit and terms, the original to
 * download, and the arrow keys to move (mirrored in right-to-left languages). A video plays in it with the
 * browser's own controls and its captions; paging away or closing pauses it.
 */
export function ImageViewer({
  items,
  index,
  total,
  onMove,
  onClose,
}: {
  items: ViewerItem[];
  index: number | null;
  total: number;
  onMove: (index: number) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const item = index === null ? undefined : items[index];
  const rtl = i18n.dir() === 'rtl';
  const canPrevious = index !== null && index > 0;
  const canNext = index !== null && index < items.length - 1;

  const onKeyDown = (event: KeyboardEvent) => {
    if (index === null || ownsArrowKeys(event.target)) return;
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

  const caption = !item
    ? ''
    : item.kind === 'video'
      ? item.video.title || t('videos.untitled')
      : pickLocalized(item.caption, i18n.language) || item.original_name;
  return (
    <Dialog
      open={Boolean(item)}
      onClose={onClose}
      onKeyDown={onKeyDown}
      fullWidth
      maxWidth="lg"
      aria-labelledby="viewer-title"
      aria-describedby="viewer-hint"
      data-testid="image-viewer"
    >
      {item && index !== null && (
        <>
          <DialogTitle id="viewer-title" sx={{ paddingInlineEnd: 7 }}>
            {caption}
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
              {t(item.kind === 'video' ? 'gallery.videoPosition' : 'gallery.position', {
                index: index + 1,
                total,
              })}
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
            <Typography id="viewer-hint" variant="body2" sx={visuallyHidden}>
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
              <Box sx={{ flexGrow: 1, minWidth: 0, textAlign: 'center' }}>
                {item.kind === 'video' ? (
                  <ViewerVideoPlayer key={item.video.id} item={item} />
                ) : (
                  <Box
                    component="img"
                    src={item.urls.preview}
                    alt={pickLocalized(item.alt_text, i18n.language) || caption}
                    data-testid="viewer-image"
                    sx={{ maxWidth: '100%', maxHeight: '58vh', objectFit: 'contain' }}
                  />
                )}
              </Box>
              <IconButton
                aria-label={t('gallery.next')}
                disabled={!canNext}
                onClick={() => onMove(index + 1)}
              >
                {rtl ? <ChevronLeft /> : <ChevronRight />}
              </IconButton>
            </Stack>
            {item.kind !== 'video' && (
              <>
                <Stack
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={2}
                  sx={{ mt: 2, alignItems: { sm: 'center' } }}
                >
                  <Box sx={{ flexGrow: 1 }}>
                    <Typography variant="body2">
                      {t('gallery.credit', { credit: item.credit || t('gallery.noCredit') })}
                    </Typography>
                    {item.usage_terms && (
                      <Typography variant="body2" color="text.secondary">
                        {t('gallery.usageTerms', { terms: item.usage_terms })}
                      </Typography>
                    )}
                    {item.keywords.length > 0 && (
                      <Typography variant="body2" color="text.secondary" data-testid="viewer-keywords">
                        {t('gallery.keywords', { keywords: item.keywords.join(', ') })}
                      </Typography>
                    )}
                  </Box>
                  <BasketToggle kind={item.kind} imageId={item.id} inBasket={item.in_basket} name={caption} />
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
                    const facts = item.renditions?.[size] ?? (size === 'original' ? item : null);
                    if (!facts) return null;
                    const name = t(`basket.sizeName_${size}`);
                    return (
                      <Button
                        key={size}
                        variant={size === 'original' ? 'contained' : 'outlined'}
                        startIcon={<Download />}
                        href={item.urls[size]}
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
              </>
            )}
          </DialogContent>
        </>
      )}
    </Dialog>
  );
}

/**
 * A video of the viewer: the readers' player (controls, captions in the reader's language, duration, size,
 * download, basket), named by the viewer's title. Paging away unmounts it: it is paused then, not left playing
 * out of sight.
 */
function ViewerVideoPlayer({ item }: { item: ViewerVideo }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const video = box.current?.querySelector('video');
    return () => video?.pause();
  }, []);
  return (
    <Box ref={box} sx={{ textAlign: 'start', '& > figure': { mx: 'auto' } }} data-testid="viewer-video">
      <VideoPlayer video={item.video} inBasket={item.in_basket} labelledBy="viewer-title" />
    </Box>
  );
}
