import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { apiPaths, type PressContact, pickLocalized, type ReleaseContacts } from '@pressroom/contract';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, apiRequest, queryString } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notifications.ts';
import { sitesQuery } from '../../../lib/sites-query.ts';

const releaseContactsQuery = (releaseId: number) => ({
  queryKey: ['release-contacts-admin', releaseId],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiRequest<ReleaseContacts>(apiPaths.releaseContactsAdmin(releaseId), { signal }),
});

const siteContactsQuery = (siteId: number) => ({
  queryKey: ['press-contacts-admin', siteId],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiRequest<PressContact[]>(`${apiPaths.pressContactsAdmin}${queryString({ site: siteId })}`, { signal }),
});

/**
 * Who speaks for this release: by default its sites' press contacts; the press office may name some of them
 * instead (a product launch answered by the international desk only). Ticked in the sites' order.
 */
export function ReleaseContactsField({ releaseId, siteIds }: { releaseId: number; siteIds: number[] }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const named = useQuery(releaseContactsQuery(releaseId));
  const sites = useQuery(sitesQuery);
  const contactsBySite = useQueries({ queries: siteIds.map((siteId) => siteContactsQuery(siteId)) });
  const [chosen, setChosen] = useState<number[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (named.data && chosen === null) setChosen(named.data.contacts);
  }, [named.data, chosen]);

  if (!named.data || chosen === null || contactsBySite.some((query) => !query.data)) return null;
  const siteName = (id: number) => sites.data?.find((site) => site.id === id)?.name ?? '';
  const everyContact = contactsBySite.flatMap((query) => query.data ?? []);
  const changed = chosen.join() !== named.data.contacts.join();

  const toggle = (id: number, on: boolean) => {
    const next = on ? [...chosen, id] : chosen.filter((candidate) => candidate !== id);
    // In the order the sites list them, which is the order readers see.
    setChosen(everyContact.map((contact) => contact.id).filter((candidate) => next.includes(candidate)));
  };

  const save = async () => {
    setSaving(true);
    setFailure(null);
    try {
      const saved = await apiRequest<ReleaseContacts>(apiPaths.releaseContactsAdmin(releaseId), {
        method: 'PUT',
        body: { contacts: chosen },
      });
      queryClient.setQueryData(['release-contacts-admin', releaseId], saved);
      setChosen(saved.contacts);
      notify.success(t('pressReleases.admin.contactsSaved'));
    } catch (error) {
      setFailure(error instanceof ApiError ? error.generalMessage : t('errors.generic'));
    } finally {
      setSaving(false);
    }
  };

  if (everyContact.length === 0) {
    return <Typography color="text.secondary">{t('pressReleases.admin.noSiteContacts')}</Typography>;
  }
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="body2" color="text.secondary">
        {chosen.length === 0
          ? t('pressReleases.admin.contactsOfSites')
          : t('pressReleases.admin.contactsNamed', { count: chosen.length })}
      </Typography>
      {failure && <Alert severity="error">{failure}</Alert>}
      {contactsBySite.map((query, index) => (
        <FormGroup key={siteIds[index]} aria-label={siteName(siteIds[index])}>
          {siteIds.length > 1 && (
            <Typography variant="subtitle2" component="p">
              {siteName(siteIds[index])}
            </Typography>
          )}
          {(query.data ?? []).map((contact) => (
            <FormControlLabel
              key={contact.id}
              control={
                <Checkbox
                  checked={chosen.includes(contact.id)}
                  onChange={(event) => toggle(contact.id, event.target.checked)}
                />
              }
              label={
                pickLocalized(contact.role, i18n.language)
                  ? `${contact.name} · ${pickLocalized(contact.role, i18n.language)}`
                  : contact.name
              }
              data-testid="release-contact-choice"
            />
          ))}
        </FormGroup>
      ))}
      <Button
        variant="outlined"
        disabled={!changed || saving}
        onClick={save}
        data-testid="save-release-contacts"
      >
        {t('pressReleases.admin.saveContacts')}
      </Button>
    </Stack>
  );
}
