import Share from '@mui/icons-material/Share';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifications.ts';

/**
 * Shares a link: the system share sheet where the browser has one (phones), else the link is copied to the
 * clipboard and a notification says so.
 */
export function ShareButton({ title, url }: { title: string; url: string }) {
  const { t } = useTranslation();
  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // The reader closed the share sheet: nothing to do.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      notify.success(t('pressReleases.linkCopied'));
    } catch {
      notify.error(t('pressReleases.linkNotCopied', { url }));
    }
  };
  return (
    <Button onClick={share} startIcon={<Share />} data-testid="share-release">
      {t('pressReleases.share')}
    </Button>
  );
}
