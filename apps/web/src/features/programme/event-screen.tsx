import ArrowBack from '@mui/icons-material/ArrowBack';
import EventOutlined from '@mui/icons-material/EventOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ProgrammeEvent, pickLocalized } from '@pressroom/contract';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { LoadingPlaceholder } from '../../components/loading-placeholder.tsx';
import { Page } from '../../components/page.tsx';
import { paths } from '../../config/paths.ts';
import { apiErrorMessage } from '../../lib/api-error-message.ts';
import { useSession } from '../../lib/session.ts';
import { zoneName } from '../../lib/zoned-time.ts';
import { programmeEventQuery, siteFeedAddress } from './api.ts';
import { CancelledChip, EventFacts, MySignupChip, TypeChip } from './components/event-parts.tsx';
import { FeedAddress } from './components/feed-address.tsx';
import { SignupPanel } from './components/signup-panel.tsx';

/** One event of the programme: what it is, its material, the sign-up and the calendars. */
export default function EventScreen() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const id = Number(useParams().id);
  const event = useQuery({
    ...programmeEventQuery(id, i18n.language, !!user),
    enabled: Number.isInteger(id) && id > 0,
  });
  const back = (
    <Button
      component={RouterLink}
      to={paths.programme}
      startIcon={
        <ArrowBack sx={(theme) => ({ transform: theme.direction === 'rtl' ? 'scaleX(-1)' : 'none' })} />
      }
    >
      {t('programme.event.back')}
    </Button>
  );
  if (event.isError || !(Number.isInteger(id) && id > 0)) {
    return (
      <Page title={t('programme.event.title')} actions={back}>
        <Alert severity="error">{apiErrorMessage(event.error, t('programme.event.loadError'))}</Alert>
      </Page>
    );
  }
  if (!event.data) {
    return (
      <Page title={t('programme.event.title')} actions={back}>
        <LoadingPlaceholder height={320} />
      </Page>
    );
  }
  return <EventDetail event={event.data} back={back} />;
}

function EventDetail({ event, back }: { event: ProgrammeEvent; back: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const description = pickLocalized(event.description, i18n.language);
  const cancelled = event.status === 'cancelled';
  return (
    <Page title={pickLocalized(event.title, i18n.language)} actions={back}>
      <Stack spacing={2.5}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <TypeChip type={event.type} />
          {cancelled && <CancelledChip />}
          <MySignupChip event={event} />
        </Box>
        {cancelled && (
          <Alert severity="warning" data-testid="event-cancelled-notice">
            {event.cancel_reason
              ? t('programme.cancelledReason', { reason: event.cancel_reason })
              : t('programme.cancelled')}
          </Alert>
        )}
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <EventFacts event={event} long />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} data-testid="event-zone">
            {t('programme.zone', {
              zone: zoneName(event.edition.time_zone, i18n.language, event.starts_at),
              id: event.edition.time_zone,
            })}
          </Typography>
          <Box sx={{ mt: 2 }}>
            <SignupPanel event={event} />
          </Box>
        </Paper>
        {description && (
          <Section title={t('programme.event.description')}>
            <Typography
              dir="auto"
              sx={{ whiteSpace: 'pre-line', maxWidth: '75ch' }}
              data-testid="event-description"
            >
              {description}
            </Typography>
          </Section>
        )}
        {(event.releases.length > 0 || event.galleries.length > 0) && (
          <Section title={t('programme.event.material')}>
            {event.releases.length > 0 && (
              <>
                <Typography component="h3" variant="subtitle2">
                  {t('programme.event.releases')}
                </Typography>
                <Box component="ul" sx={{ mt: 0.5, mb: 2, pl: 2.5 }} data-testid="event-releases">
                  {event.releases.map((release) => (
                    <li key={release.id}>
                      <Link component={RouterLink} to={paths.pressRelease(release.id)} dir="auto">
                        {release.title}
                      </Link>
                    </li>
                  ))}
                </Box>
              </>
            )}
            {event.galleries.length > 0 && (
              <>
                <Typography component="h3" variant="subtitle2">
                  {t('programme.event.galleries')}
                </Typography>
                <Box component="ul" sx={{ mt: 0.5, mb: 0, pl: 2.5 }} data-testid="event-galleries">
                  {event.galleries.map((gallery) => (
                    <li key={gallery.id}>
                      <Link component={RouterLink} to={paths.pressGallery} dir="auto">
                        {pickLocalized(gallery.title, i18n.language)}
                      </Link>
                    </li>
                  ))}
                </Box>
              </>
            )}
          </Section>
        )}
        <Section title={t('programme.event.calendar')}>
          <Stack spacing={2}>
            {!cancelled && (
              <Box>
                <Button
                  variant="contained"
                  component="a"
                  href={event.calendar_url}
                  download={`event-${event.id}.ics`}
                  startIcon={<EventOutlined />}
                  data-testid="event-add-to-calendar"
                >
                  {t('programme.event.addToCalendar')}
                </Button>
              </Box>
            )}
            <Typography variant="body2" color="text.secondary">
              {t('programme.event.feedText')}
            </Typography>
            <FeedAddress
              label={t('programme.event.feedAddress')}
              address={siteFeedAddress(i18n.language, event.edition.id)}
              testId="event-feed-address"
            />
            {user?.permissions.includes('press_area.access') && (
              <Link component={RouterLink} to={paths.myProgramme} data-testid="event-my-programme">
                {t('programme.event.myProgramme')}
              </Link>
            )}
          </Stack>
        </Section>
      </Stack>
    </Page>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={id} variant="h2" sx={{ fontSize: '1.2rem', mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
