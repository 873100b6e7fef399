import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type AlertFrequency,
  type AlertSubscription,
  alertPreferencesSchema,
  type Language,
  translateMessage,
} from '@pressroom/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { Page } from '../../components/page.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { notify } from '../../lib/notifications.ts';
import { alertSubscriptionQuery, alertsApi } from './api/alerts-api.ts';
import {
  FollowChoice,
  type Followed,
  FrequencyChoice,
  LanguageChoice,
} from './components/preference-fields.tsx';

/**
 * A subscriber's page, opened by the link of every alert (the token is the key; no sign-in): languages,
 * companies and brands, frequency, and unsubscribing. `?unsubscribe=1` (the mails' unsubscribe link) asks
 * that first.
 */
export default function ManageScreen() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const subscription = useQuery(alertSubscriptionQuery(token));
  return (
    <Page title={t('alerts.manageTitle')}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
        {subscription.isPending ? (
          <Skeleton variant="rounded" height={240} />
        ) : subscription.isError ? (
          <Alert severity="error">
            {subscription.error instanceof ApiError
              ? (subscription.error.generalMessage ?? t('alerts.loadError'))
              : t('alerts.loadError')}
          </Alert>
        ) : (
          <Preferences
            token={token}
            subscription={subscription.data}
            askUnsubscribe={search.get('unsubscribe') === '1'}
          />
        )}
      </Paper>
    </Page>
  );
}

function Preferences({
  token,
  subscription,
  askUnsubscribe,
}: {
  token: string;
  subscription: AlertSubscription;
  askUnsubscribe: boolean;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [languages, setLanguages] = useState(subscription.languages);
  const [followed, setFollowed] = useState<Followed>({
    companies: subscription.companies.map((company) => company.id),
    brands: subscription.brands.map((brand) => brand.id),
  });
  const [frequency, setFrequency] = useState<AlertFrequency>(subscription.frequency);
  const [languageError, setLanguageError] = useState<string | undefined>();
  const saved = (answer: AlertSubscription) =>
    queryClient.setQueryData(alertSubscriptionQuery(token).queryKey, answer);
  const save = useMutation({
    mutationFn: () => alertsApi.update(token, { languages: languages as Language[], ...followed, frequency }),
    onSuccess: (answer) => {
      saved(answer);
      notify.success(t('alerts.saved'));
    },
  });
  const unsubscribe = useMutation({
    mutationFn: () => alertsApi.unsubscribe(token),
    onSuccess: () => saved({ ...subscription, status: 'unsubscribed' }),
  });

  if (subscription.status === 'unsubscribed') {
    return (
      <Alert severity="info" role="status" data-testid="alert-unsubscribed">
        {t('alerts.unsubscribed')}
      </Alert>
    );
  }
  const unsubscribeBox = (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Typography>{t('alerts.unsubscribeQuestion', { site: subscription.site_name })}</Typography>
      <Button
        variant={askUnsubscribe ? 'contained' : 'outlined'}
        color="error"
        disabled={unsubscribe.isPending}
        onClick={() => unsubscribe.mutate()}
        data-testid="alert-unsubscribe"
      >
        {t('alerts.unsubscribe')}
      </Button>
    </Stack>
  );
  return (
    <Stack spacing={3}>
      <Typography>
        {t('alerts.manageIntro', { site: subscription.site_name, email: subscription.email })}
      </Typography>
      {askUnsubscribe && unsubscribeBox}
      {askUnsubscribe && <Divider />}
      {save.isError && (
        <Alert severity="error">
          {save.error instanceof ApiError
            ? (save.error.generalMessage ?? t('errors.generic'))
            : t('errors.generic')}
        </Alert>
      )}
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const checked = alertPreferencesSchema.safeParse({ languages });
          if (!checked.success) {
            setLanguageError(translateMessage(i18n.language, checked.error.issues[0].message));
            return;
          }
          setLanguageError(undefined);
          save.mutate();
        }}
      >
        <Stack spacing={3}>
          <LanguageChoice value={languages} onChange={setLanguages} error={languageError} />
          <FollowChoice value={followed} onChange={setFollowed} />
          <FrequencyChoice value={frequency} onChange={setFrequency} />
          <Box>
            <Button type="submit" variant="contained" disabled={save.isPending} data-testid="alert-save">
              {t('alerts.save')}
            </Button>
          </Box>
        </Stack>
      </Box>
      {!askUnsubscribe && <Divider />}
      {!askUnsubscribe && unsubscribeBox}
    </Stack>
  );
}
