import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  languages,
  mediaTypes,
  pickLocalized,
  type RecipientFilters,
  type RecipientListView,
  recipientListRequest,
  sectors,
} from '@pressroom/contract';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countryOptions } from '../../../components/country-options.ts';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { translateMessage } from '../../../lib/i18n/contract-messages.ts';
import { languageNames } from '../../../lib/i18n/languages.ts';
import { useSiteGroup } from '../../../lib/site.ts';
import { campaignsApi, editionsQuery, eventsQuery, recipientCountQuery } from './campaigns-api.ts';

const emptyFilters: RecipientFilters = {
  media_types: [],
  sectors: [],
  countries: [],
  languages: [],
  outlet: '',
  edition: null,
  event: null,
  alert_subscribers: false,
};

/**
 * A list's name and filters, with the count of consenting recipients they find now, asked again as the
 * filters change (the server counts: the consents are not the browser's to know).
 */
export function ListDialog({
  list,
  onClose,
  onSaved,
}: {
  list: RecipientListView | null;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const site = useSiteGroup();
  const [name, setName] = useState(list?.name ?? '');
  const [filters, setFilters] = useState<RecipientFilters>(list?.filters ?? emptyFilters);
  const [nameError, setNameError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const counted = useQuery(recipientCountQuery(useDeferredValue(filters)));
  const editions = useQuery(editionsQuery);
  const events = useQuery(eventsQuery(i18n.language));
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const ofSite = (editions.data ?? []).filter((edition) => edition.site === site.data?.id);
  const set = (change: Partial<RecipientFilters>) => setFilters((current) => ({ ...current, ...change }));

  async function save() {
    const parsed = recipientListRequest.safeParse({ name, filters });
    if (!parsed.success) {
      const issue = parsed.error.issues.find((item) => item.path[0] === 'name');
      setNameError(issue ? (translateMessage(issue.message) ?? issue.message) : null);
      if (issue) return;
    }
    setSaving(true);
    setError(null);
    try {
      if (list) await campaignsApi.updateList(list.id, { name, filters });
      else await campaignsApi.createList({ name, filters });
      await onSaved();
    } catch (failure) {
      setError(apiErrorMessage(failure));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullScreen={fullScreen} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{t('campaigns.listDialogTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2">{t('campaigns.listDialogHint')}</Typography>
          <TextField
            label={t('campaigns.name')}
            value={name}
            required
            onChange={(event) => setName(event.target.value)}
            error={nameError !== null}
            helperText={nameError ?? undefined}
            slotProps={{ htmlInput: { 'data-testid': 'list-name', maxLength: 150 } }}
          />
          <Autocomplete
            multiple
            options={[...mediaTypes]}
            value={filters.media_types}
            getOptionLabel={(value) => t(`mediaType.${value}`)}
            onChange={(_event, value) => set({ media_types: value })}
            renderInput={(params) => (
              <TextField {...params} label={t('campaigns.mediaTypes')} data-testid="list-media-types" />
            )}
          />
          <Autocomplete
            multiple
            options={[...sectors]}
            value={filters.sectors}
            getOptionLabel={(value) => t(`sector.${value}`)}
            onChange={(_event, value) => set({ sectors: value })}
            renderInput={(params) => <TextField {...params} label={t('campaigns.sectors')} />}
          />
          <Autocomplete
            multiple
            options={countries.map((option) => option.code)}
            value={filters.countries}
            getOptionLabel={(code) => countries.find((option) => option.code === code)?.name ?? code}
            onChange={(_event, value) => set({ countries: value })}
            renderInput={(params) => <TextField {...params} label={t('campaigns.countries')} />}
          />
          <Autocomplete
            multiple
            options={[...languages]}
            value={filters.languages}
            getOptionLabel={(code) => languageNames[code]}
            onChange={(_event, value) => set({ languages: value })}
            renderInput={(params) => (
              <TextField {...params} label={t('campaigns.languages')} data-testid="list-languages" />
            )}
          />
          <TextField
            label={t('campaigns.outlet')}
            value={filters.outlet}
            onChange={(event) => set({ outlet: event.target.value })}
            slotProps={{ htmlInput: { maxLength: 150 } }}
          />
          <TextField
            select
            label={t('campaigns.edition')}
            value={filters.edition === null ? '' : String(filters.edition)}
            onChange={(event) =>
              set({ edition: event.target.value === '' ? null : Number(event.target.value) })
            }
          >
            <MenuItem value="">{t('campaigns.anyEdition')}</MenuItem>
            {ofSite.map((edition) => (
              <MenuItem key={edition.id} value={String(edition.id)}>
                {edition.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('campaigns.event')}
            value={filters.event === null ? '' : String(filters.event)}
            onChange={(event) =>
              set({ event: event.target.value === '' ? null : Number(event.target.value) })
            }
          >
            <MenuItem value="">{t('campaigns.anyEvent')}</MenuItem>
            {(events.data ?? []).map((event) => (
              <MenuItem key={event.id} value={String(event.id)}>
                {pickLocalized(event.title, i18n.language)}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={
              <Checkbox
                checked={filters.alert_subscribers}
                onChange={(event) => set({ alert_subscribers: event.target.checked })}
              />
            }
            label={t('campaigns.alertSubscribers')}
          />
          <Alert severity="info" role="status" aria-live="polite" data-testid="list-live-count">
            {counted.data
              ? t('campaigns.liveCount', { count: counted.data.recipients })
              : counted.isError
                ? apiErrorMessage(counted.error)
                : t('app.loading')}
          </Alert>
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('campaigns.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={saving} data-testid="list-save">
          {t('campaigns.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
