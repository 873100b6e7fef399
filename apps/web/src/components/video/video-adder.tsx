import Close from '@mui/icons-material/Close';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import VideoFile from '@mui/icons-material/VideoFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type Video,
  videoAcceptAttribute,
  videoAcceptedFormatsIn,
  videoPosterAcceptAttribute,
} from '@pressroom/contract';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../lib/api-error-message.ts';
import { formatBytes } from '../../lib/format-bytes.ts';
import { notify } from '../../lib/notifications.ts';
import { useSiteInfo } from '../../lib/site.ts';
import { frameOfVideo } from '../../lib/video-frame.ts';
import {
  type RunningUpload,
  type UploadState,
  uploadInParts,
  videoChecksFor,
  videoFileRefusal,
} from '../../lib/video-upload.ts';
import { type VideoOwner, videosAdminApi, videoUploadTransport } from '../../lib/videos-api.ts';

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
