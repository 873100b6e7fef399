import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** A screen failed to load (usually a chunk after a new deployment) or to render: offer a reload. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error('route error', error);
  }, [error]);
  const chunk = error instanceof Error && /dynamically imported module|Importing a module script/i.test(error.message);
  return (
    <Container component="main" maxWidth="sm" sx={{ py: 6 }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => window.location.reload()}>
            {t('errors.reload')}
          </Button>
        }
      >
        {chunk ? t('errors.chunkLoad') : t('errors.generic')}
      </Alert>
    </Container>
  );
}
