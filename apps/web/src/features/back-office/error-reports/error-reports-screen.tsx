import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { ErrorReport } from '@pressroom/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page.tsx';
import { ServerTable, type TableColumn } from '../../../components/server-table.tsx';
import { errorReportsQuery } from '../api.ts';
import { formatDateTime } from '../components/format.ts';
import { RequirePermission } from '../components/require-permission.tsx';
import { ToneChip } from '../components/tone-chip.tsx';

const levelColors = { fatal: 'error', error: 'error', warning: 'warning', info: 'info' } as const;

/** Back office: the reports sent from the crash-report dialog, newest first (administrator_global). */
export default function ErrorReportsScreen() {
  const { t } = useTranslation();
  return (
    <RequirePermission anyOf={['error_report.read']} title={t('backOffice.errorReports.title')}>
      <ErrorReportList />
    </RequirePermission>
  );
}

function ErrorReportList() {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState<ErrorReport | null>(null);
  const columns: TableColumn<ErrorReport>[] = [
    {
      key: 'created_at',
      label: t('backOffice.errorReports.when'),
      sortable: true,
      rowHeader: true,
      render: (row) => (
        <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.created_at, i18n.language)}</span>
      ),
    },
    {
      key: 'level',
      label: t('backOffice.errorReports.level'),
      sortable: true,
      render: (row) => (
        <ToneChip tone={levelColors[row.level]} label={t(`backOffice.errorLevel.${row.level}`)} />
      ),
    },
    {
      key: 'message',
      label: t('backOffice.errorReports.message'),
      sortable: true,
      render: (row) => (
        <Typography variant="body2" dir="auto" sx={{ maxWidth: 420, overflowWrap: 'anywhere' }}>
          {row.message}
        </Typography>
      ),
    },
    {
      key: 'user',
      label: t('backOffice.errorReports.sender'),
      sortable: true,
      render: (row) => row.user?.email ?? (row.email || row.name || t('backOffice.errorReports.anonymous')),
    },
    {
      key: 'url',
      label: t('backOffice.errorReports.details'),
      render: (row) => (
        <Button size="small" onClick={() => setOpen(row)} data-testid="error-report-open">
          {t('backOffice.errorReports.open')}
        </Button>
      ),
    },
  ];
  return (
    <Page title={t('backOffice.errorReports.title')}>
      <ServerTable
        label={t('backOffice.errorReports.title')}
        columns={columns}
        query={errorReportsQuery}
        rowKey={(row) => row.id}
        searchLabel={t('backOffice.errorReports.search')}
        emptyText={t('backOffice.errorReports.empty')}
        testId="error-report-table"
        defaultOrder={{ column: 'created_at', dir: 'desc' }}
      />
      <ReportDialog report={open} onClose={() => setOpen(null)} />
    </Page>
  );
}

function ReportDialog({ report, onClose }: { report: ErrorReport | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const rows: [string, string][] = report
    ? [
        [t('backOffice.errorReports.when'), formatDateTime(report.created_at, i18n.language)],
        [t('backOffice.errorReports.level'), t(`backOffice.errorLevel.${report.level}`)],
        [t('backOffice.errorReports.message'), report.message],
        [t('backOffice.errorReports.comments'), report.comments],
        [
          t('backOffice.errorReports.sender'),
          [report.name, report.email, report.user?.email].filter(Boolean).join(' · '),
        ],
        [t('backOffice.errorReports.url'), report.url],
        [t('backOffice.errorReports.site'), [report.site, report.language].filter(Boolean).join(' · ')],
        [t('backOffice.errorReports.userAgent'), report.user_agent],
      ]
    : [];
  return (
    <Dialog open={report !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{t('backOffice.errorReports.detailTitle')}</DialogTitle>
      <DialogContent>
        <dl style={{ margin: 0 }}>
          {rows
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <div key={label} style={{ marginBottom: 12 }}>
                <Typography component="dt" variant="subtitle2">
                  {label}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {value}
                </Typography>
              </div>
            ))}
        </dl>
        {report?.stack && (
          <>
            <Typography variant="subtitle2">{t('backOffice.errorReports.stack')}</Typography>
            <Typography
              component="pre"
              variant="body2"
              tabIndex={0}
              sx={{
                fontFamily: 'monospace',
                fontSize: 12,
                whiteSpace: 'pre-wrap',
                bgcolor: 'action.hover',
                p: 1.5,
                borderRadius: 1,
                overflow: 'auto',
                maxHeight: 240,
              }}
            >
              {report.stack}
            </Typography>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('app.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
