import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/EditOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Movie from '@mui/icons-material/MovieOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { pickLocalized, type Video, videoPosterAcceptAttribute } from '@pressroom/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../lib/api-error-message.ts';
import { formatBytes } from '../../lib/format-bytes.ts';
import { formatDuration } from '../../lib/format-duration.ts';
import { notify } from '../../lib/notifications.ts';
import { videosAdminApi } from '../../lib/videos-api.ts';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { VideoCaptions } from './video-captions-editor.tsx';
import { VideoDetails } from './video-details-form.tsx';

/** One video in the office's list: its poster, moved up or down, its details and captions, deleted. */
export function OfficeVideo({
  video,
  editable,
  previous,
  next,
  onChanged,
}: {
  video: Video;
  editable: boolean;
  previous: Video | undefined;
  next: Video | undefined;
  onChanged: () => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const name = pickLocalized(video.title, language) || video.file_name;
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState(false);

  const act = async (action: () => Promise<unknown>, success: string) => {
    setBusy(true);
    try {
      await action();
      notify.success(success);
    } catch (error) {
      notify.error(apiErrorMessage(error));
    } finally {
      await onChanged();
      setBusy(false);
    }
  };
  // Two videos change places: each takes the other's position.
  const swap = (other: Video) =>
    act(
      async () => {
        await videosAdminApi.swapPositions(video, other);
      },
      t('videos.moved', { name }),
    );

  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }} data-testid="office-video">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {video.poster ? (
          <Box
            component="img"
            src={video.poster.src}
            alt=""
            sx={{
              width: { xs: '100%', sm: 160 },
              aspectRatio: '16 / 9',
              objectFit: 'cover',
              borderRadius: 0.5,
            }}
          />
        ) : (
          <Box
            sx={{
              width: { xs: '100%', sm: 160 },
              aspectRatio: '16 / 9',
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'action.hover',
              borderRadius: 0.5,
            }}
          >
            <Movie color="action" aria-hidden="true" />
          </Box>
        )}
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} dir="auto">
            {name}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            <span dir="auto">{video.file_name}</span> ·{' '}
            <span dir="ltr">{formatDuration(video.duration_ms, language)}</span> ·{' '}
            {formatBytes(video.size, language)} · {video.width}×{video.height}
          </Typography>
          {video.credit && (
            <Typography variant="body2" color="text.secondary">
              {t('videos.credit', { credit: video.credit })}
            </Typography>
          )}
          {editable && (
            <Stack
              direction="row"
              spacing={0.5}
              useFlexGap
              sx={{ flexWrap: 'wrap', mt: 1, alignItems: 'center' }}
            >
              <Button
                size="small"
                startIcon={<Edit />}
                aria-expanded={editing}
                onClick={() => setEditing((open) => !open)}
                data-testid="video-edit"
              >
                {t('videos.editDetails')}
              </Button>
              <Button size="small" component="label" startIcon={<ImageOutlined />} disabled={busy}>
                {t('videos.changePoster')}
                <input
                  type="file"
                  hidden
                  accept={videoPosterAcceptAttribute}
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    event.target.value = '';
                    if (file)
                      void act(
                        () => videosAdminApi.setPoster(video.id, file, language),
                        t('videos.posterSaved'),
                      );
                  }}
                />
              </Button>
              <IconButton
                size="small"
                disabled={busy || !previous}
                onClick={() => previous && swap(previous)}
                aria-label={t('videos.moveUp', { name })}
              >
                <ArrowUpward fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                disabled={busy || !next}
                onClick={() => next && swap(next)}
                aria-label={t('videos.moveDown', { name })}
              >
                <ArrowDownward fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                color="error"
                disabled={busy}
                onClick={() => setConfirmDelete(true)}
                aria-label={t('videos.delete', { name })}
                data-testid="video-delete"
              >
                <DeleteOutline fontSize="small" />
              </IconButton>
            </Stack>
          )}
        </Box>
      </Stack>
      {editing && editable && (
        <VideoDetails video={video} onSaved={onChanged} onClose={() => setEditing(false)} />
      )}
      <VideoCaptions video={video} editable={editable} onChanged={onChanged} />
      <ConfirmDialog
        open={confirmDelete}
        title={t('videos.deleteTitle')}
        text={t('videos.deleteText', { name })}
        confirmLabel={t('videos.deleteConfirm')}
        cancelLabel={t('videos.keep')}
        onConfirm={async () => {
          await act(() => videosAdminApi.remove(video.id), t('videos.deleted', { name }));
          setConfirmDelete(false);
        }}
        onClose={() => setConfirmDelete(false)}
      />
    </Paper>
  );
}
