import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type AlertFrequency, alertSubscribeSchema, translateMessage } from '@pressroom/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Page } from '../../components/page.tsx';
import { paths } from '../../config/paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { isLanguage } from '../../lib/i18n/languages.ts';
import { useSession } from '../../lib/session.ts';
import { useSiteGroup } from '../../lib/site.ts';
import { alertsApi } from './api/alerts-api.ts';
import {
  FollowChoice,
  type Followed,
  FrequencyChoice,
  LanguageChoice,
} from './components/preference-fields.tsx';

/** An id the address names (`?company=12`), or none. */
function presetIds(value: string | null): number[] {
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? [Number(value)] : [];
}

/**
 * E-mail alerts of the site's releases: anyone subscribes with an address and confirms by the mailed link; a
 * signed-in user subscribes their own address in one click (it is verified already), and an accredited
 * journalist may ask for releases under embargo at publication. `?company=` or `?brand=` (a release's link)
 * chooses the company or brand to follow at first.
 */
export default function SubscribeScreen() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const site = useSiteGroup();
  const [email, setEmail] = useState(user?.email ?? '');
  const [languages, setLanguages] = useState<string[]>(isLanguage(i18n.language) ? [i18n.language] : ['en']);
  const [search] = useSearchParams();
  const [followed, setFollowed] = useState<Followed>(() => ({
    companies: presetIds(search.get('company')),
    brands: presetIds(search.get('brand')),
  }));
  const [frequency, setFrequency] = useState<AlertFrequency>('each');
  const [embargoedEarly, setEmbargoedEarly] = useState(false);
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<'pending' | 'active' | null>(null);
  const [busy, setBusy] = useState(false);
  const accredited = user?.permissions?.includes('press_area.access') ?? false;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const input = {
      email,
      languages,
      companies: followed.companies,
      brands: followed.brands,
      frequency,
      embargoed_early: accredited && embargoedEarly,
      consent,
    };
    const checked = alertSubscribeSchema.safeParse(input);
    if (!checked.success) {
      setErrors(
        Object.fromEntries(
          checked.error.issues.map((issue) => [
            String(issue.path[0]),
            translateMessage(i18n.language, issue.message),
          ]),
        ),
      );
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await alertsApi.subscribe(input as never);
      setDone(answer.status);
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(error.fieldErrors);
        setFailure(error.generalMessage);
      } else {
        setFailure(t('errors.generic'));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title={t('alerts.title')}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
        <Typography sx={{ mb: 3 }}>{t('alerts.intro', { site: site.data?.name ?? '' })}</Typography>
        {done ? (
          <Alert severity="success" role="status" data-testid="alert-subscribed">
            {done === 'pending' ? t('alerts.pending') : t('alerts.active', { email })}
          </Alert>
        ) : (
          <Box component="form" noValidate onSubmit={submit}>
            <Stack spacing={3}>
              {failure && <Alert severity="error">{failure}</Alert>}
              <TextField
                label={t('alerts.email')}
                type="email"
                required
                autoComplete="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                error={Boolean(errors.email)}
                helperText={errors.email}
                slotProps={{ htmlInput: { 'data-testid': 'alert-email' } }}
              />
              <LanguageChoice value={languages} onChange={setLanguages} error={errors.languages} />
              <FollowChoice value={followed} onChange={setFollowed} />
              <FrequencyChoice value={frequency} onChange={setFrequency} />
              {accredited && (
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={embargoedEarly}
                      onChange={(event) => setEmbargoedEarly(event.target.checked)}
                    />
                  }
                  label={t('alerts.embargoedEarly')}
                />
              )}
              <Box>
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={consent}
                      onChange={(event) => setConsent(event.target.checked)}
                      slotProps={{ input: { 'data-testid': 'alert-consent' } as object }}
                    />
                  }
                  label={t('alerts.consent')}
                />
                <Link component={RouterLink} to={paths.userPrivacy} sx={{ display: 'inline-block', ms: 4 }}>
                  {t('alerts.privacyLink')}
                </Link>
                {errors.consent && <FormHelperText error>{errors.consent}</FormHelperText>}
              </Box>
              <Box>
                <Button type="submit" variant="contained" disabled={busy} data-testid="alert-subscribe">
                  {t('alerts.subscribe')}
                </Button>
              </Box>
            </Stack>
          </Box>
        )}
      </Paper>
    </Page>
  );
}
