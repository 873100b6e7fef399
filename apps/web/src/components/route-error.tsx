import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { heldError, isChunkLoadError } from '../lib/held-error.ts';

/** A screen failed to load (usually a chunk after a new deployment) or to render: offer a reload. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error('route error', error);
    // Held for the floating error button, which offers to report it.
    heldError.hold(error);
  }, [error]);
  const chunk = isChunkLoadError(error);
  return (
    <Container component="main" maxWidth="sm" sx={{ py: 6 }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {t('errors.generic')}
      </Typography>
      <Typography role="alert" sx={{ mb: 3 }}>
        {chunk ? t('errors.chunkLoad') : String(error instanceof Error ? error.message : '')}
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </Button>
    </Container>
  );
}
