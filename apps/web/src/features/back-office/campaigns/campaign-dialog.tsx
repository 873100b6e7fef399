import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  type CampaignTiming,
  campaignRequest,
  pickLocalized,
  type RecipientListView,
} from '@pressroom/contract';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { translateMessage } from '../../../lib/i18n/contract-messages.ts';
import { notify } from '../../../lib/notifications.ts';
import { releasePickQuery } from '../../../lib/release-pick.ts';
import { useSiteGroup } from '../../../lib/site.ts';
import { campaignsApi, eventsQuery } from './campaigns-api.ts';

interface Choice {
  id: number;
  title: string;
}

type Subject = 'release' | 'event';

/**
 * A campaign: a release (now or at its publication) or an invitation to an approved event of the programme
 * (now), the lists; a test goes to the sender first.
 */
export function CampaignDialog({
  lists,
  onClose,
  onSent,
}: {
  lists: RecipientListView[];
  onClose: () => void;
  onSent: () => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const site = useSiteGroup();
  const [search, setSearch] = useState('');
  const [subject, setSubject] = useState<Subject>('release');
  const [release, setRelease] = useState<Choice | null>(null);
  const [event, setEvent] = useState<Choice | null>(null);
  const [chosen, setChosen] = useState<RecipientListView[]>([]);
  const [timing, setTiming] = useState<CampaignTiming>('now');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const choices = useQuery(releasePickQuery(site.data?.id, useDeferredValue(search), i18n.language));
  const events = useQuery({ ...eventsQuery(i18n.language), enabled: subject === 'event' });
  const eventChoices = (events.data ?? []).map((row) => ({
    id: row.id,
    title: pickLocalized(row.title, i18n.language),
  }));
  const recipients = chosen.reduce((sum, list) => sum + list.recipients, 0);

  async function run(action: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(apiErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  const what = () => (subject === 'event' ? { event: event?.id ?? 0 } : { release: release?.id ?? 0 });
  const body = () => ({
    ...what(),
    lists: chosen.map((list) => list.id),
    timing: subject === 'event' ? 'now' : timing,
  });
  const test = () =>
    run(async () => {
      if (!(subject === 'event' ? event : release)) return setError(translateMessage('fieldRequired') ?? '');
      notify.success((await campaignsApi.test(what())).detail);
    });
  const send = () =>
    run(async () => {
      const parsed = campaignRequest.safeParse(body());
      if (!parsed.success) return setError(translateMessage(parsed.error.issues[0]?.message) ?? '');
      const campaign = await campaignsApi.send(parsed.data);
      notify.success(t(campaign.status === 'scheduled' ? 'campaigns.scheduledNote' : 'campaigns.sent'));
      await onSent();
    });

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullScreen={fullScreen} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>
        {t(subject === 'event' ? 'campaigns.campaignDialogTitleEvent' : 'campaigns.campaignDialogTitle')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormControl>
            <FormLabel id={`${titleId}-subject`}>{t('campaigns.subject')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby={`${titleId}-subject`}
              value={subject}
              onChange={(change) => setSubject(change.target.value as Subject)}
            >
              <FormControlLabel
                value="release"
                control={<Radio />}
                label={t('campaigns.subjectRelease')}
                data-testid="campaign-subject-release"
              />
              <FormControlLabel
                value="event"
                control={<Radio />}
                label={t('campaigns.subjectEvent')}
                data-testid="campaign-subject-event"
              />
            </RadioGroup>
          </FormControl>
          {subject === 'release' ? (
            <Autocomplete
              options={choices.data ?? []}
              value={release}
              getOptionLabel={(option) => option.title}
              isOptionEqualToValue={(option, value) => option.id === value.id}
              filterOptions={(options) => options}
              noOptionsText={t('campaigns.noRelease')}
              onInputChange={(_change, value) => setSearch(value)}
              onChange={(_change, value) => setRelease(value)}
              renderInput={(params) => (
                <TextField
                  {...params}
                  required
                  label={t('campaigns.release')}
                  data-testid="campaign-release"
                />
              )}
            />
          ) : (
            <Autocomplete
              options={eventChoices}
              value={event}
              getOptionLabel={(option) => option.title}
              isOptionEqualToValue={(option, value) => option.id === value.id}
              noOptionsText={t('campaigns.noEvent')}
              onChange={(_change, value) => setEvent(value)}
              renderInput={(params) => (
                <TextField
                  {...params}
                  required
                  label={t('campaigns.eventChoice')}
                  data-testid="campaign-event"
                />
              )}
            />
          )}
          <Autocomplete
            multiple
            options={lists}
            value={chosen}
            getOptionLabel={(list) =>
              `${list.name} (${t('campaigns.recipients', { count: list.recipients })})`
            }
            isOptionEqualToValue={(option, value) => option.id === value.id}
            onChange={(_event, value) => setChosen(value)}
            renderInput={(params) => (
              <TextField {...params} label={t('campaigns.chooseLists')} data-testid="campaign-lists" />
            )}
          />
          {subject === 'release' ? (
            <FormControl>
              <FormLabel id={`${titleId}-timing`}>{t('campaigns.timing')}</FormLabel>
              <RadioGroup
                aria-labelledby={`${titleId}-timing`}
                value={timing}
                onChange={(event) => setTiming(event.target.value as CampaignTiming)}
              >
                <FormControlLabel value="now" control={<Radio />} label={t('campaigns.timingNow')} />
                <FormControlLabel
                  value="publication"
                  control={<Radio />}
                  label={t('campaigns.timingPublication')}
                />
              </RadioGroup>
            </FormControl>
          ) : (
            <Alert severity="info">{t('campaigns.invitationNow')}</Alert>
          )}
          {chosen.length > 0 && (
            <Alert severity="info" role="status">
              {t('campaigns.liveCount', { count: recipients })}
            </Alert>
          )}
          {error && (
            <Alert severity="error" data-testid="campaign-error">
              {error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('campaigns.cancel')}</Button>
        <Button onClick={test} disabled={busy} data-testid="campaign-test">
          {t('campaigns.sendTest')}
        </Button>
        <Button variant="contained" onClick={send} disabled={busy} data-testid="campaign-send">
          {t('campaigns.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
