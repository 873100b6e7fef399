import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import { useLastRefreshed, useOnline, useWaitingForNetwork } from '../lib/connection.ts';
import { applyUpdate, useUpdateReady } from '../lib/service-worker.ts';

/**
 * Says when the app reads without a network, and from when what it shows dates (decision 29), announced to
 * screen readers as it appears; and offers a new version of the app once it is ready to take over.
 */
export function ConnectionStatus() {
  const { t, i18n } = useTranslation();
  const online = useOnline();
  const refreshed = useLastRefreshed();
  const waiting = useWaitingForNetwork();
  const updateReady = useUpdateReady();
  const when =
    refreshed === null
      ? null
      : new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(refreshed);
  return (
    <>
      <div role="status" aria-live="polite">
        {!online && (
          <Alert
            severity="warning"
            variant="filled"
            data-testid="offline-notice"
            sx={{
              position: 'fixed',
              insetInline: 0,
              bottom: 0,
              zIndex: (theme) => theme.zIndex.snackbar,
              borderRadius: 0,
            }}
          >
            {when ? t('app.offlineSince', { when }) : t('app.offline')}
            {waiting && (
              <>
                {' '}
                <span data-testid="offline-missing">{t('app.offlineMissing')}</span>
              </>
            )}
          </Alert>
        )}
      </div>
      <Snackbar
        open={updateReady}
        message={t('app.updateReady')}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        action={
          <Button color="inherit" size="small" onClick={applyUpdate}>
            {t('app.updateApply')}
          </Button>
        }
      />
    </>
  );
}
