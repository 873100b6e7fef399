import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { countryName, type Exhibitor } from '@pressroom/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadingPlaceholder } from '../../../components/loading-placeholder.tsx';
import { Page } from '../../../components/page.tsx';
import { ServerTable, type TableColumn } from '../../../components/server-table.tsx';
import { paths } from '../../../config/paths.ts';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { notify } from '../../../lib/notifications.ts';
import { useSession } from '../../../lib/session.ts';
import type { TableRequest } from '../../../lib/table-request.ts';
import { useUrlState } from '../../../lib/url-state.ts';
import { holdsAny, RequirePermission } from '../components/require-permission.tsx';
import { currentEdition } from './edition-choice.ts';
import { ExhibitorDialog } from './exhibitor-dialog.tsx';
import { editionsQuery, exhibitorsApi, exhibitorsQuery } from './exhibitors-api.ts';
import { standsText } from './stands-text.ts';

/** Back office: the exhibitors of an edition of the fair, kept by the association's staff. */
export default function ExhibitorsScreen() {
  const { t } = useTranslation();
  return (
    <RequirePermission anyOf={['company.manage']} title={t('backOffice.exhibitors.title')}>
      <Exhibitors />
    </RequirePermission>
  );
}

function Exhibitors() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { read, update } = useUrlState();
  const { user } = useSession();
  // The staff keep the registry (stands); a press box is the company's and the press office's to keep.
  const keepsPressBoxes = holdsAny(user, ['press_release.manage_all']);
  const editions = useQuery(editionsQuery);
  const [editing, setEditing] = useState<Exhibitor | 'new' | null>(null);
  const [removing, setRemoving] = useState<Exhibitor | null>(null);
  const list = editions.data ?? [];
  const asked = Number(read('edition'));
  const edition =
    list.find((item) => item.id === asked) ?? currentEdition(list, new Date().toISOString().slice(0, 10));

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['back-office', 'exhibitors'] });

  const columns: TableColumn<Exhibitor>[] = [
    {
      key: 'company',
      label: t('backOffice.exhibitors.company'),
      sortable: true,
      rowHeader: true,
      render: (exhibitor) => <span dir="auto">{exhibitor.company.name}</span>,
    },
    {
      key: 'country',
      label: t('backOffice.company.country'),
      sortable: true,
      render: (exhibitor) => countryName(exhibitor.company.country, i18n.language),
    },
    {
      key: 'stands',
      label: t('backOffice.exhibitors.stands'),
      sortable: true,
      render: (exhibitor) => standsText(exhibitor.stands, t),
    },
    {
      key: 'category',
      label: t('backOffice.exhibitors.category'),
      sortable: true,
      render: (exhibitor) => (exhibitor.category ? t(`sector.${exhibitor.category}`) : '—'),
    },
    {
      key: 'actions',
      label: t('backOffice.actions'),
      render: (exhibitor) => (
        <Stack direction="row" spacing={0.5}>
          <Tooltip title={t('backOffice.exhibitors.edit')}>
            <IconButton
              aria-label={t('backOffice.exhibitors.editNamed', { name: exhibitor.company.name })}
              onClick={() => setEditing(exhibitor)}
              data-testid="edit-exhibitor"
            >
              <EditOutlined />
            </IconButton>
          </Tooltip>
          {keepsPressBoxes && (
            <Tooltip title={t('backOffice.pressBox.title')}>
              <IconButton
                component={RouterLink}
                to={paths.adminCompanyPressBox(exhibitor.company.id)}
                aria-label={t('backOffice.exhibitors.pressBoxNamed', { name: exhibitor.company.name })}
                data-testid="exhibitor-press-box"
              >
                <StorefrontOutlined />
              </IconButton>
            </Tooltip>
          )}
          <Tooltip title={t('backOffice.exhibitors.remove')}>
            <IconButton
              color="error"
              aria-label={t('backOffice.exhibitors.removeNamed', { name: exhibitor.company.name })}
              onClick={() => setRemoving(exhibitor)}
              data-testid="remove-exhibitor"
            >
              <DeleteOutline />
            </IconButton>
          </Tooltip>
        </Stack>
      ),
    },
  ];

  return (
    <Page
      title={t('backOffice.exhibitors.title')}
      actions={
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setEditing('new')}
          disabled={!edition}
          data-testid="new-exhibitor"
        >
          {t('backOffice.exhibitors.add')}
        </Button>
      }
    >
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        {editions.isError ? (
          <Alert severity="error">{apiErrorMessage(editions.error)}</Alert>
        ) : !editions.data ? (
          <LoadingPlaceholder height={40} />
        ) : list.length === 0 ? (
          <Alert severity="info">{t('backOffice.exhibitors.noEditions')}</Alert>
        ) : (
          <TextField
            select
            size="small"
            label={t('backOffice.exhibitors.edition')}
            value={edition?.id ?? ''}
            onChange={(event) => update({ edition: event.target.value, page: null })}
            sx={{ minWidth: { xs: '100%', sm: 320 } }}
            data-testid="exhibitors-edition"
          >
            {list.map((item) => (
              <MenuItem key={item.id} value={item.id}>
                {t('backOffice.exhibitors.editionOption', { name: item.name, site: item.site_name })}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Paper>
      {edition && (
        <ServerTable
          key={edition.id}
          label={t('backOffice.exhibitors.tableLabel', { edition: edition.name })}
          columns={columns}
          query={(request: TableRequest) => exhibitorsQuery(request, edition.id)}
          rowKey={(exhibitor) => exhibitor.id}
          searchLabel={t('backOffice.exhibitors.search')}
          emptyText={t('backOffice.exhibitors.empty')}
          testId="exhibitor-table"
          defaultOrder={{ column: 'company', dir: 'asc' }}
        />
      )}
      {editing !== null && edition && (
        <ExhibitorDialog
          edition={edition}
          exhibitor={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={async (added) => {
            notify.success(t(added ? 'backOffice.exhibitors.added' : 'backOffice.exhibitors.saved'));
            setEditing(null);
            await refresh();
          }}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('backOffice.exhibitors.removeTitle')}
        text={t('backOffice.exhibitors.removeText', {
          name: removing?.company.name ?? '',
          edition: edition?.name ?? '',
        })}
        confirmLabel={t('backOffice.exhibitors.remove')}
        cancelLabel={t('backOffice.cancel')}
        onClose={() => setRemoving(null)}
        testId="remove-exhibitor-dialog"
        onConfirm={async () => {
          if (!removing) return;
          try {
            await exhibitorsApi.remove(removing.id);
          } catch (error) {
            notify.error(apiErrorMessage(error));
            throw error;
          }
          notify.success(t('backOffice.exhibitors.removed'));
          await refresh();
        }}
      />
    </Page>
  );
}
