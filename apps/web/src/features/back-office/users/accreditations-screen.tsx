import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type AdminUser, countryName } from '@pressroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Page } from '../../../components/page.tsx';
import { ServerTable, type TableColumn } from '../../../components/server-table.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notifications.ts';
import { accreditationsQuery, usersApi } from '../api.ts';
import { formatDateTime } from '../components/format.ts';
import { RequirePermission } from '../components/require-permission.tsx';
import { fullName } from './user-labels.ts';

/** Back office: journalists waiting for accreditation (manual mode); approving or rejecting mails them. */
export default function AccreditationsScreen() {
  const { t } = useTranslation();
  return (
    <RequirePermission anyOf={['journalist.accredit']} title={t('backOffice.accreditations.title')}>
      <AccreditationQueue />
    </RequirePermission>
  );
}

function AccreditationQueue() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState<AdminUser | null>(null);
  const [reason, setReason] = useState('');

  const decide = useMutation({
    mutationFn: ({ user, approve }: { user: AdminUser; approve: boolean }) =>
      approve ? usersApi.approve(user.id) : usersApi.reject(user.id, reason.trim()),
    onSuccess: async (user, { approve }) => {
      setRejecting(null);
      setReason('');
      await queryClient.invalidateQueries({ queryKey: ['back-office'] });
      notify.success(
        t(approve ? 'backOffice.accreditations.approved' : 'backOffice.accreditations.rejected', {
          name: fullName(user) || user.email,
        }),
      );
    },
    onError: (error) =>
      notify.error(error instanceof ApiError ? (error.generalMessage ?? error.message) : String(error)),
  });

  const columns: TableColumn<AdminUser>[] = [
    {
      key: 'name',
      label: t('backOffice.users.name'),
      sortable: true,
      rowHeader: true,
      render: (row) => fullName(row),
    },
    { key: 'email', label: t('backOffice.users.email'), sortable: true, render: (row) => row.email },
    {
      key: 'newspaper',
      label: t('backOffice.accreditations.newspaper'),
      sortable: true,
      render: (row) =>
        [row.newspaper, countryName(row.country, i18n.language) || row.country_unmapped]
          .filter(Boolean)
          .join(', ') || '–',
    },
    {
      key: 'date_joined',
      label: t('backOffice.accreditations.requested'),
      sortable: true,
      render: (row) => formatDateTime(row.date_joined, i18n.language),
    },
    {
      key: 'actions',
      label: t('backOffice.actions'),
      render: (row) => (
        <Stack direction="row" spacing={1}>
          <Button
            size="small"
            variant="contained"
            color="success"
            disabled={decide.isPending}
            onClick={() => decide.mutate({ user: row, approve: true })}
            aria-label={t('backOffice.accreditations.approveUser', { name: fullName(row) })}
            data-testid="approve"
          >
            {t('backOffice.accreditations.approve')}
          </Button>
          <Button
            size="small"
            variant="outlined"
            color="error"
            disabled={decide.isPending}
            onClick={() => setRejecting(row)}
            aria-label={t('backOffice.accreditations.rejectUser', { name: fullName(row) })}
            data-testid="reject"
          >
            {t('backOffice.accreditations.reject')}
          </Button>
        </Stack>
      ),
    },
  ];

  return (
    <Page title={t('backOffice.accreditations.title')}>
      <ServerTable
        label={t('backOffice.accreditations.title')}
        columns={columns}
        query={accreditationsQuery}
        rowKey={(row) => row.id}
        emptyText={t('backOffice.accreditations.empty')}
        testId="accreditation-table"
        defaultOrder={{ column: 'date_joined', dir: 'asc' }}
      />
      <ConfirmDialog
        open={rejecting !== null}
        title={t('backOffice.accreditations.rejectTitle')}
        text={t('backOffice.accreditations.rejectText', { name: rejecting ? fullName(rejecting) : '' })}
        confirmLabel={t('backOffice.accreditations.reject')}
        cancelLabel={t('backOffice.cancel')}
        onConfirm={() => rejecting && decide.mutateAsync({ user: rejecting, approve: false })}
        onClose={() => setRejecting(null)}
        testId="reject-dialog"
      >
        <TextField
          label={`${t('backOffice.accreditations.reason')} (${t('app.optional')})`}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          multiline
          minRows={3}
          fullWidth
          sx={{ mt: 2 }}
          slotProps={{ htmlInput: { maxLength: 1000, 'data-testid': 'reject-reason' } }}
        />
      </ConfirmDialog>
    </Page>
  );
}
