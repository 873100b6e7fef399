import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Subtitles from '@mui/icons-material/SubtitlesOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Language, type Video, videoCaptionMaxBytes } from '@pressroom/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../lib/api-error-message.ts';
import { formatBytes } from '../../lib/format-bytes.ts';
import { languageNames, languages } from '../../lib/i18n/languages.ts';
import { notify } from '../../lib/notifications.ts';
import { captionsFileRefusal } from '../../lib/video-upload.ts';
import { videosAdminApi } from '../../lib/videos-api.ts';

/** A video's captions: one WebVTT file per language, added (checked in the browser first) or removed. */
export function VideoCaptions({
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
