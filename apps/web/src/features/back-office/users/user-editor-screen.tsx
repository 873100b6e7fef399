import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type AdminUser,
  type AdminUserUpdate,
  type Permission,
  permissions,
  type Role,
  rolePermissions,
  roles,
  type UserType,
  userTypes,
} from '@pressroom/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { ListTransfer } from '../../../components/list-transfer.tsx';
import { LoadingPlaceholder } from '../../../components/loading-placeholder.tsx';
import { Page } from '../../../components/page.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { translateMessage } from '../../../lib/i18n/contract-messages.ts';
import { notify } from '../../../lib/notifications.ts';
import { useSession } from '../../../lib/session.ts';
import { companyChoicesQuery, userQuery, usersApi } from '../api.ts';
import { formatDateTime } from '../components/format.ts';
import { holdsAny, RequirePermission } from '../components/require-permission.tsx';
import { fullName, userStatus } from './user-labels.ts';
import { userManagerPermissions } from './users-screen.tsx';

const agentRole: Role = 'agent_press_room_external_company';

/** Back office: one user's names, account type, company, roles, extra permissions and whether active. */
export default function UserEditorScreen() {
  const { t } = useTranslation();
  const { id } = useParams();
  const userId = Number(id);
  const title = t('backOffice.users.edit');
  return (
    <RequirePermission anyOf={userManagerPermissions} title={title}>
      {Number.isInteger(userId) && userId > 0 ? (
        <LoadedUser id={userId} title={title} />
      ) : (
        <Page title={title}>
          <Alert severity="error">{t('backOffice.users.notFound')}</Alert>
        </Page>
      )}
    </RequirePermission>
  );
}

function LoadedUser({ id, title }: { id: number; title: string }) {
  const { t } = useTranslation();
  const user = useQuery(userQuery(id));
  if (user.isError) {
    return (
      <Page title={title}>
        <Alert severity="error" data-testid="user-load-error">
          {user.error instanceof ApiError && user.error.status === 404
            ? t('backOffice.users.notFound')
            : user.error.message}
        </Alert>
      </Page>
    );
  }
  if (!user.data) {
    return (
      <Page title={title}>
        <LoadingPlaceholder height={480} />
      </Page>
    );
  }
  return <UserForm key={`${user.data.id}-${user.dataUpdatedAt}`} user={user.data} title={title} />;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function UserForm({ user, title }: { user: AdminUser; title: string }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { user: actor } = useSession();
  const fullAdministrator = holdsAny(actor, ['user.manage']);
  const mayGrantPermissions = holdsAny(actor, ['permission.manage']);
  const mayPickCompany = fullAdministrator && holdsAny(actor, ['company.manage']);
  const [firstName, setFirstName] = useState(user.first_name);
  const [lastName, setLastName] = useState(user.last_name);
  const [userType, setUserType] = useState<UserType>(user.user_type);
  const [company, setCompany] = useState(user.company);
  const [companySearch, setCompanySearch] = useState('');
  const [active, setActive] = useState(user.is_active);
  const [heldRoles, setHeldRoles] = useState<Role[]>(user.roles);
  const [extras, setExtras] = useState<string[]>(user.extra_permissions);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const companies = useQuery({
    ...companyChoicesQuery(companySearch),
    enabled: mayPickCompany && userType === 'COMPANY',
  });

  const fromRoles = new Set<Permission>(heldRoles.flatMap((role) => [...rolePermissions[role]]));
  const editableRoles: readonly Role[] = fullAdministrator ? roles : [agentRole];

  const save = useMutation({
    mutationFn: () => {
      const required: Record<string, string> = {};
      if (!firstName.trim()) required.first_name = t('messages.fieldRequired');
      if (!lastName.trim()) required.last_name = t('messages.fieldRequired');
      if (fullAdministrator && userType === 'COMPANY' && !company)
        required.company_id = t('messages.companyRequiredForCompanyUser');
      if (Object.keys(required).length > 0) throw new ApiError(400, required);
      const body: AdminUserUpdate = {
        first_name: firstName.trim(),
        last_name: lastName.trim(),
        is_active: active,
        roles: heldRoles,
      };
      if (fullAdministrator) {
        body.user_type = userType;
        body.company_id = userType === 'COMPANY' ? (company?.id ?? null) : null;
      }
      if (mayGrantPermissions) body.extra_permissions = extras as Permission[];
      return usersApi.update(user.id, body);
    },
    onSuccess: async (saved) => {
      setErrors({});
      queryClient.setQueryData(userQuery(saved.id).queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: ['back-office', 'users'] });
      notify.success(t('backOffice.users.saved'));
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        setErrors(error.fieldErrors);
        const general =
          error.generalMessage ?? (Object.keys(error.fieldErrors).length ? null : error.message);
        if (general) notify.error(translateMessage(general) ?? general);
      } else notify.error(String(error));
    },
  });

  const toggleRole = (role: Role, on: boolean) =>
    setHeldRoles((current) => (on ? [...current, role] : current.filter((held) => held !== role)));

  return (
    <Page
      title={title}
      actions={
        <Link component={RouterLink} to={paths.adminUsers}>
          {t('backOffice.users.backToList')}
        </Link>
      }
    >
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <Stack spacing={3}>
          <Section title={t('backOffice.users.account')}>
            <Typography sx={{ mb: 2 }} data-testid="user-summary">
              <strong>{fullName(user) || user.email}</strong> · {user.email} ·{' '}
              {t(`backOffice.userStatus.${userStatus(user)}`)} ·{' '}
              {t('backOffice.users.joinedOn', { date: formatDateTime(user.date_joined, i18n.language) })}
            </Typography>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
              <TextField
                label={t('backOffice.users.firstName')}
                value={firstName}
                onChange={(event) => setFirstName(event.target.value)}
                required
                error={Boolean(errors.first_name)}
                helperText={errors.first_name}
                slotProps={{ htmlInput: { maxLength: 150 } }}
              />
              <TextField
                label={t('backOffice.users.lastName')}
                value={lastName}
                onChange={(event) => setLastName(event.target.value)}
                required
                error={Boolean(errors.last_name)}
                helperText={errors.last_name}
                slotProps={{ htmlInput: { maxLength: 150 } }}
              />
              <TextField
                select
                label={t('backOffice.users.userType')}
                value={userType}
                onChange={(event) => setUserType(event.target.value as UserType)}
                disabled={!fullAdministrator}
                error={Boolean(errors.user_type)}
                helperText={errors.user_type}
                data-testid="user-type"
              >
                {userTypes.map((value) => (
                  <MenuItem key={value} value={value}>
                    {t(`userType.${value}`)}
                  </MenuItem>
                ))}
              </TextField>
              {userType === 'COMPANY' &&
                (mayPickCompany ? (
                  <Autocomplete
                    options={
                      companies.data?.data.map((row) => ({ id: row.id, business_name: row.business_name })) ??
                      []
                    }
                    value={company}
                    onChange={(_event, value) => setCompany(value)}
                    onInputChange={(_event, value, reason) => {
                      if (reason === 'input') setCompanySearch(value);
                    }}
                    getOptionLabel={(option) => option.business_name}
                    isOptionEqualToValue={(option, value) => option.id === value.id}
                    filterOptions={(options) => options}
                    loading={companies.isFetching}
                    loadingText={t('app.loading')}
                    noOptionsText={t('listTransfer.empty')}
                    renderInput={(params) => (
                      <TextField
                        {...params}
                        label={t('backOffice.users.company')}
                        required
                        error={Boolean(errors.company_id)}
                        helperText={errors.company_id}
                      />
                    )}
                    data-testid="user-company"
                  />
                ) : (
                  <TextField
                    label={t('backOffice.users.company')}
                    value={company?.business_name ?? '–'}
                    disabled
                  />
                ))}
            </Box>
            <FormControlLabel
              sx={{ mt: 2 }}
              control={
                <Switch
                  checked={active}
                  onChange={(event) => setActive(event.target.checked)}
                  data-testid="user-active"
                />
              }
              label={t('backOffice.users.active')}
            />
          </Section>
          <Section title={t('backOffice.users.roles')}>
            <FormGroup aria-label={t('backOffice.users.roles')} data-testid="user-roles">
              {roles.map((role) => (
                <FormControlLabel
                  key={role}
                  control={
                    <Checkbox
                      checked={heldRoles.includes(role)}
                      onChange={(event) => toggleRole(role, event.target.checked)}
                      disabled={!editableRoles.includes(role)}
                    />
                  }
                  label={t(`backOffice.roles.${role}`)}
                />
              ))}
            </FormGroup>
            {errors.roles && <FormHelperText error>{errors.roles}</FormHelperText>}
          </Section>
          {mayGrantPermissions && (
            <Section title={t('backOffice.users.permissions')}>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {fromRoles.size > 0
                  ? t('backOffice.users.fromRoles', {
                      list: [...fromRoles].map((name) => t(`backOffice.permissions.${name}`)).join(', '),
                    })
                  : t('backOffice.users.noRolePermissions')}
              </Typography>
              <ListTransfer
                items={permissions.map((name) => ({
                  id: name,
                  label: t(`backOffice.permissions.${name}`),
                  keywords: name,
                }))}
                assigned={extras}
                onChange={setExtras}
                availableLabel={t('backOffice.users.availablePermissions')}
                assignedLabel={t('backOffice.users.extraPermissions')}
                testId="permission-transfer"
              />
            </Section>
          )}
          <Box>
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={save.isPending}
              data-testid="save-user"
            >
              {save.isPending ? t('backOffice.saving') : t('backOffice.save')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </Page>
  );
}
