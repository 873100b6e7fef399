import Add from '@mui/icons-material/Add';
import LockClock from '@mui/icons-material/LockClock';
import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type PressReleaseStatus, pressReleaseStatuses } from '@pressroom/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { Page } from '../../../components/page.tsx';
import { languageNames, languages } from '../../../lib/i18n/languages.ts';
import { adminReleasesQuery, pressGroupsQuery } from '../api/releases-api.ts';
import { formatDate } from '../components/release-meta.tsx';
import { searchDelayMs } from '../components/releases-browser.tsx';
import { VisuallyHidden } from '../components/visually-hidden.tsx';
import { RequireReleaseEditor } from './require-release-editor.tsx';
import { StatusChip } from './status-chip.tsx';

const pageSizes = [10, 25, 50];

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
  const [params, setParams] = useSearchParams();
  const status = (pressReleaseStatuses as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as PressReleaseStatus)
    : '';
  const language = (languages as readonly string[]).includes(params.get('language') ?? '')
    ? (params.get('language') as string)
    : '';
  const group = Number(params.get('site')) || null;
  const search = (params.get('q') ?? '').trim();
  const pageSize = pageSizes.includes(Number(params.get('size'))) ? Number(params.get('size')) : pageSizes[0];
  const page = Math.max(0, Number(params.get('page')) || 0);
  const [text, setText] = useState(search);
  const groups = useQuery(pressGroupsQuery);
  const releases = useQuery(
    adminReleasesQuery({ status, language, group, search, page, pageSize }, i18n.language),
  );

  const update = (changes: Record<string, string | number | null>, replace = false) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '' || value === 0) next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      },
      { replace },
    );

  // biome-ignore lint/correctness/useExhaustiveDependencies: only the typed text starts a search
  useEffect(() => {
    if (text.trim() === search) return;
    const timer = window.setTimeout(() => update({ q: text.trim(), page: null }, true), searchDelayMs);
    return () => window.clearTimeout(timer);
  }, [text]);

  const groupName = (id: number) => groups.data?.find((entry) => entry.id === id)?.name ?? `#${id}`;

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
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Box
          role="search"
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '2fr 1fr 1fr 1fr' },
          }}
        >
          <TextField
            type="search"
            size="small"
            label={t('pressReleases.admin.search')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            slotProps={{
              htmlInput: { 'data-testid': 'admin-release-search', maxLength: 200 },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <Search aria-hidden="true" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <TextField
            select
            size="small"
            label={t('pressReleases.admin.status')}
            value={status}
            onChange={(event) => update({ status: event.target.value, page: null })}
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
            onChange={(event) => update({ language: event.target.value, page: null })}
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
            onChange={(event) => update({ site: event.target.value, page: null })}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t('pressReleases.admin.anySite')}</MenuItem>
            {(groups.data ?? []).map((entry) => (
              <MenuItem key={entry.id} value={entry.id}>
                {entry.name}
              </MenuItem>
            ))}
          </TextField>
        </Box>
      </Paper>
      {releases.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => releases.refetch()}>
              {t('app.retry')}
            </Button>
          }
        >
          {releases.error.message || t('pressReleases.listLoadError')}
        </Alert>
      ) : !releases.data ? (
        <Box aria-busy="true">
          <VisuallyHidden role="status">{t('app.loading')}</VisuallyHidden>
          <Skeleton variant="rounded" height={280} />
        </Box>
      ) : (
        <Paper variant="outlined">
          <Typography role="status" variant="body2" color="text.secondary" sx={{ px: 2, pt: 1.5 }}>
            {t('pressReleases.admin.count', { count: releases.data.recordsFiltered })}
          </Typography>
          <TableContainer>
            <Table size="small" aria-label={t('pressReleases.admin.title')} data-testid="admin-release-table">
              <TableHead>
                <TableRow>
                  <TableCell>{t('pressReleases.admin.columnTitle')}</TableCell>
                  <TableCell>{t('pressReleases.admin.status')}</TableCell>
                  <TableCell>{t('pressReleases.admin.columnDate')}</TableCell>
                  <TableCell>{t('pressReleases.admin.columnNumber')}</TableCell>
                  <TableCell>{t('pressReleases.admin.site')}</TableCell>
                  <TableCell>{t('pressReleases.admin.columnUpdated')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody sx={{ opacity: releases.isPlaceholderData ? 0.6 : 1 }}>
                {releases.data.data.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={6}>
                      <Typography sx={{ py: 2 }}>{t('pressReleases.admin.empty')}</Typography>
                    </TableCell>
                  </TableRow>
                )}
                {releases.data.data.map((release) => (
                  <TableRow key={release.id} hover data-testid="admin-release-row">
                    <TableCell sx={{ minWidth: 220 }}>
                      <Link
                        component={RouterLink}
                        to={paths.pressReleaseEdit(release.id)}
                        lang={release.language}
                        sx={{ fontWeight: 500 }}
                      >
                        {release.title || t('pressReleases.admin.untitled')}
                      </Link>
                      {release.embargo_until && (
                        <Tooltip
                          title={t('pressReleases.embargoedUntil', {
                            date: formatDate(release.embargo_until, i18n.language, true),
                          })}
                        >
                          <LockClock
                            fontSize="small"
                            color="warning"
                            aria-label={t('pressReleases.embargoedUntil', {
                              date: formatDate(release.embargo_until, i18n.language, true),
                            })}
                            role="img"
                            sx={{ verticalAlign: 'middle', mx: 0.5 }}
                          />
                        </Tooltip>
                      )}
                      <Typography variant="caption" color="text.secondary" component="div">
                        {languageNames[release.language as keyof typeof languageNames] ?? release.language}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <StatusChip status={release.status} />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatDate(release.publication_date, i18n.language)}
                    </TableCell>
                    <TableCell>
                      {release.number === null ? '–' : `${release.number}/${release.year}`}
                    </TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                        {release.groups.map((id) => (
                          <Typography key={id} variant="body2" component="span">
                            {groupName(id)}
                          </Typography>
                        ))}
                      </Stack>
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatDate(release.updated_at, i18n.language)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={releases.data.recordsFiltered}
            page={Math.min(page, Math.max(0, Math.ceil(releases.data.recordsFiltered / pageSize) - 1))}
            onPageChange={(_event, value) => update({ page: value })}
            rowsPerPage={pageSize}
            rowsPerPageOptions={pageSizes}
            onRowsPerPageChange={(event) => update({ size: Number(event.target.value), page: null })}
            labelRowsPerPage={t('pressReleases.admin.rowsPerPage')}
            labelDisplayedRows={({ from, to, count }) =>
              t('pressReleases.admin.displayedRows', { from, to, count })
            }
            getItemAriaLabel={(type) => t(`pressReleases.admin.goTo.${type}`)}
          />
        </Paper>
      )}
    </Page>
  );
}
