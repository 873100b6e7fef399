import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';

/**
 * Where a screen's content will be while it loads: a placeholder of its size, named for screen readers as an
 * indeterminate progress bar (a name needs a role: a bare placeholder with one is an ARIA error).
 */
export function LoadingPlaceholder({ height }: { height: number }) {
  const { t } = useTranslation();
  return <Skeleton variant="rounded" height={height} role="progressbar" aria-label={t('app.loading')} />;
}
