import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import type { GalleryDownload } from '@pressroom/contract';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../lib/format-bytes.ts';

/**
 * Shown before a ZIP download: what it holds, and the credit and usage terms the journalist must respect.
 * The download itself is a plain link, so the browser streams it to disk whatever its size.
 */
export function DownloadDialog({
  download,
  error,
  onClose,
}: {
  download: GalleryDownload | null;
  error: string | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Dialog
      open={Boolean(download || error)}
      onClose={onClose}
      aria-labelledby="download-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="download-title">{t('gallery.downloadTitle')}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" data-testid="download-error">
            {error}
          </Alert>
        )}
        {download && (
          <>
            <DialogContentText>
              {t('gallery.downloadIntro', {
                count: download.file_count,
                size: formatBytes(download.total_size, i18n.language),
              })}
            </DialogContentText>
            <List dense data-testid="download-credits">
              {download.credits.map((entry) => (
                <ListItem key={`${entry.credit}|${entry.usage_terms}`} disableGutters>
                  <ListItemText
                    primary={t('gallery.credit', { credit: entry.credit || t('gallery.noCredit') })}
                    secondary={[
                      entry.usage_terms ? t('gallery.usageTerms', { terms: entry.usage_terms }) : '',
                      entry.image_count > 0
                        ? t('gallery.imagesWithCredit', { count: entry.image_count })
                        : '',
                      entry.video_count > 0 ? t('videos.heading', { count: entry.video_count }) : '',
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  />
                </ListItem>
              ))}
            </List>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('gallery.cancel')}</Button>
        {download && (
          <Button variant="contained" href={download.url} download={download.file_name} onClick={onClose}>
            {t('gallery.startDownload')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
