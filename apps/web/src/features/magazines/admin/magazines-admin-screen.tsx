import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
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
import Typography from '@mui/material/Typography';
import { type Magazine, type MagazineKind, magazineKinds } from '@pressroom/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Page } from '../../../components/page.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { notify } from '../../../lib/notifications.ts';
import { useSession } from '../../../lib/session.ts';
import { useSiteGroup } from '../../../lib/site.ts';
import { type ParamChanges, useUrlState } from '../../../lib/url-state.ts';
import { adminFacetsQuery, adminMagazinesQuery, adminPageSize, deleteMagazine } from './api.ts';
import { MagazineDialog } from './magazine-dialog.tsx';

/** Back office of the magazines (Italian and international) of this site: filter, add, edit, delete. */
export default function MagazinesAdminScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user?.permissions.includes('magazine.manage')) {
    return (
      <Page title={t('magazinesAdmin.title')}>
        <Alert severity="warning">{t('magazinesAdmin.notAllowed')}</Alert>
      </Page>
    );
  }
  return <MagazinesAdmin />;
}

function MagazinesAdmin() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const site = useSiteGroup();
  const { params: search, update } = useUrlState();
  const kind = (magazineKinds as readonly string[]).includes(search.get('kind') ?? '')
    ? (search.get('kind') as MagazineKind)
    : null;
  const filters = {
    kind,
    month: Number(search.get('month')) || null,
    year: Number(search.get('year')) || null,
    territory: kind === 'italian' ? null : search.get('territory') || null,
    page: Math.max(0, Number(search.get('page')) || 0),
  };
  const magazines = useQuery(adminMagazinesQuery(filters));
  const facets = useQuery(adminFacetsQuery(kind));
  const [editing, setEditing] = useState<Magazine | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Magazine | null>(null);
  const monthName = useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, { month: 'long', timeZone: 'UTC' });
    return (month: number) => format.format(new Date(Date.UTC(2000, month - 1, 1)));
  }, [i18n.language]);

  const setFilter = (changes: ParamChanges) => update(changes, true);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['magazines-admin'] }),
      queryClient.invalidateQueries({ queryKey: ['magazines'] }),
      queryClient.invalidateQueries({ queryKey: ['magazine-facets'] }),
    ]);
  const filtered = Boolean(filters.kind || filters.month || filters.year || filters.territory);

  return (
    <Page
      title={t('magazinesAdmin.title')}
      actions={
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setEditing('new')}
          data-testid="new-magazine"
        >
          {t('magazinesAdmin.new')}
        </Button>
      }
    >
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Box
          role="search"
          aria-label={t('magazines.filters')}
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr) auto' } }}
        >
          <TextField
            select
            size="small"
            label={t('magazinesAdmin.kind')}
            value={kind ?? ''}
            onChange={(event) => setFilter({ kind: event.target.value, territory: null, page: null })}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            data-testid="filter-kind"
          >
            <MenuItem value="">{t('magazinesAdmin.anyKind')}</MenuItem>
            {magazineKinds.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`magazinesAdmin.kinds.${value}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('magazines.month')}
            value={filters.month ?? ''}
            onChange={(event) => setFilter({ month: event.target.value, page: null })}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t('magazines.anyMonth')}</MenuItem>
            {Array.from({ length: 12 }, (_, index) => index + 1).map((month) => (
              <MenuItem key={month} value={month}>
                {monthName(month)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('magazines.year')}
            value={filters.year ?? ''}
            onChange={(event) => setFilter({ year: event.target.value, page: null })}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t('magazines.anyYear')}</MenuItem>
            {(facets.data?.years ?? []).map((year) => (
              <MenuItem key={year} value={year}>
                {year}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('magazines.territory')}
            value={filters.territory ?? ''}
            disabled={kind === 'italian'}
            onChange={(event) => setFilter({ territory: event.target.value, page: null })}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t('magazines.anyTerritory')}</MenuItem>
            {(facets.data?.territories ?? []).map((territory) => (
              <MenuItem key={territory} value={territory}>
                {territory}
              </MenuItem>
            ))}
          </TextField>
          <Button
            onClick={() => setFilter({ kind: null, month: null, year: null, territory: null, page: null })}
            disabled={!filtered}
            sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
          >
            {t('magazines.clearFilters')}
          </Button>
        </Box>
      </Paper>

      {magazines.isError ? (
        <Alert severity="error">{apiErrorMessage(magazines.error, t('magazines.loadError'))}</Alert>
      ) : !magazines.data ? (
        <Skeleton variant="rounded" height={320} />
      ) : magazines.data.count === 0 ? (
        <Alert severity="info" role="status">
          {t('magazines.empty')}
        </Alert>
      ) : (
        <Paper variant="outlined">
          <Typography role="status" variant="body2" color="text.secondary" sx={{ px: 2, pt: 1.5 }}>
            {t('magazines.count', { count: magazines.data.count })}
          </Typography>
          <TableContainer>
            <Table size="small" aria-label={t('magazinesAdmin.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('magazinesAdmin.coverColumn')}</TableCell>
                  <TableCell>{t('magazinesAdmin.titleField')}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                    {t('magazinesAdmin.kind')}
                  </TableCell>
                  <TableCell>{t('magazinesAdmin.period')}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                    {t('magazines.territory')}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                    {t('magazinesAdmin.source')}
                  </TableCell>
                  <TableCell align="right">{t('magazinesAdmin.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {magazines.data.results.map((magazine) => (
                  <TableRow key={magazine.id} data-testid="admin-magazine-row">
                    <TableCell sx={{ width: 64 }}>
                      {magazine.cover_url ? (
                        <Box
                          component="img"
                          src={magazine.cover_url}
                          alt={t('magazines.cover', { title: magazine.title })}
                          loading="lazy"
                          sx={{
                            width: 40,
                            height: 52,
                            objectFit: 'cover',
                            borderRadius: 0.5,
                            display: 'block',
                          }}
                        />
                      ) : (
                        <Typography variant="body2" color="text.secondary">
                          {t('magazinesAdmin.noCover')}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {magazine.title}
                      </Typography>
                      {magazine.publisher && (
                        <Typography variant="body2" color="text.secondary">
                          {magazine.publisher}
                        </Typography>
                      )}
                      <Typography variant="body2" color="text.secondary" sx={{ display: { md: 'none' } }}>
                        {t(`magazinesAdmin.kinds.${magazine.kind}`)}
                        {magazine.territory && ` · ${magazine.territory}`}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                      {t(`magazinesAdmin.kinds.${magazine.kind}`)}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {monthName(magazine.month)} {magazine.year}
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                      {magazine.territory ?? '—'}
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                      {magazine.pdf_url ? (
                        <Link
                          href={magazine.pdf_url}
                          target="_blank"
                          rel="noopener"
                          sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }}
                        >
                          <PictureAsPdf fontSize="small" aria-hidden />
                          {t('magazinesAdmin.pdf')}
                        </Link>
                      ) : magazine.link ? (
                        <Link
                          href={magazine.link}
                          target="_blank"
                          rel="noopener noreferrer"
                          sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }}
                        >
                          <OpenInNew fontSize="small" aria-hidden />
                          {t('magazinesAdmin.linkShort')}
                        </Link>
                      ) : (
                        '—'
                      )}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
                        <IconButton
                          onClick={() => setEditing(magazine)}
                          aria-label={t('magazinesAdmin.editNamed', { title: magazine.title })}
                          data-testid="edit-magazine"
                        >
                          <EditOutlined />
                        </IconButton>
                        <IconButton
                          color="error"
                          onClick={() => setDeleting(magazine)}
                          aria-label={t('magazinesAdmin.deleteNamed', { title: magazine.title })}
                          data-testid="delete-magazine"
                        >
                          <DeleteOutline />
                        </IconButton>
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={magazines.data.count}
            page={filters.page}
            rowsPerPage={adminPageSize}
            rowsPerPageOptions={[adminPageSize]}
            onPageChange={(_, page) => setFilter({ page })}
            labelDisplayedRows={({ from, to, count }) => t('magazinesAdmin.rows', { from, to, count })}
            getItemAriaLabel={(type) => t(`magazinesAdmin.page.${type}`)}
          />
        </Paper>
      )}

      {editing && (
        <MagazineDialog
          magazine={editing === 'new' ? null : editing}
          defaultKind={kind ?? 'italian'}
          siteId={site.data?.id ?? null}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            notify.success(t(editing === 'new' ? 'magazinesAdmin.created' : 'magazinesAdmin.saved'));
            setEditing(null);
            await refresh();
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('magazinesAdmin.deleteTitle')}
        text={t('magazinesAdmin.deleteText', { title: deleting?.title ?? '' })}
        confirmLabel={t('magazinesAdmin.delete')}
        cancelLabel={t('magazinesAdmin.cancel')}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await deleteMagazine(deleting.id);
          } catch (error) {
            notify.error(apiErrorMessage(error));
            throw error;
          }
          notify.success(t('magazinesAdmin.deleted'));
          await refresh();
        }}
      />
    </Page>
  );
}
