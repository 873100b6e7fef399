import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { coverageFiltersQuery, pressDataQuery } from '../api.ts';
import { ReportForm } from './report-form.tsx';

/**
 * Reports a published piece: a journalist's waits for the press office (their press data fills the outlet,
 * media type, country and reach), the office's own is published at once. The clipping, when given, follows
 * the piece in a second call (a file upload of its own).
 */
export function ReportDialog({
  office,
  onClose,
  onDone,
}: {
  office: boolean;
  onClose: () => void;
  onDone: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const filters = useQuery(coverageFiltersQuery());
  const pressData = useQuery({ ...pressDataQuery(), enabled: !office });
  const ready = filters.data && (office || pressData.data || pressData.isError);
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      maxWidth="md"
      fullWidth
      fullScreen={fullScreen}
      data-testid="coverage-report-dialog"
    >
      <DialogTitle id={`${id}-title`}>
        {t(office ? 'coverage.report.officeTitle' : 'coverage.report.title')}
      </DialogTitle>
      {filters.isError ? (
        <DialogContent>
          <Alert severity="error">{apiErrorMessage(filters.error, t('coverage.loadError'))}</Alert>
        </DialogContent>
      ) : !ready ? (
        <DialogContent>
          <Skeleton variant="rounded" height={360} />
        </DialogContent>
      ) : (
        <ReportForm
          office={office}
          filters={filters.data}
          pressData={pressData.data ?? null}
          onClose={onClose}
          onDone={onDone}
        />
      )}
    </Dialog>
  );
}
