import Add from '@mui/icons-material/Add';
import LockClock from '@mui/icons-material/LockClock';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  type PressReleaseEditListItem,
  type PressReleaseStatus,
  pressReleaseStatuses,
} from '@pressroom/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { ServerTable, type TableColumn } from '../../../components/server-table.tsx';
import { paths } from '../../../config/paths.ts';
import { languageNames, languages } from '../../../lib/i18n/languages.ts';
import { sitesQuery } from '../../../lib/sites-query.ts';
import { useUrlState } from '../../../lib/url-state.ts';
import { adminReleasesQuery } from '../api/releases-api.ts';
import { formatDate } from '../components/release-meta.tsx';
import { RequireReleaseEditor } from './require-release-editor.tsx';
import { StatusChip } from './status-chip.tsx';

/** Back office: the releases the user may edit, of every status, with filters; the way into the editor. */
export default function ReleasesAdminScreen() {
  const { t } = useTranslation();
  return (
    <RequireReleaseEditor title={t('pressReleases.admin.title')}>
      <ReleasesAdminList />
    </RequireReleaseEditor>
  );
}

function ReleasesAdminList() {
  const { t, i18n } = useTranslation();
  const { params, update } = useUrlState();
  const status = (pressReleaseStatuses as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as PressReleaseStatus)
    : '';
  const language = (languages as readonly string[]).includes(params.get('language') ?? '')
    ? (params.get('language') as string)
    : '';
  const group = Number(params.get('site')) || null;
  const groups = useQuery(sitesQuery);

  // A changed filter starts again from the first page.
  const setFilter = (name: string, value: string) => update({ [name]: value, page: null });

  const groupName = (id: number) => groups.data?.find((entry) => entry.id === id)?.name ?? `#${id}`;
  const embargoText = (until: string) =>
    t('pressReleases.embargoedUntil', { date: formatDate(until, i18n.language, true) });

  const columns: TableColumn<PressReleaseEditListItem>[] = [
    {
      key: 'title',
      label: t('pressReleases.admin.columnTitle'),
      render: (release) => (
        <Box sx={{ minWidth: 220 }}>
          <Link
            component={RouterLink}
            to={paths.pressReleaseEdit(release.id)}
            lang={release.language}
            sx={{ fontWeight: 500 }}
          >
            {release.title || t('pressReleases.admin.untitled')}
          </Link>
          {release.embargo_until && (
            <Tooltip title={embargoText(release.embargo_until)}>
              <LockClock
                fontSize="small"
                color="warning"
                aria-label={embargoText(release.embargo_until)}
                role="img"
                sx={{ verticalAlign: 'middle', mx: 0.5 }}
              />
            </Tooltip>
          )}
          <Typography variant="caption" color="text.secondary" component="div">
            {languageNames[release.language as keyof typeof languageNames] ?? release.language}
          </Typography>
        </Box>
      ),
    },
    {
      key: 'status',
      label: t('pressReleases.admin.status'),
      render: (release) => <StatusChip status={release.status} scheduled={release.scheduled} />,
    },
    {
      key: 'publication_date',
      label: t('pressReleases.admin.columnDate'),
      render: (release) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {formatDate(release.publication_date, i18n.language)}
        </Box>
      ),
    },
    {
      key: 'number',
      label: t('pressReleases.admin.columnNumber'),
      render: (release) => (release.number === null ? '–' : `${release.number}/${release.year}`),
    },
    {
      key: 'groups',
      label: t('pressReleases.admin.site'),
      render: (release) => (
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {release.groups.map((id) => (
            <Typography key={id} variant="body2" component="span">
              {groupName(id)}
            </Typography>
          ))}
        </Stack>
      ),
    },
    {
      key: 'updated_at',
      label: t('pressReleases.admin.columnUpdated'),
      render: (release) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {formatDate(release.updated_at, i18n.language)}
        </Box>
      ),
    },
  ];

  return (
    <Page
      title={t('pressReleases.admin.title')}
      actions={
        <Button
          component={RouterLink}
          to={paths.pressReleaseNew}
          variant="contained"
          startIcon={<Add />}
          data-testid="new-release"
        >
          {t('pressReleases.admin.new')}
        </Button>
      }
    >
      <ServerTable
        label={t('pressReleases.admin.title')}
        columns={columns}
        query={(request) =>
          adminReleasesQuery(
            {
              status,
              language,
              group,
              search: request.search,
              page: request.page,
              pageSize: request.pageSize,
            },
            i18n.language,
          )
        }
        rowKey={(release) => release.id}
        searchLabel={t('pressReleases.admin.search')}
        emptyText={t('pressReleases.admin.empty')}
        testId="admin-release"
        filterCount={3}
        countText={(page) => t('pressReleases.admin.count', { count: page.recordsFiltered })}
        filters={
          <>
            <TextField
              select
              size="small"
              label={t('pressReleases.admin.status')}
              value={status}
              onChange={(event) => setFilter('status', event.target.value)}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              data-testid="filter-status"
            >
              <MenuItem value="">{t('pressReleases.admin.anyStatus')}</MenuItem>
              {pressReleaseStatuses.map((value) => (
                <MenuItem key={value} value={value}>
                  {t(`pressReleases.status.${value}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t('pressReleases.admin.language')}
              value={language}
              onChange={(event) => setFilter('language', event.target.value)}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">{t('pressReleases.admin.anyLanguage')}</MenuItem>
              {languages.map((value) => (
                <MenuItem key={value} value={value} lang={value}>
                  {languageNames[value]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t('pressReleases.admin.site')}
              value={group ?? ''}
              onChange={(event) => setFilter('site', event.target.value)}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">{t('pressReleases.admin.anySite')}</MenuItem>
              {(groups.data ?? []).map((entry) => (
                <MenuItem key={entry.id} value={entry.id}>
                  {entry.name}
                </MenuItem>
              ))}
            </TextField>
          </>
        }
      />
    </Page>
  );
}
