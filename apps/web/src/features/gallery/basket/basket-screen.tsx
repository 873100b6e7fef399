import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Download from '@mui/icons-material/Download';
import Movie from '@mui/icons-material/Movie';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  type Basket,
  type BasketItem,
  type BasketVideo,
  type GalleryDownload,
  pickLocalized,
  type RenditionSize,
  renditionSizes,
} from '@pressroom/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Page } from '../../../components/page.tsx';
import { paths } from '../../../config/paths.ts';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { basketApi, basketQuery, useBasketChange } from '../../../lib/basket.ts';
import { formatBytes } from '../../../lib/format-bytes.ts';
import { formatDuration } from '../../../lib/format-duration.ts';
import { notify } from '../../../lib/notifications.ts';
import { DownloadDialog } from '../download-dialog.tsx';

/** The basket's pictures by gallery or release, in the order of the basket's rows. */
function byFolder(items: BasketItem[]) {
  const groups = new Map<string, { key: string; folder: BasketItem['folder']; items: BasketItem[] }>();
  for (const item of items) {
    const key = `${item.kind}-${item.folder.id}`;
    const group = groups.get(key) ?? { key, folder: item.folder, items: [] };
    group.items.push(item);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * The journalist's basket: every picture picked in the galleries of every site, by gallery, each removable by
 * keyboard; the whole basket downloads as one ZIP in the size asked once (original, web or print).
 */
export default function BasketScreen() {
  const { t, i18n } = useTranslation();
  const basket = useQuery(basketQuery);
  const change = useBasketChange();
  const [clearing, setClearing] = useState(false);
  const [choosing, setChoosing] = useState(false);
  const [download, setDownload] = useState<GalleryDownload | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);

  const removeVideo = async (video: BasketVideo, name: string) => {
    try {
      await change(basketApi.remove('video', [video.id]));
      notify.success(t('basket.videoRemoved', { name }));
    } catch (error) {
      notify.error(apiErrorMessage(error));
    }
  };

  const remove = async (item: BasketItem) => {
    try {
      await change(basketApi.remove(item.kind, [item.id]));
      notify.success(t('basket.removed', { count: 1 }));
    } catch (error) {
      notify.error(apiErrorMessage(error));
    }
  };

  return (
    <Page
      title={t('basket.title')}
      actions={
        basket.data && basket.data.count > 0 ? (
          <Stack direction="row" spacing={1}>
            <Button color="error" onClick={() => setClearing(true)} data-testid="basket-clear">
              {t('basket.clear')}
            </Button>
            <Button
              variant="contained"
              startIcon={<Download />}
              onClick={() => setChoosing(true)}
              data-testid="basket-download"
            >
              {t('basket.download')}
            </Button>
          </Stack>
        ) : undefined
      }
    >
      {basket.isPending ? (
        <Skeleton variant="rounded" height={200} />
      ) : basket.isError ? (
        <Alert severity="error">{apiErrorMessage(basket.error)}</Alert>
      ) : basket.data.count === 0 ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="info" data-testid="basket-empty">
            {t('basket.empty')}
          </Alert>
          <Button component={RouterLink} to={paths.pressGallery} variant="outlined">
            {t('basket.toGallery')}
          </Button>
        </Stack>
      ) : (
        <Stack spacing={3}>
          <Typography sx={{ maxWidth: '70ch' }}>{t('basket.intro')}</Typography>
          <Typography color="text.secondary" data-testid="basket-total">
            {t(basket.data.videos.length > 0 ? 'basket.sizeTotalFiles' : 'basket.sizeTotal', {
              count: basket.data.count,
              size: formatBytes(basket.data.total_size, i18n.language),
            })}
          </Typography>
          {basket.data.videos.length > 0 && (
            <BasketVideos videos={basket.data.videos} onRemove={removeVideo} />
          )}
          {byFolder(basket.data.items).map((group) => {
            const name = pickLocalized(group.folder.name, i18n.language);
            const headingId = `basket-${group.key}`;
            return (
              <Box component="section" key={group.key} aria-labelledby={headingId}>
                <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
                  {name}{' '}
                  <Typography component="span" color="text.secondary">
                    ({t('basket.galleryCount', { count: group.items.length })})
                  </Typography>
                </Typography>
                <Box
                  component="ul"
                  sx={{
                    listStyle: 'none',
                    p: 0,
                    m: 0,
                    display: 'grid',
                    gap: 2,
                    gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
                  }}
                >
                  {group.items.map((item) => {
                    const caption = pickLocalized(item.caption, i18n.language) || item.original_name;
                    return (
                      <Paper
                        component="li"
                        variant="outlined"
                        key={`${item.kind}-${item.id}`}
                        data-testid="basket-item"
                      >
                        <Box
                          component="img"
                          src={item.thumbnail}
                          alt={pickLocalized(item.alt_text, i18n.language) || caption}
                          sx={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', display: 'block' }}
                        />
                        <Stack direction="row" sx={{ alignItems: 'center', p: 1, gap: 1 }}>
                          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                            <Typography variant="body2" dir="auto" sx={{ overflowWrap: 'anywhere' }}>
                              {caption}
                            </Typography>
                            <Typography variant="caption" color="text.secondary">
                              {t('basket.dimensions', {
                                width: item.width,
                                height: item.height,
                                size: formatBytes(item.size, i18n.language),
                              })}
                            </Typography>
                          </Box>
                          <Tooltip title={t('basket.remove', { name: caption })}>
                            <IconButton
                              aria-label={t('basket.remove', { name: caption })}
                              onClick={() => remove(item)}
                              data-testid={`basket-remove-${item.kind}-${item.id}`}
                            >
                              <DeleteOutlined />
                            </IconButton>
                          </Tooltip>
                        </Stack>
                      </Paper>
                    );
                  })}
                </Box>
              </Box>
            );
          })}
        </Stack>
      )}
      <ConfirmDialog
        open={clearing}
        title={t('basket.clear')}
        text={t('basket.clearQuestion')}
        confirmLabel={t('basket.clear')}
        cancelLabel={t('basket.cancel')}
        testId="basket-clear-dialog"
        onConfirm={async () => {
          setClearing(false);
          try {
            await change(basketApi.clear());
            notify.success(t('basket.cleared'));
          } catch (error) {
            notify.error(apiErrorMessage(error));
          }
        }}
        onClose={() => setClearing(false)}
      />
      {choosing && basket.data && (
        <SizeDialog
          basket={basket.data}
          onClose={() => setChoosing(false)}
          onPrepared={(prepared) => {
            setChoosing(false);
            setDownload(prepared);
          }}
          onFailed={(message) => {
            setChoosing(false);
            setDownloadError(message);
          }}
        />
      )}
      <DownloadDialog
        download={download}
        error={downloadError}
        onClose={() => {
          setDownload(null);
          setDownloadError(null);
        }}
      />
    </Page>
  );
}

/** Asks once which size the whole basket is wanted in, with each size's total. */
function SizeDialog({
  basket,
  onClose,
  onPrepared,
  onFailed,
}: {
  basket: Basket;
  onClose: () => void;
  onPrepared: (download: GalleryDownload) => void;
  onFailed: (message: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const [size, setSize] = useState<RenditionSize>('web');
  const [busy, setBusy] = useState(false);
  const prepare = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      onPrepared(await basketApi.prepareDownload(size));
    } catch (error) {
      onFailed(apiErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="basket-size-title" fullWidth maxWidth="sm">
      <Box component="form" onSubmit={prepare}>
        <DialogTitle id="basket-size-title">{t('basket.chooseSize')}</DialogTitle>
        <DialogContent>
          <RadioGroup
            aria-labelledby="basket-size-title"
            value={size}
            onChange={(event) => setSize(event.target.value as RenditionSize)}
          >
            {renditionSizes.map((option) => (
              <FormControlLabel
                key={option}
                value={option}
                control={<Radio />}
                data-testid={`basket-size-${option}`}
                label={
                  <Box>
                    <Typography>{t(`basket.size_${option}`)}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t(basket.videos.length > 0 ? 'basket.sizeTotalFiles' : 'basket.sizeTotal', {
                        count: basket.count,
                        size: formatBytes(basket.sizes[option], i18n.language),
                      })}
                    </Typography>
                  </Box>
                }
                sx={{ mb: 1 }}
              />
            ))}
          </RadioGroup>
          {basket.videos.length > 0 && (
            <Typography variant="body2" color="text.secondary" data-testid="basket-videos-original">
              {t('basket.videosAsOriginals')}
            </Typography>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('basket.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="basket-prepare">
            {t('basket.prepare')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** The basket's videos: each with its poster, title, duration and size, removable by keyboard. */
function BasketVideos({
  videos,
  onRemove,
}: {
  videos: BasketVideo[];
  onRemove: (video: BasketVideo, name: string) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Box component="section" aria-labelledby="basket-videos">
      <Typography id="basket-videos" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {t('videos.heading', { count: videos.length })}
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
        }}
      >
        {videos.map((video) => {
          const name = pickLocalized(video.title, i18n.language) || video.file_name;
          const folder = pickLocalized(video.folder.name, i18n.language);
          return (
            <Paper component="li" variant="outlined" key={video.id} data-testid="basket-video">
              {video.poster ? (
                <Box
                  component="img"
                  src={video.poster.src}
                  // The title is written beside it: the poster adds nothing for a screen reader.
                  alt=""
                  sx={{ width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', display: 'block' }}
                />
              ) : (
                <Box
                  sx={{
                    width: '100%',
                    aspectRatio: '16 / 9',
                    bgcolor: 'grey.900',
                    color: 'grey.100',
                    display: 'grid',
                    placeItems: 'center',
                  }}
                >
                  <Movie aria-hidden />
                </Box>
              )}
              <Stack direction="row" sx={{ alignItems: 'center', p: 1, gap: 1 }}>
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Typography variant="body2" noWrap title={name} dir="auto">
                    {name}
                  </Typography>
                  {folder && (
                    <Typography variant="caption" color="text.secondary" noWrap component="p" dir="auto">
                      {folder}
                    </Typography>
                  )}
                  <Typography variant="caption" color="text.secondary" data-testid="basket-video-facts">
                    {t('basket.videoFacts', {
                      duration: formatDuration(video.duration_ms, i18n.language),
                      size: formatBytes(video.size, i18n.language),
                    })}
                  </Typography>
                </Box>
                <Tooltip title={t('basket.remove', { name })}>
                  <IconButton
                    aria-label={t('basket.remove', { name })}
                    onClick={() => onRemove(video, name)}
                    data-testid={`basket-remove-video-${video.id}`}
                  >
                    <DeleteOutlined />
                  </IconButton>
                </Tooltip>
              </Stack>
            </Paper>
          );
        })}
      </Box>
    </Box>
  );
}
