import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';
import { paths } from '../../../config/paths.ts';

export function EditorSkeleton() {
  const { t } = useTranslation();
  return (
    <Box aria-busy="true">
      <VisuallyHidden role="status">{t('app.loading')}</VisuallyHidden>
      <Skeleton variant="text" height={56} width="50%" />
      <Skeleton variant="rounded" height={480} />
    </Box>
  );
}

export function BackToList() {
  const { t } = useTranslation();
  return (
    <Button
      component={RouterLink}
      to={paths.pressReleasesAdmin}
      startIcon={
        <ArrowBack sx={(theme) => ({ transform: theme.direction === 'rtl' ? 'scaleX(-1)' : 'none' })} />
      }
    >
      {t('pressReleases.admin.backToList')}
    </Button>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 } }} aria-label={title}>
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
