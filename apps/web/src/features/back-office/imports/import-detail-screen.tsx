import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { LoadingPlaceholder } from '../../../components/loading-placeholder.tsx';
import { Page } from '../../../components/page.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatBytes } from '../../../lib/format-bytes.ts';
import { importQuery } from '../api.ts';
import { formatDateTime } from '../components/format.ts';
import { RequirePermission } from '../components/require-permission.tsx';
import { ImportRowsTable, ImportSummaryView } from './import-rows.tsx';
import { ImportStatusChip } from './imports-screen.tsx';

/** Back office: one import of the history: its file, who ran it, and its report row by row. */
export default function ImportDetailScreen() {
  const { t } = useTranslation();
  return (
    <RequirePermission
      anyOf={['company.import', 'press_release.manage_all']}
      title={t('backOffice.imports.detailTitle')}
    >
      <ImportDetail />
    </RequirePermission>
  );
}

function ImportDetail() {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const record = useQuery({ ...importQuery(valid ? id : 0), enabled: valid });
  const title = t('backOffice.imports.detailTitle');
  const back = (
    <Link component={RouterLink} to={paths.adminImports}>
      {t('backOffice.imports.history')}
    </Link>
  );
  if (!valid || record.isError) {
    return (
      <Page title={title} actions={back}>
        <Alert severity="error">
          {!valid || (record.error instanceof ApiError && record.error.status === 404)
            ? t('backOffice.imports.notFound')
            : record.error?.message}
        </Alert>
      </Page>
    );
  }
  if (!record.data) {
    return (
      <Page title={title} actions={back}>
        <LoadingPlaceholder height={320} />
      </Page>
    );
  }
  const data = record.data;
  const facts: [string, React.ReactNode][] = [
    [t('backOffice.imports.file'), `${data.file_name} (${formatBytes(data.size, i18n.language)})`],
    [t('backOffice.imports.format'), t(`backOffice.importFormat.${data.format}`)],
    ...(data.table ? ([[t('backOffice.imports.table'), data.table]] as [string, string][]) : []),
    [t('backOffice.imports.status'), <ImportStatusChip key="status" status={data.status} />],
    [t('backOffice.imports.by'), data.created_by?.email ?? '–'],
    [t('backOffice.imports.when'), formatDateTime(data.created_at, i18n.language)],
    [t('backOffice.imports.finished'), formatDateTime(data.finished_at, i18n.language)],
  ];
  return (
    <Page title={title} actions={back}>
      <Stack spacing={3}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
              columnGap: 3,
              rowGap: 1,
              m: 0,
            }}
          >
            {facts.map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {label}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
          {data.error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {data.error}
            </Alert>
          )}
        </Paper>
        {data.report ? (
          <>
            <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
              {t('backOffice.imports.steps.report')}
            </Typography>
            <ImportSummaryView summary={data.report} phase="import" />
            <ImportRowsTable importId={data.id} phase="import" target={data.target} />
          </>
        ) : data.dry_run ? (
          <>
            <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
              {t('backOffice.imports.steps.dryRun')}
            </Typography>
            <ImportSummaryView summary={data.dry_run} phase="dry_run" />
            <ImportRowsTable importId={data.id} phase="dry_run" target={data.target} />
          </>
        ) : (
          <Alert severity="info">{t('backOffice.imports.notRun')}</Alert>
        )}
      </Stack>
    </Page>
  );
}
