import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type MyProgramme, type ProgrammeFeedToken, pickLocalized } from '@pressroom/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { LoadingPlaceholder } from '../../components/loading-placeholder.tsx';
import { Page } from '../../components/page.tsx';
import { paths } from '../../config/paths.ts';
import { apiErrorMessage } from '../../lib/api-error-message.ts';
import { notify } from '../../lib/notifications.ts';
import { feedTokenQuery, myProgrammeQuery, programmeApi } from './api.ts';
import { CancelledChip, EventFacts, MySignupChip, TypeChip } from './components/event-parts.tsx';
import { FeedState } from './components/feed-state.tsx';
import { Clashes } from './components/signup-panel.tsx';

/**
 * "My programme": the journalist's events with their clashes, and the personal calendar feed (opened at the
 * feed when the address asks, as the profile's link does).
 */
export default function MyProgrammeScreen() {
  const { t, i18n } = useTranslation();
  const mine = useQuery(myProgrammeQuery(i18n.language));
  const [search] = useSearchParams();
  return (
    <Page title={t('programme.mine.title')}>
      <Typography sx={{ mb: 3, maxWidth: '70ch' }}>{t('programme.mine.intro')}</Typography>
      <Stack spacing={3}>
        {mine.isError ? (
          <Alert severity="error">{apiErrorMessage(mine.error, t('programme.mine.loadError'))}</Alert>
        ) : !mine.data ? (
          <LoadingPlaceholder height={200} />
        ) : mine.data.data.length === 0 ? (
          <Alert
            severity="info"
            data-testid="my-programme-empty"
            action={
              <Button component={RouterLink} to={paths.programme} color="inherit" size="small">
                {t('programme.mine.browse')}
              </Button>
            }
          >
            {t('programme.mine.empty')}
          </Alert>
        ) : (
          <Stack
            component="ul"
            spacing={2}
            sx={{ listStyle: 'none', p: 0, m: 0 }}
            data-testid="my-programme-list"
          >
            {mine.data.data.map((entry) => (
              <MyEvent key={entry.event.id} entry={entry} />
            ))}
          </Stack>
        )}
        <PersonalFeed openedAt={search.get('show') === 'feed'} />
      </Stack>
    </Page>
  );
}

function MyEvent({ entry }: { entry: MyProgramme['data'][number] }) {
  const { i18n } = useTranslation();
  const { event } = entry;
  const headingId = `my-programme-${event.id}`;
  const shown = { ...event, my_signup: event.my_signup ?? entry.signup };
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 2.5 } }}
      data-testid="my-programme-event"
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <TypeChip type={event.type} />
        {event.status === 'cancelled' && <CancelledChip />}
        <MySignupChip event={shown} />
      </Box>
      <Typography id={headingId} component="h2" variant="h6" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
        <Link component={RouterLink} to={paths.programmeEvent(event.id)} dir="auto">
          {pickLocalized(event.title, i18n.language)}
        </Link>
      </Typography>
      <EventFacts event={event} long />
      {entry.clashes.length > 0 && <Clashes clashes={entry.clashes} timeZone={event.edition.time_zone} />}
    </Paper>
  );
}

/**
 * The personal feed's secret address: made, replaced or revoked here; only its hash is kept, so it is shown
 * in the answer that makes it and never again. `openedAt`: the reader came for it (its heading takes the
 * focus, so the screen starts there).
 */
function PersonalFeed({ openedAt }: { openedAt: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const address = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const status = useQuery(feedTokenQuery());
  const [made, setMade] = useState<ProgrammeFeedToken['feed']>(null);
  const [revoking, setRevoking] = useState(false);
  const [busy, setBusy] = useState(false);
  const feed = made ?? status.data?.feed ?? null;
  useEffect(() => {
    if (openedAt) heading.current?.focus();
  }, [openedAt]);
  // A new address is said ready beside it, not in a notification: on a phone one would cover the field.
  useEffect(() => {
    if (made) address.current?.focus();
  }, [made]);
  const make = async () => {
    setBusy(true);
    try {
      const answer = await programmeApi.makeFeed();
      setMade(answer.feed);
      queryClient.setQueryData(feedTokenQuery().queryKey, answer);
    } catch (error) {
      notify.error(apiErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 } }}
      data-testid="personal-feed"
    >
      <Typography
        id={headingId}
        ref={heading}
        tabIndex={-1}
        variant="h2"
        sx={{ fontSize: '1.2rem', mb: 1, '&:focus': { outline: 'none' } }}
      >
        {t('programme.mine.feedTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: '75ch' }}>
        {t('programme.mine.feedText')}
      </Typography>
      {status.isError ? (
        <Alert severity="error">{apiErrorMessage(status.error)}</Alert>
      ) : !status.data ? (
        <LoadingPlaceholder height={56} />
      ) : (
        <Stack spacing={2}>
          <FeedState feed={feed} justMade={made !== null} addressRef={address} />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button variant="contained" onClick={make} disabled={busy} data-testid="personal-feed-make">
              {t(feed ? 'programme.mine.rotateFeed' : 'programme.mine.makeFeed')}
            </Button>
            {feed && (
              <Button
                variant="outlined"
                color="error"
                onClick={() => setRevoking(true)}
                data-testid="personal-feed-revoke"
              >
                {t('programme.mine.revokeFeed')}
              </Button>
            )}
          </Box>
        </Stack>
      )}
      <ConfirmDialog
        open={revoking}
        title={t('programme.mine.revokeTitle')}
        text={t('programme.mine.revokeText')}
        confirmLabel={t('programme.mine.revokeFeed')}
        cancelLabel={t('programme.mine.keep')}
        onClose={() => setRevoking(false)}
        testId="personal-feed-revoke-dialog"
        onConfirm={async () => {
          try {
            await programmeApi.revokeFeed();
          } catch (error) {
            notify.error(apiErrorMessage(error));
            throw error;
          }
          setMade(null);
          queryClient.setQueryData(feedTokenQuery().queryKey, { feed: null });
          notify.success(t('programme.mine.feedRevoked'));
        }}
      />
    </Paper>
  );
}
