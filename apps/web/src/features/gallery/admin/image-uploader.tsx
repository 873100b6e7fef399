import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlined';
import UploadFile from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { formatBytes } from '../../../lib/format-bytes.ts';
import { uploadGalleryImage } from './api.ts';

type UploadStatus = 'waiting' | 'uploading' | 'processing' | 'done' | 'failed';

interface UploadEntry {
  key: number;
  file: File;
  status: UploadStatus;
  /** Fraction of the file sent, 0 to 1. */
  sent: number;
  error?: string;
}

const accepted = 'image/jpeg,image/png,image/webp,image/gif,image/tiff,image/avif';
let nextKey = 1;

/**
 * Uploads many images at once: one request per file, one after the other, each with its own progress bar and
 * its own outcome (the server's translated message when it refuses one); an overall bar counts the bytes.
 * Credit and usage terms typed here apply to every image of the batch.
 */
export function ImageUploader({ galleryId, onUploaded }: { galleryId: number; onUploaded: () => unknown }) {
  const { t, i18n } = useTranslation();
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const [credit, setCredit] = useState('');
  const [usageTerms, setUsageTerms] = useState('');
  const [running, setRunning] = useState(false);

  const change = (key: number, changes: Partial<UploadEntry>) =>
    setEntries((current) => current.map((entry) => (entry.key === key ? { ...entry, ...changes } : entry)));

  const start = async (files: File[]) => {
    if (files.length === 0) return;
    const added = files.map((file) => ({ key: nextKey++, file, status: 'waiting' as const, sent: 0 }));
    setEntries((current) => [...current.filter((entry) => entry.status !== 'done'), ...added]);
    setRunning(true);
    for (const entry of added) {
      change(entry.key, { status: 'uploading' });
      try {
        const upload = uploadGalleryImage(
          galleryId,
          entry.file,
          { credit: credit.trim(), usageTerms: usageTerms.trim() },
          i18n.language,
          (sent) => change(entry.key, { sent, status: sent >= 1 ? 'processing' : 'uploading' }),
        );
        await upload.done;
        change(entry.key, { status: 'done', sent: 1 });
        await onUploaded();
      } catch (error) {
        change(entry.key, { status: 'failed', error: apiErrorMessage(error) });
      }
    }
    setRunning(false);
  };

  const totalBytes = entries.reduce((sum, entry) => sum + entry.file.size, 0);
  const sentBytes = entries.reduce(
    (sum, entry) => sum + (entry.status === 'failed' ? entry.file.size : entry.sent * entry.file.size),
    0,
  );
  const done = entries.filter((entry) => entry.status === 'done').length;
  const failed = entries.filter((entry) => entry.status === 'failed').length;

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="upload-title">
      <Typography id="upload-title" variant="h3" sx={{ fontSize: '1.1rem', mb: 2 }}>
        {t('galleryAdmin.uploadTitle')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mb: 2 }}>
        <TextField
          size="small"
          label={`${t('galleryAdmin.credit')} (${t('app.optional')})`}
          value={credit}
          onChange={(event) => setCredit(event.target.value)}
          disabled={running}
          slotProps={{ htmlInput: { maxLength: 300, 'data-testid': 'upload-credit' } }}
          helperText={t('galleryAdmin.creditHint')}
        />
        <TextField
          size="small"
          label={`${t('galleryAdmin.usageTerms')} (${t('app.optional')})`}
          value={usageTerms}
          onChange={(event) => setUsageTerms(event.target.value)}
          disabled={running}
          slotProps={{ htmlInput: { maxLength: 5000, 'data-testid': 'upload-usage-terms' } }}
        />
      </Box>
      <Button component="label" variant="contained" startIcon={<UploadFile />} disabled={running}>
        {t('galleryAdmin.chooseImages')}
        <input
          type="file"
          hidden
          multiple
          accept={accepted}
          data-testid="upload-images"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            void start(files);
          }}
        />
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('galleryAdmin.uploadHint')}
      </Typography>

      {entries.length > 0 && (
        <Box sx={{ mt: 2 }} data-testid="upload-list">
          <Typography role="status" variant="body2" sx={{ mb: 1 }} data-testid="upload-summary">
            {t('galleryAdmin.uploadSummary', { done, total: entries.length })}
            {failed > 0 && ` · ${t('galleryAdmin.uploadFailedCount', { count: failed })}`}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={totalBytes > 0 ? Math.round((sentBytes / totalBytes) * 100) : 0}
            aria-label={t('galleryAdmin.overallProgress')}
            sx={{ height: 8, borderRadius: 1, mb: 2 }}
            data-testid="upload-overall-progress"
          />
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {entries.map((entry) => (
              <Box
                component="li"
                key={entry.key}
                data-testid="upload-entry"
                data-status={entry.status}
                sx={{ display: 'grid', gap: 0.5 }}
              >
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
                  {entry.status === 'done' && (
                    <CheckCircleOutline color="success" fontSize="small" aria-hidden />
                  )}
                  {entry.status === 'failed' && <ErrorOutline color="error" fontSize="small" aria-hidden />}
                  <Typography variant="body2" noWrap sx={{ flexGrow: 1, minWidth: 0 }} dir="auto">
                    {entry.file.name} · {formatBytes(entry.file.size, i18n.language)}
                  </Typography>
                  <Typography
                    variant="body2"
                    color={entry.status === 'failed' ? 'error' : 'text.secondary'}
                    sx={{ flexShrink: 0 }}
                  >
                    {entry.status === 'uploading'
                      ? t('galleryAdmin.uploadPercent', { percent: Math.round(entry.sent * 100) })
                      : t(`galleryAdmin.uploadStatus.${entry.status}`)}
                  </Typography>
                </Stack>
                <LinearProgress
                  variant={entry.status === 'processing' ? 'indeterminate' : 'determinate'}
                  value={Math.round(entry.sent * 100)}
                  color={
                    entry.status === 'failed' ? 'error' : entry.status === 'done' ? 'success' : 'primary'
                  }
                  aria-label={t('galleryAdmin.fileProgress', { name: entry.file.name })}
                />
                {entry.error && (
                  <Typography variant="body2" color="error" role="alert" data-testid="upload-error">
                    {entry.error}
                  </Typography>
                )}
              </Box>
            ))}
          </Stack>
        </Box>
      )}
    </Paper>
  );
}
