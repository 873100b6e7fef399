import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PressContact } from '@pressroom/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Page } from '../../components/page.tsx';
import { PressContactDialog } from '../../components/press-contact-dialog.tsx';
import { apiErrorMessage } from '../../lib/api-error-message.ts';
import { notify } from '../../lib/notifications.ts';
import { reorderSteps } from '../../lib/reorder.ts';
import { useSession } from '../../lib/session.ts';
import { useSiteGroup } from '../../lib/site.ts';
import { sitesQuery } from '../../lib/sites-query.ts';
import { useUrlState } from '../../lib/url-state.ts';
import { useBusyAction } from '../../lib/use-busy-action.ts';
import { pressContactsApi, pressContactsQuery } from './api.ts';
import { PressContactsList } from './press-contacts-list.tsx';
import { BoilerplateEditor } from './site-boilerplate-section.tsx';

/** Back office of who speaks for a site: its press contacts (in order) and its boilerplate per language. */
export default function PressContactsAdminScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user?.permissions.includes('press_contact.manage')) {
    return (
      <Page title={t('pressContactsAdmin.title')}>
        <Alert severity="warning">{t('pressContactsAdmin.notAllowed')}</Alert>
      </Page>
    );
  }
  return <PressContactsAdmin />;
}

function PressContactsAdmin() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { params: search, update } = useUrlState();
  const currentSite = useSiteGroup();
  const sites = useQuery(sitesQuery);
  const siteId = Number(search.get('site')) || currentSite.data?.id || null;
  const contacts = useQuery({ ...pressContactsQuery(siteId ?? 0), enabled: siteId !== null });
  const [editing, setEditing] = useState<PressContact | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PressContact | null>(null);
  const shown = contacts.data ?? [];

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['press-contacts-admin'] }),
      // The release screens of this browser show the change at once.
      queryClient.invalidateQueries({ queryKey: ['release-voices'] }),
    ]);
  const { busy, run } = useBusyAction<number>(refresh);

  const move = (contact: PressContact, step: -1 | 1) =>
    run(
      contact.id,
      async () => {
        for (const change of reorderSteps(shown, contact.id, step))
          await pressContactsApi.update(change.id, { position: change.position });
      },
      t('pressContactsAdmin.moved'),
    );
  const setPhoto = (contact: PressContact, file: File) =>
    run(
      contact.id,
      () => pressContactsApi.setPhoto(contact.id, file, i18n.language),
      t('pressContactsAdmin.photoSaved'),
    );
  const removePhoto = (contact: PressContact) =>
    run(contact.id, () => pressContactsApi.removePhoto(contact.id), t('pressContactsAdmin.photoRemoved'));

  return (
    <Page
      title={t('pressContactsAdmin.title')}
      actions={
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setEditing('new')}
          disabled={siteId === null}
          data-testid="new-press-contact"
        >
          {t('pressContactsAdmin.add')}
        </Button>
      }
    >
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <TextField
          select
          size="small"
          label={t('pressContactsAdmin.site')}
          value={siteId ?? ''}
          onChange={(event) => update({ site: event.target.value }, true)}
          sx={{ minWidth: 260 }}
          data-testid="press-contacts-site"
        >
          {(sites.data ?? []).map((site) => (
            <MenuItem key={site.id} value={site.id}>
              {site.name}
            </MenuItem>
          ))}
        </TextField>
      </Paper>

      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
        {t('pressContactsAdmin.contactsHeading')}
      </Typography>
      {contacts.isError ? (
        <Alert severity="error">{apiErrorMessage(contacts.error, t('pressContactsAdmin.loadError'))}</Alert>
      ) : !contacts.data ? (
        <Skeleton variant="rounded" height={160} />
      ) : shown.length === 0 ? (
        <Alert severity="info">{t('pressContactsAdmin.empty')}</Alert>
      ) : (
        <PressContactsList
          contacts={shown}
          busy={busy !== null}
          onMove={move}
          onEdit={setEditing}
          onSetPhoto={(contact, file) => void setPhoto(contact, file)}
          onRemovePhoto={removePhoto}
          onDelete={setDeleting}
        />
      )}

      {siteId !== null && <BoilerplateEditor siteId={siteId} />}

      {editing !== null && siteId !== null && (
        <PressContactDialog
          contact={editing === 'new' ? null : editing}
          labels={{
            title: t(editing === 'new' ? 'pressContactsAdmin.addTitle' : 'pressContactsAdmin.editTitle'),
            name: t('pressContactsAdmin.name'),
            role: t('pressContactsAdmin.role'),
            roleIn: (language) => t('pressContactsAdmin.roleIn', { language }),
            email: t('pressContactsAdmin.email'),
            phone: t('pressContactsAdmin.phone'),
            languages: t('pressContactsAdmin.languages'),
            cancel: t('pressContactsAdmin.cancel'),
            save: t('pressContactsAdmin.save'),
          }}
          testIdPrefix="press-contact"
          onClose={() => setEditing(null)}
          onSubmit={async (values) => {
            const added = editing === 'new';
            if (added) await pressContactsApi.add({ ...values, site: siteId });
            else await pressContactsApi.update(editing.id, values);
            notify.success(t(added ? 'pressContactsAdmin.added' : 'pressContactsAdmin.saved'));
            setEditing(null);
            await refresh();
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('pressContactsAdmin.deleteTitle')}
        text={t('pressContactsAdmin.deleteText', { name: deleting?.name ?? '' })}
        confirmLabel={t('pressContactsAdmin.delete')}
        cancelLabel={t('pressContactsAdmin.cancel')}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await pressContactsApi.remove(deleting.id);
          } catch (error) {
            notify.error(apiErrorMessage(error));
            throw error;
          }
          notify.success(t('pressContactsAdmin.deleted'));
          await refresh();
        }}
      />
    </Page>
  );
}
