import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ImportEvent, ImportPhase } from '@pressroom/contract';
import { useTranslation } from 'react-i18next';

/** A dry run's or an import's progress as the server reports it. */
export function ProgressView({
  event,
  phase,
  finished,
}: {
  event: ImportEvent | null;
  phase: ImportPhase;
  finished: boolean;
}) {
  const { t } = useTranslation();
  const progress = event?.progress;
  const percent = finished ? 100 : Math.round(progress?.percent ?? 0);
  const label = phase === 'dry_run' ? t('backOffice.imports.checking') : t('backOffice.imports.importing');
  return (
    <Box>
      <LinearProgress
        variant={event ? 'determinate' : 'indeterminate'}
        value={percent}
        aria-label={label}
        color={event?.status === 'failed' ? 'error' : 'primary'}
        data-testid={`${phase}-progress`}
      />
      <Typography variant="body2" role="status" sx={{ mt: 0.5 }} data-testid={`${phase}-status`}>
        {finished
          ? event?.status === 'failed'
            ? t('backOffice.imports.failed')
            : phase === 'dry_run'
              ? t('backOffice.imports.checked')
              : t('backOffice.imports.imported')
          : progress?.total
            ? t('backOffice.imports.progressRows', {
                label,
                processed: progress.processed,
                total: progress.total,
              })
            : t('backOffice.imports.progressPercent', { label, percent })}
      </Typography>
    </Box>
  );
}
