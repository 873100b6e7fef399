import Add from '@mui/icons-material/Add';
import AttachFile from '@mui/icons-material/AttachFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type Coverage,
  type CoverageStatus,
  countryName,
  coverageLimits,
  coveragePageSize,
  coverageRejectSchema,
  coverageStatuses,
} from '@pressroom/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Page } from '../../../components/page.tsx';
import { saveBlob } from '../../../lib/api-client.ts';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { translateMessage } from '../../../lib/i18n/contract-messages.ts';
import { notify } from '../../../lib/notifications.ts';
import { useUrlState } from '../../../lib/url-state.ts';
import { useBusyAction } from '../../../lib/use-busy-action.ts';
import { coverageApi, officeCoverageQuery } from '../api.ts';
import { Covers, Detail, PieceLink, StatusChip } from '../components/coverage-parts.tsx';
import { ReportDialog } from '../components/report-dialog.tsx';
import { formatDay, languageName } from '../coverage-view.ts';

/**
 * The press office's coverage of the site: what journalists reported waits here to be approved (public at
 * once) or rejected with a reason (mailed to the journalist); the office may report a piece itself.
 */
export default function CoverageAdminScreen() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { read, update } = useUrlState();
  const status = (coverageStatuses as readonly string[]).includes(read('status') ?? '')
    ? (read('status') as CoverageStatus)
    : 'pending';
  const page = Math.max(0, Number(read('page')) || 0);
  const list = useQuery(officeCoverageQuery(status, page));
  const [rejecting, setRejecting] = useState<Coverage | null>(null);
  const [reporting, setReporting] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['coverage'] });
  const { busy, run } = useBusyAction<number>(refresh);
  const number = new Intl.NumberFormat(i18n.language);
  const shown = list.data?.results ?? [];
  const count = list.data?.count ?? 0;
  return (
    <Page
      title={t('coverage.admin.title')}
      actions={
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setReporting(true)}
          data-testid="coverage-office-report"
        >
          {t('coverage.report.button')}
        </Button>
      }
    >
      <Typography sx={{ mb: 2, maxWidth: '70ch' }}>{t('coverage.admin.intro')}</Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 2, display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <TextField
          select
          size="small"
          label={t('coverage.admin.statusFilter')}
          value={status}
          onChange={(event) =>
            update({ status: event.target.value === 'pending' ? null : event.target.value, page: null })
          }
          sx={{ minWidth: 240 }}
          slotProps={{ htmlInput: { 'data-testid': 'coverage-status-filter' } }}
        >
          {coverageStatuses.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`coverage.status_${value}`)}
            </MenuItem>
          ))}
        </TextField>
        {list.data && (
          <Typography sx={{ alignSelf: 'center' }} role="status" data-testid="coverage-office-count">
            {t('messages.pageCoverageCount', { count: number.format(count) as unknown as number })}
          </Typography>
        )}
      </Paper>
      {list.isError ? (
        <Alert severity="error">{apiErrorMessage(list.error, t('coverage.loadError'))}</Alert>
      ) : !list.data ? (
        <Skeleton variant="rounded" height={240} />
      ) : shown.length === 0 ? (
        <Alert severity="info" data-testid="coverage-office-empty">
          {t('coverage.admin.empty')}
        </Alert>
      ) : (
        <>
          <Stack
            component="ul"
            spacing={2}
            sx={{ listStyle: 'none', p: 0, m: 0 }}
            aria-busy={list.isPlaceholderData}
            data-testid="coverage-office-list"
          >
            {shown.map((piece) => (
              <OfficeCard
                key={piece.id}
                piece={piece}
                busy={busy === piece.id}
                onApprove={() =>
                  run(
                    piece.id,
                    () => coverageApi.approve(piece.id),
                    t('coverage.admin.approved', { title: piece.title }),
                  )
                }
                onReject={() => setRejecting(piece)}
              />
            ))}
          </Stack>
          {count > coveragePageSize && (
            <TablePagination
              component="div"
              count={count}
              page={page}
              rowsPerPage={coveragePageSize}
              rowsPerPageOptions={[coveragePageSize]}
              onPageChange={(_, next) => update({ page: next })}
              labelDisplayedRows={({ from, to, count: total }) =>
                t('coverage.admin.rows', {
                  from: number.format(from),
                  to: number.format(to),
                  count: number.format(total),
                })
              }
              getItemAriaLabel={(type) => t(`coverage.admin.page.${type}`)}
            />
          )}
        </>
      )}
      {rejecting && <RejectDialog piece={rejecting} onClose={() => setRejecting(null)} onDone={refresh} />}
      {reporting && (
        <ReportDialog
          office
          onClose={() => setReporting(false)}
          onDone={async () => {
            setReporting(false);
            await refresh();
          }}
        />
      )}
    </Page>
  );
}

function OfficeCard({
  piece,
  busy,
  onApprove,
  onReject,
}: {
  piece: Coverage;
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
}) {
  const { t, i18n } = useTranslation();
  const headingId = `coverage-office-${piece.id}-heading`;
  const openClipping = async () => {
    try {
      saveBlob(await coverageApi.clipping(piece.clipping!.url), piece.clipping!.file_name);
    } catch (error) {
      notify.error(apiErrorMessage(error));
    }
  };
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 } }}
      data-testid={`coverage-office-${piece.id}`}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <Typography
          id={headingId}
          variant="h2"
          sx={{ fontSize: '1.2rem', flexGrow: 1, overflowWrap: 'anywhere' }}
        >
          <PieceLink piece={piece} />
        </Typography>
        <StatusChip status={piece.status} />
      </Box>
      <Typography
        variant="body2"
        color="text.secondary"
        dir="ltr"
        sx={{ mb: 2, overflowWrap: 'anywhere', textAlign: 'start' }}
      >
        {piece.url}
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gap: 2,
          m: 0,
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            sm: 'repeat(2, minmax(0, 1fr))',
            lg: 'repeat(3, minmax(0, 1fr))',
          },
        }}
      >
        <Detail label={t('coverage.form.outlet')}>
          <span dir="auto">{piece.outlet}</span> · {t(`mediaType.${piece.media_type}`)}
          {piece.reach !== null && ` · ${new Intl.NumberFormat(i18n.language).format(piece.reach)}`}
        </Detail>
        <Detail label={t('coverage.form.publishedOn')}>
          {formatDay(piece.published_on, i18n.language)} · {countryName(piece.country, i18n.language)} ·{' '}
          {languageName(piece.language, i18n.language)}
        </Detail>
        <Detail label={t('coverage.admin.reportedBy')} testId="coverage-reporter">
          {piece.reported_by_office ? (
            t('coverage.admin.office')
          ) : (
            <span dir="auto">{piece.reporter?.name ?? '—'}</span>
          )}{' '}
          · {formatDay(piece.created_at, i18n.language)}
        </Detail>
        <Detail label={t('coverage.admin.covers')}>
          <Covers piece={piece} none={t('coverage.admin.nothing')} />
        </Detail>
        {piece.status === 'rejected' && piece.reject_reason && (
          <Detail label={t('coverage.admin.reason')}>
            <span dir="auto">{piece.reject_reason}</span>
          </Detail>
        )}
      </Box>
      {(piece.clipping || piece.status === 'pending') && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
          {piece.status === 'pending' && (
            <>
              <Button
                variant="contained"
                onClick={onApprove}
                disabled={busy}
                aria-label={t('coverage.admin.approveNamed', { title: piece.title })}
                data-testid="coverage-approve"
              >
                {t('coverage.admin.approve')}
              </Button>
              <Button
                variant="outlined"
                color="error"
                onClick={onReject}
                aria-label={t('coverage.admin.rejectNamed', { title: piece.title })}
                data-testid="coverage-reject"
              >
                {t('coverage.admin.reject')}
              </Button>
            </>
          )}
          {piece.clipping && (
            <Button
              startIcon={<AttachFile />}
              onClick={openClipping}
              aria-label={t('coverage.admin.openClipping', { name: piece.clipping.file_name })}
              data-testid="coverage-clipping-open"
            >
              {t('coverage.form.clipping')}
            </Button>
          )}
        </Box>
      )}
    </Paper>
  );
}

/** Asks the reason of a rejection (required, mailed to the journalist); the contract's schema judges it. */
function RejectDialog({
  piece,
  onClose,
  onDone,
}: {
  piece: Coverage;
  onClose: () => void;
  onDone: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const confirm = async () => {
    const parsed = coverageRejectSchema.safeParse({ reason });
    if (!parsed.success) {
      setReasonError(translateMessage(parsed.error.issues[0]?.message) ?? null);
      throw parsed.error;
    }
    try {
      await coverageApi.reject(piece.id, parsed.data.reason);
    } catch (error) {
      notify.error(apiErrorMessage(error));
      throw error;
    }
    notify.success(t('coverage.admin.rejected', { title: piece.title }));
    await onDone();
  };
  return (
    <ConfirmDialog
      open
      title={t('coverage.admin.rejectTitle', { title: piece.title })}
      text={t('coverage.admin.rejectText')}
      confirmLabel={t('coverage.admin.reject')}
      cancelLabel={t('coverage.admin.back')}
      onConfirm={confirm}
      onClose={onClose}
      testId="coverage-reject-dialog"
    >
      <TextField
        label={t('coverage.admin.reason')}
        required
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
          setReasonError(null);
        }}
        error={Boolean(reasonError)}
        helperText={reasonError}
        multiline
        minRows={2}
        fullWidth
        sx={{ mt: 2 }}
        slotProps={{
          htmlInput: { maxLength: coverageLimits.reason, 'data-testid': 'coverage-reject-reason' },
        }}
      />
    </ConfirmDialog>
  );
}
