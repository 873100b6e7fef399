import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The specification's layout loading delay on the main layout. */
export const mainLayoutLoadingDelay = 30;

/** Covers the layout for `delay` ms after it mounts (specification section 4: loading overlays). */
export function LoadingOverlay({ delay }: { delay: number }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const timer = window.setTimeout(() => setVisible(false), delay);
    return () => window.clearTimeout(timer);
  }, [delay]);
  if (!visible) return null;
  return (
    <Box
      data-testid="loading-overlay"
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: (theme) => theme.zIndex.modal + 1,
        bgcolor: 'background.default',
        display: 'grid',
        placeItems: 'center',
      }}
    >
      <CircularProgress aria-label={t('app.loading')} />
    </Box>
  );
}
