import HowToReg from '@mui/icons-material/HowToReg';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type AdminUser, roles, userStatuses } from '@pressroom/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { ServerTable, type TableColumn } from '../../../components/server-table.tsx';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session.ts';
import type { TableRequest } from '../../../lib/table-request.ts';
import { useUrlState } from '../../../lib/url-state.ts';
import { usersQuery } from '../api.ts';
import { formatDateTime } from '../components/format.ts';
import { holdsAny, RequirePermission } from '../components/require-permission.tsx';
import { ToneChip } from '../components/tone-chip.tsx';
import { fullName, userStatus } from './user-labels.ts';

/** Everyone who may manage users: all of them (user.manage) or their own company's agents. */
export const userManagerPermissions = ['user.manage', 'company_agent.manage_own_company'] as const;

/** Back office: users, searched by name or e-mail, filtered by role and status. */
export default function UsersScreen() {
  const { t } = useTranslation();
  return (
    <RequirePermission anyOf={userManagerPermissions} title={t('backOffice.users.title')}>
      <UsersList />
    </RequirePermission>
  );
}

function UsersList() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const { params, update } = useUrlState();
  const role = (roles as readonly string[]).includes(params.get('role') ?? '')
    ? (params.get('role') as string)
    : '';
  const status = (userStatuses as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as string)
    : '';
  // A changed filter starts again from the first page.
  const setFilter = (name: string, value: string) => update({ [name]: value, page: null });

  const columns: TableColumn<AdminUser>[] = [
    {
      key: 'name',
      label: t('backOffice.users.name'),
      sortable: true,
      rowHeader: true,
      render: (row) => (
        <Link component={RouterLink} to={paths.adminUser(row.id)} sx={{ fontWeight: 500 }}>
          {fullName(row) || row.email}
        </Link>
      ),
    },
    { key: 'email', label: t('backOffice.users.email'), sortable: true, render: (row) => row.email },
    {
      key: 'company',
      label: t('backOffice.users.company'),
      sortable: true,
      render: (row) => row.company?.business_name ?? '–',
    },
    {
      key: 'roles',
      label: t('backOffice.users.roles'),
      render: (row) => (
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {row.roles.map((name) => (
            <Chip key={name} label={t(`backOffice.roles.${name}`)} size="small" />
          ))}
        </Stack>
      ),
    },
    {
      key: 'is_active',
      label: t('backOffice.users.status'),
      sortable: true,
      render: (row) => {
        const value = userStatus(row);
        return (
          <ToneChip
            tone={value === 'active' ? 'success' : value === 'pending' ? 'warning' : 'default'}
            label={t(`backOffice.userStatus.${value}`)}
          />
        );
      },
    },
    {
      key: 'date_joined',
      label: t('backOffice.users.joined'),
      sortable: true,
      render: (row) => formatDateTime(row.date_joined, i18n.language),
    },
  ];

  return (
    <Page
      title={t('backOffice.users.title')}
      actions={
        holdsAny(user, ['journalist.accredit']) && (
          <Button
            component={RouterLink}
            to={paths.adminAccreditations}
            variant="outlined"
            startIcon={<HowToReg />}
          >
            {t('backOffice.accreditations.title')}
          </Button>
        )
      }
    >
      <ServerTable
        label={t('backOffice.users.title')}
        columns={columns}
        query={(request: TableRequest) => usersQuery(request, { role, status })}
        rowKey={(row) => row.id}
        searchLabel={t('backOffice.users.search')}
        emptyText={t('backOffice.users.empty')}
        testId="user-table"
        defaultOrder={{ column: 'date_joined', dir: 'desc' }}
        filters={
          <>
            <TextField
              select
              size="small"
              label={t('backOffice.users.role')}
              value={role}
              onChange={(event) => setFilter('role', event.target.value)}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              data-testid="filter-role"
            >
              <MenuItem value="">{t('backOffice.users.anyRole')}</MenuItem>
              {roles.map((value) => (
                <MenuItem key={value} value={value}>
                  {t(`backOffice.roles.${value}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t('backOffice.users.status')}
              value={status}
              onChange={(event) => setFilter('status', event.target.value)}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              data-testid="filter-status"
            >
              <MenuItem value="">{t('backOffice.users.anyStatus')}</MenuItem>
              {userStatuses.map((value) => (
                <MenuItem key={value} value={value}>
                  {t(`backOffice.userStatus.${value}`)}
                </MenuItem>
              ))}
            </TextField>
          </>
        }
      />
    </Page>
  );
}
