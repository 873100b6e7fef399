import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import type { CompanyImport } from '@pressroom/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { ServerTable, type TableColumn } from '../../../components/server-table.tsx';
import { paths } from '../../../config/paths.ts';
import { importsQuery } from '../api.ts';
import { formatDateTime } from '../components/format.ts';
import { RequirePermission } from '../components/require-permission.tsx';
import { ToneChip } from '../components/tone-chip.tsx';

const statusColors = {
  uploaded: 'default',
  checking: 'info',
  checked: 'info',
  importing: 'info',
  done: 'success',
  failed: 'error',
} as const;

export function ImportStatusChip({ status }: { status: CompanyImport['status'] }) {
  const { t } = useTranslation();
  return <ToneChip tone={statusColors[status]} label={t(`backOffice.importStatus.${status}`)} />;
}

/** Back office: the import history, newest first, each with what it filled and what it did. */
export default function ImportsScreen() {
  const { t } = useTranslation();
  return (
    <RequirePermission
      anyOf={['company.import', 'press_release.manage_all']}
      title={t('backOffice.imports.title')}
    >
      <ImportHistory />
    </RequirePermission>
  );
}

function ImportHistory() {
  const { t, i18n } = useTranslation();
  const columns: TableColumn<CompanyImport>[] = [
    {
      key: 'created_at',
      label: t('backOffice.imports.when'),
      sortable: true,
      rowHeader: true,
      render: (row) => (
        <Link component={RouterLink} to={paths.adminImport(row.id)} sx={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(row.created_at, i18n.language)}
        </Link>
      ),
    },
    {
      key: 'file_name',
      label: t('backOffice.imports.file'),
      sortable: true,
      render: (row) => `${row.file_name}${row.table ? ` (${row.table})` : ''}`,
    },
    {
      key: 'target',
      label: t('backOffice.imports.target'),
      render: (row) => t(`backOffice.imports.targetNames.${row.target}`),
    },
    {
      key: 'status',
      label: t('backOffice.imports.status'),
      sortable: true,
      render: (row) => <ImportStatusChip status={row.status} />,
    },
    {
      key: 'created_by',
      label: t('backOffice.imports.by'),
      sortable: true,
      render: (row) => row.created_by?.email ?? '–',
    },
    {
      key: 'report',
      label: t('backOffice.imports.result'),
      render: (row) =>
        row.report
          ? t('backOffice.imports.resultText', {
              created: t('backOffice.imports.resultCreated', { count: row.report.created }),
              updated: t('backOffice.imports.resultUpdated', { count: row.report.updated }),
              skipped: t('backOffice.imports.resultSkipped', { count: row.report.skipped }),
            })
          : '–',
    },
  ];
  return (
    <Page
      title={t('backOffice.imports.title')}
      actions={
        <Button
          component={RouterLink}
          to={paths.adminImportNew}
          variant="contained"
          startIcon={<Add />}
          data-testid="new-import"
        >
          {t('backOffice.imports.newImport')}
        </Button>
      }
    >
      <ServerTable
        label={t('backOffice.imports.title')}
        columns={columns}
        query={importsQuery}
        rowKey={(row) => row.id}
        searchLabel={t('backOffice.imports.search')}
        emptyText={t('backOffice.imports.empty')}
        testId="import-table"
        defaultOrder={{ column: 'created_at', dir: 'desc' }}
      />
    </Page>
  );
}
