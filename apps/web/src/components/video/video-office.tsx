import { zodResolver } from '@hookform/resolvers/zod';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Close from '@mui/icons-material/Close';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/EditOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Movie from '@mui/icons-material/MovieOutlined';
import Subtitles from '@mui/icons-material/SubtitlesOutlined';
import VideoFile from '@mui/icons-material/VideoFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type Language,
  pickLocalized,
  type Video,
  videoAcceptAttribute,
  videoAcceptedFormatsIn,
  videoCaptionMaxBytes,
  videoPosterAcceptAttribute,
  videoUpdateSchema,
} from '@pressroom/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { apiErrorMessage } from '../../lib/api-error-message.ts';
import { formatBytes } from '../../lib/format-bytes.ts';
import { formatDuration } from '../../lib/format-duration.ts';
import { languageNames, languages } from '../../lib/i18n/languages.ts';
import { notify } from '../../lib/notifications.ts';
import { useSiteInfo } from '../../lib/site.ts';
import { frameOfVideo } from '../../lib/video-frame.ts';
import {
  captionsFileRefusal,
  type RunningUpload,
  type UploadState,
  uploadInParts,
  videoChecksFor,
  videoFileRefusal,
} from '../../lib/video-upload.ts';
import {
  officeVideosQuery,
  type VideoOwner,
  videosAdminApi,
  videoUploadTransport,
} from '../../lib/videos-api.ts';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { FormTextField } from '../form-fields.tsx';
import { filledLocalized, LocalizedFields, localizedValues } from '../localized-fields.tsx';

/**
 * The videos of a release or a gallery, for its editors: add one (checked in the browser, sent in parts with
 * progress and a way to cancel, then a poster taken from it unless a picture was chosen), captions per
 * language, title and credit, order, deletion.
 */
export function VideoOffice({ owner, editable }: { owner: VideoOwner; editable: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const videos = useQuery(officeVideosQuery(owner));
  const refresh = () => queryClient.invalidateQueries({ queryKey: officeVideosQuery(owner).queryKey });
  const list = videos.data ?? [];
  return (
    <Stack spacing={2} data-testid="video-office">
      {videos.isError && <Alert severity="error">{apiErrorMessage(videos.error)}</Alert>}
      {videos.isSuccess && list.length === 0 && (
        <Typography color="text.secondary" variant="body2">
          {t('videos.none')}
        </Typography>
      )}
      {list.length > 0 && (
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {list.map((video, index) => (
            <OfficeVideo
              key={video.id}
              video={video}
              editable={editable}
              previous={list[index - 1]}
              next={list[index + 1]}
              onChanged={refresh}
            />
          ))}
        </Stack>
      )}
      {editable && <VideoAdder owner={owner} onAdded={refresh} />}
    </Stack>
  );
}

/** Choosing and sending one video, with its poster. */
export function VideoAdder({ owner, onAdded }: { owner: VideoOwner; onAdded: () => Promise<unknown> }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [state, setState] = useState<UploadState | null>(null);
  const [fileName, setFileName] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [poster, setPoster] = useState<File | null>(null);
  const running = useRef<RunningUpload<Video> | null>(null);
  const busy = state?.phase === 'sending' || state?.phase === 'finishing';
  const language = i18n.language;
  const checks = videoChecksFor(useSiteInfo().data, language);

  const start = async (file: File) => {
    setRefusal(null);
    const refused = videoFileRefusal(file, checks, formatBytes);
    if (refused) {
      setRefusal(t(`messages.${refused.key}`, refused.params ?? {}));
      return;
    }
    setFileName(file.name);
    const upload = uploadInParts(file, videoUploadTransport(owner, {}, language), setState);
    running.current = upload;
    const video = await upload.done;
    running.current = null;
    if (!video) return;
    notify.success(t('videos.added', { name: file.name }));
    // The chosen picture, else a frame of the video; a video the browser cannot show leaves it to the editor.
    const picture = poster ?? (await frameAsFile(file));
    setPoster(null);
    if (picture) {
      try {
        await videosAdminApi.setPoster(video.id, picture, language);
      } catch (error) {
        notify.error(apiErrorMessage(error));
      }
    } else notify.info(t('videos.noFrame'));
    await onAdded();
  };

  const cancel = async () => {
    await running.current?.cancel();
    notify.info(t('videos.cancelled'));
  };

  const percent = state && state.total > 0 ? state.sent / state.total : 0;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={`${id}-title`}>
      <Typography id={`${id}-title`} variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600, mb: 1 }}>
        {t('videos.add')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('videos.accepted', {
          formats: videoAcceptedFormatsIn(language),
          size: formatBytes(checks.maxBytes, language),
        })}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button component="label" variant="contained" startIcon={<VideoFile />} disabled={busy}>
          {t('videos.choose')}
          <input
            type="file"
            hidden
            accept={videoAcceptAttribute}
            data-testid="video-file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void start(file);
            }}
          />
        </Button>
        {poster ? (
          <Chip
            icon={<ImageOutlined />}
            label={t('videos.posterChosen', { name: poster.name })}
            onDelete={busy ? undefined : () => setPoster(null)}
            deleteIcon={<Close aria-label={t('videos.posterForget', { name: poster.name })} />}
            sx={{ maxWidth: '100%', alignSelf: { sm: 'center' } }}
          />
        ) : (
          <Button component="label" startIcon={<ImageOutlined />} disabled={busy}>
            {t('videos.choosePoster')}
            <input
              type="file"
              hidden
              accept={videoPosterAcceptAttribute}
              data-testid="video-poster-file"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) setPoster(file);
              }}
            />
          </Button>
        )}
      </Stack>
      {refusal && (
        <Alert severity="error" sx={{ mt: 1.5 }} role="alert" data-testid="video-refusal">
          {refusal}
        </Alert>
      )}
      {state && state.phase !== 'done' && state.phase !== 'cancelled' && (
        <Box sx={{ mt: 2 }} data-testid="video-upload" data-phase={state.phase}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="body2" noWrap dir="auto" sx={{ flexGrow: 1, minWidth: 0 }}>
              {fileName}
            </Typography>
            {state.phase === 'sending' && (
              <Button size="small" onClick={cancel} data-testid="video-upload-cancel">
                {t('videos.cancel')}
              </Button>
            )}
          </Stack>
          <LinearProgress
            variant={state.phase === 'finishing' ? 'indeterminate' : 'determinate'}
            value={Math.round(percent * 100)}
            color={state.phase === 'failed' ? 'error' : 'primary'}
            aria-label={t('videos.progressLabel', { name: fileName })}
            aria-valuetext={t('videos.progress', {
              sent: formatBytes(state.sent, language),
              total: formatBytes(state.total, language),
              percent: new Intl.NumberFormat(language, { style: 'percent' }).format(percent),
            })}
            sx={{ height: 8, borderRadius: 1, my: 0.5 }}
            data-testid="video-progress"
          />
          <Typography
            variant="body2"
            color={state.phase === 'failed' ? 'error' : 'text.secondary'}
            role="status"
          >
            {state.phase === 'failed'
              ? state.message
              : state.phase === 'finishing'
                ? t('videos.finishing')
                : t('videos.progress', {
                    sent: formatBytes(state.sent, language),
                    total: formatBytes(state.total, language),
                    percent: new Intl.NumberFormat(language, { style: 'percent' }).format(percent),
                  })}
          </Typography>
        </Box>
      )}
    </Paper>
  );
}

async function frameAsFile(file: File): Promise<File | null> {
  const frame = await frameOfVideo(file);
  return frame
    ? new File([frame], `${file.name.replace(/\.[^.]+$/, '')}-poster.jpg`, { type: 'image/jpeg' })
    : null;
}

const detailsSchema = z.object({
  title: videoUpdateSchema.shape.title.unwrap(),
  credit: videoUpdateSchema.shape.credit.unwrap(),
});
type DetailsForm = z.input<typeof detailsSchema>;

function OfficeVideo({
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
        await videosAdminApi.update(video.id, { position: other.position });
        await videosAdminApi.update(other.id, { position: video.position });
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

function VideoDetails({
  video,
  onSaved,
  onClose,
}: {
  video: Video;
  onSaved: () => Promise<unknown>;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const form = useForm<DetailsForm>({
    resolver: zodResolver(detailsSchema),
    defaultValues: { title: localizedValues(video.title), credit: video.credit },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await videosAdminApi.update(video.id, {
        title: filledLocalized(values.title as Record<string, string>),
        credit: values.credit ?? '',
      });
      notify.success(t('videos.detailsSaved'));
      await onSaved();
      onClose();
    } catch (error) {
      notify.error(apiErrorMessage(error));
    }
  });
  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      spacing={2}
      sx={{ mt: 2 }}
      data-testid="video-details"
    >
      <LocalizedFields
        control={form.control}
        name="title"
        label={(languageName) => t('videos.titleIn', { language: languageName })}
        first={i18n.language}
        testId="video-title"
      />
      <FormTextField
        control={form.control}
        name="credit"
        size="small"
        label={t('videos.creditLabel')}
        optional
        slotProps={{ htmlInput: { maxLength: 300, 'data-testid': 'video-credit-input' } }}
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
          {t('videos.saveDetails')}
        </Button>
        <Button onClick={onClose}>{t('videos.closeDetails')}</Button>
      </Stack>
    </Stack>
  );
}

function VideoCaptions({
  video,
  editable,
  onChanged,
}: {
  video: Video;
  editable: boolean;
  onChanged: () => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const missing = languages.filter(
    (language) => !video.captions.some((caption) => caption.language === language),
  );
  const [language, setLanguage] = useState<Language | ''>('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const chosen = language && missing.includes(language) ? language : (missing[0] ?? '');

  const add = async (file: File) => {
    if (!chosen) return;
    setRefusal(null);
    const refused = await captionsFileRefusal(file, videoCaptionMaxBytes, () =>
      formatBytes(videoCaptionMaxBytes, i18n.language),
    );
    if (refused) {
      setRefusal(t(`messages.${refused.key}`, refused.params ?? {}));
      return;
    }
    setBusy(true);
    try {
      await videosAdminApi.setCaptions(video.id, chosen, file, i18n.language);
      notify.success(t('videos.captionsAdded', { language: languageNames[chosen] }));
      setLanguage('');
    } catch (error) {
      setRefusal(apiErrorMessage(error));
    } finally {
      await onChanged();
      setBusy(false);
    }
  };
  const remove = async (captionLanguage: Language) => {
    setBusy(true);
    try {
      await videosAdminApi.removeCaptions(video.id, captionLanguage);
      notify.success(t('videos.captionsRemoved', { language: languageNames[captionLanguage] }));
    } catch (error) {
      notify.error(apiErrorMessage(error));
    } finally {
      await onChanged();
      setBusy(false);
    }
  };

  return (
    <Box component="section" aria-labelledby={`${id}-captions`} sx={{ mt: 2 }}>
      <Typography id={`${id}-captions`} variant="h4" sx={{ fontSize: '0.95rem', fontWeight: 600, mb: 1 }}>
        {t('videos.captions')}
      </Typography>
      {video.captions.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('videos.noCaptions')}
        </Typography>
      ) : (
        <Stack
          component="ul"
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap', listStyle: 'none', p: 0, m: 0 }}
        >
          {video.captions.map((caption) => (
            <li key={caption.language}>
              <Chip
                icon={<Subtitles />}
                label={`${caption.label} · ${formatBytes(caption.size, i18n.language)}`}
                lang={caption.language}
                onDelete={editable && !busy ? () => remove(caption.language) : undefined}
                deleteIcon={
                  <DeleteOutline
                    aria-label={t('videos.removeCaptions', { language: languageNames[caption.language] })}
                  />
                }
                data-testid={`video-caption-${caption.language}`}
              />
            </li>
          ))}
        </Stack>
      )}
      {editable && missing.length > 0 && (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ mt: 1.5, alignItems: { sm: 'center' } }}
        >
          <TextField
            select
            size="small"
            label={t('videos.captionsLanguage')}
            value={chosen}
            onChange={(event) => setLanguage(event.target.value as Language)}
            sx={{ minWidth: 180 }}
            disabled={busy}
            slotProps={{ htmlInput: { 'data-testid': 'video-caption-language' } }}
          >
            {missing.map((value) => (
              <MenuItem key={value} value={value} lang={value}>
                {languageNames[value]}
              </MenuItem>
            ))}
          </TextField>
          <Button component="label" variant="outlined" startIcon={<Subtitles />} disabled={busy}>
            {t('videos.addCaptions')}
            <input
              type="file"
              hidden
              accept=".vtt,text/vtt"
              data-testid="video-caption-file"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void add(file);
              }}
            />
          </Button>
        </Stack>
      )}
      {refusal && (
        <Alert severity="error" sx={{ mt: 1 }} role="alert">
          {refusal}
        </Alert>
      )}
    </Box>
  );
}
