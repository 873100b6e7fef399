import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type ProgrammeEvent,
  type ProgrammeEventStatus,
  pickLocalized,
  programmeEventStatuses,
} from '@pressroom/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Page } from '../../../components/page.tsx';
import { paths } from '../../../config/paths.ts';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import '../../../lib/i18n/contract-messages.ts';
import { LoadingPlaceholder } from '../../../components/loading-placeholder.tsx';
import { notify } from '../../../lib/notifications.ts';
import { useSession } from '../../../lib/session.ts';
import { useUrlState } from '../../../lib/url-state.ts';
import { daysOver, formatZonedDayRange, zoneName } from '../../../lib/zoned-time.ts';
import { holdsAny, RequirePermission } from '../components/require-permission.tsx';
import { EventDialog } from './event-dialog.tsx';
import { placeText, statusColour, typeKeys } from './event-parts.ts';
import { adminProgrammeQuery, programmeAdminApi } from './programme-api.ts';
import { ReasonDialog } from './reason-dialog.tsx';

/** Back office: the edition's programme; the press office decides on proposals, companies propose. */
export default function ProgrammeAdminScreen() {
  const { t } = useTranslation();
  return (
    <RequirePermission
      anyOf={['press_release.manage_all', 'press_release.publish_own_company']}
      title={t('programmeAdmin.title')}
    >
      <ProgrammeAdmin />
    </RequirePermission>
  );
}

function ProgrammeAdmin() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const office = holdsAny(user, ['press_release.manage_all']);
  const queryClient = useQueryClient();
  const { read, update } = useUrlState();
  const askedStatus = read('status');
  const status = (programmeEventStatuses as readonly string[]).includes(askedStatus ?? '')
    ? (askedStatus as ProgrammeEventStatus)
    : undefined;
  const list = useQuery(adminProgrammeQuery(status, i18n.language));
  const edition = list.data?.edition ?? null;
  // The server refuses changes once the fair's last day is over; the screen does not offer them.
  const ended = edition ? daysOver(edition.ends_on, edition.time_zone) : false;
  const [editing, setEditing] = useState<ProgrammeEvent | 'new' | null>(null);
  const [declining, setDeclining] = useState<ProgrammeEvent | null>(null);
  const [cancelling, setCancelling] = useState<ProgrammeEvent | null>(null);
  const [approving, setApproving] = useState<ProgrammeEvent | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['back-office', 'programme'] });
  const titleOf = (event: ProgrammeEvent | null) => (event ? pickLocalized(event.title, i18n.language) : '');

  return (
    <Page
      title={t('programmeAdmin.title')}
      actions={
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setEditing('new')}
          disabled={!edition}
          data-testid="programme-new-event"
        >
          {t(office ? 'programmeAdmin.add' : 'programmeAdmin.propose')}
        </Button>
      }
    >
      <Typography sx={{ mb: 1, maxWidth: '75ch' }}>
        {t(office ? 'programmeAdmin.introOffice' : 'programmeAdmin.introCompany')}
      </Typography>
      {edition && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="programme-admin-zone">
          {t('programmeAdmin.zone', {
            edition: edition.name,
            zone: zoneName(edition.time_zone, i18n.language, `${edition.starts_on.slice(0, 10)}T12:00:00Z`),
            id: edition.time_zone,
          })}
        </Typography>
      )}
      {ended && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="programme-admin-ended">
          {t('programmeAdmin.ended')}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <TextField
          select
          size="small"
          label={t('programmeAdmin.statusFilter')}
          value={status ?? ''}
          onChange={(event) => update({ status: event.target.value || null })}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: { xs: '100%', sm: 280 } }}
          data-testid="programme-admin-status"
        >
          <MenuItem value="">{t('programmeAdmin.allStatuses')}</MenuItem>
          {programmeEventStatuses.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`programmeAdmin.status_${value}`)}
            </MenuItem>
          ))}
        </TextField>
      </Paper>
      {list.isError ? (
        <Alert severity="error">{apiErrorMessage(list.error, t('programmeAdmin.loadError'))}</Alert>
      ) : !list.data ? (
        <LoadingPlaceholder height={240} />
      ) : !edition ? (
        <Alert severity="info">{t('programmeAdmin.noEdition')}</Alert>
      ) : list.data.data.length === 0 ? (
        <Alert severity="info" data-testid="programme-admin-empty">
          {t(status ? 'programmeAdmin.emptyFiltered' : 'programmeAdmin.empty')}
        </Alert>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
            {t('programmeAdmin.count', { count: list.data.data.length })}
          </Typography>
          <Stack
            component="ul"
            spacing={1.5}
            sx={{ listStyle: 'none', p: 0, m: 0 }}
            data-testid="programme-admin-list"
          >
            {list.data.data.map((event) => (
              <AdminEventRow
                key={event.id}
                event={event}
                office={office}
                ended={ended}
                onEdit={() => setEditing(event)}
                onApprove={() => setApproving(event)}
                onDecline={() => setDeclining(event)}
                onCancel={() => setCancelling(event)}
              />
            ))}
          </Stack>
        </>
      )}
      {editing !== null && edition && (
        <EventDialog
          edition={edition}
          event={editing === 'new' ? null : editing}
          office={office}
          onClose={() => setEditing(null)}
          onSaved={async (message) => {
            notify.success(message);
            setEditing(null);
            await refresh();
          }}
        />
      )}
      <ConfirmDialog
        open={approving !== null}
        title={t('programmeAdmin.approveTitle', { title: titleOf(approving) })}
        text={t('programmeAdmin.approveText')}
        confirmLabel={t('programmeAdmin.approve')}
        cancelLabel={t('programmeAdmin.back')}
        onClose={() => setApproving(null)}
        testId="programme-approve-dialog"
        confirmation={t('programmeAdmin.approved')}
        onConfirm={async () => {
          if (!approving) return;
          try {
            await programmeAdminApi.approve(approving.id);
          } catch (error) {
            notify.error(apiErrorMessage(error));
            throw error;
          }
          await refresh();
        }}
      />
      {declining && (
        <ReasonDialog
          title={t('programmeAdmin.declineTitle', { title: titleOf(declining) })}
          text={t('programmeAdmin.declineText')}
          confirmLabel={t('programmeAdmin.decline')}
          required
          testId="programme-decline-dialog"
          onClose={() => setDeclining(null)}
          send={(reason) => programmeAdminApi.decline(declining.id, { reason })}
          onDone={async () => {
            notify.success(t('programmeAdmin.declined'));
            setDeclining(null);
            await refresh();
          }}
        />
      )}
      {cancelling && (
        <ReasonDialog
          title={t('programmeAdmin.cancelTitle', { title: titleOf(cancelling) })}
          text={t(
            cancelling.status === 'proposed' ? 'programmeAdmin.withdrawText' : 'programmeAdmin.cancelText',
          )}
          confirmLabel={t('programmeAdmin.cancelEvent')}
          testId="programme-cancel-dialog"
          onClose={() => setCancelling(null)}
          send={(reason) => programmeAdminApi.cancel(cancelling.id, { reason })}
          onDone={async () => {
            notify.success(t('programmeAdmin.cancelled'));
            setCancelling(null);
            await refresh();
          }}
        />
      )}
    </Page>
  );
}

function AdminEventRow({
  event,
  office,
  ended,
  onEdit,
  onApprove,
  onDecline,
  onCancel,
}: {
  event: ProgrammeEvent;
  office: boolean;
  ended: boolean;
  onEdit: () => void;
  onApprove: () => void;
  onDecline: () => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const title = pickLocalized(event.title, i18n.language);
  const headingId = `admin-event-${event.id}`;
  const open = event.status === 'proposed' || event.status === 'approved';
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 1.5, sm: 2 } }}
      data-testid="programme-admin-event"
      data-event={event.id}
      data-status={event.status}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 0.5 }}>
        <Typography
          id={headingId}
          component="h2"
          variant="subtitle1"
          sx={{ fontWeight: 600, flexGrow: 1, overflowWrap: 'anywhere' }}
        >
          <bdi>{title}</bdi>
        </Typography>
        <Chip
          size="small"
          color={statusColour[event.status]}
          variant={event.status === 'cancelled' ? 'outlined' : 'filled'}
          label={t(`programmeAdmin.status_${event.status}`)}
          data-testid="programme-admin-status-chip"
        />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {[
          t(typeKeys[event.type]),
          formatZonedDayRange(event.starts_at, event.ends_at, i18n.language, event.edition.time_zone),
          placeText(event.place, t),
          event.organiser.exhibitor?.name ?? t('programmeAdmin.theFair'),
        ].map((part, index) => (
          // Each part isolated: a Latin name in an Arabic line keeps its own order and punctuation.
          <Fragment key={part}>
            {index > 0 && ' · '}
            <bdi>{part}</bdi>
          </Fragment>
        ))}
      </Typography>
      {event.status !== 'proposed' && event.status !== 'declined' && event.signup_required && (
        <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="programme-admin-counts">
          {t('programmeAdmin.signups', { count: event.signed_up })}
          {event.capacity !== null && ` / ${new Intl.NumberFormat(i18n.language).format(event.capacity)}`}
          {event.waiting > 0 && ` · ${t('programmeAdmin.waitingCount', { count: event.waiting })}`}
        </Typography>
      )}
      {event.status === 'declined' && event.decline_reason && (
        <Typography variant="body2" sx={{ mt: 0.5 }} dir="auto">
          {t('programmeAdmin.reason', { reason: event.decline_reason })}
        </Typography>
      )}
      {event.status === 'cancelled' && event.cancel_reason && (
        <Typography variant="body2" sx={{ mt: 0.5 }} dir="auto">
          {t('programmeAdmin.reason', { reason: event.cancel_reason })}
        </Typography>
      )}
      {open && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
          {!ended && (
            <Button
              size="small"
              variant="outlined"
              onClick={onEdit}
              aria-label={t('programmeAdmin.editNamed', { title })}
              data-testid="programme-edit"
            >
              {t('programmeAdmin.edit')}
            </Button>
          )}
          {office && event.status === 'proposed' && (
            <>
              <Button
                size="small"
                variant="contained"
                color="success"
                onClick={onApprove}
                aria-label={t('programmeAdmin.approveNamed', { title })}
                data-testid="programme-approve"
              >
                {t('programmeAdmin.approve')}
              </Button>
              <Button
                size="small"
                variant="outlined"
                color="error"
                onClick={onDecline}
                aria-label={t('programmeAdmin.declineNamed', { title })}
                data-testid="programme-decline"
              >
                {t('programmeAdmin.decline')}
              </Button>
            </>
          )}
          {event.status === 'approved' && (
            <Button
              size="small"
              variant="outlined"
              component={RouterLink}
              to={paths.programmeAttendance(event.id)}
              aria-label={t('programmeAdmin.attendanceNamed', { title })}
              data-testid="programme-attendance"
            >
              {t('programmeAdmin.attendance.open')}
            </Button>
          )}
          {!ended && (
            <Button
              size="small"
              color="error"
              onClick={onCancel}
              aria-label={t('programmeAdmin.cancelNamed', { title })}
              data-testid="programme-cancel"
            >
              {t(event.status === 'proposed' ? 'programmeAdmin.withdraw' : 'programmeAdmin.cancelEvent')}
            </Button>
          )}
        </Box>
      )}
    </Paper>
  );
}
