import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type ProgrammeEvent,
  type ProgrammeEventType,
  type ProgrammeOrganiserKind,
  pickLocalized,
  programmeEventTypes,
  programmeOrganiserKinds,
} from '@pressroom/contract';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FoldingFilters } from '../../components/folding-filters.tsx';
import { LoadingPlaceholder } from '../../components/loading-placeholder.tsx';
import { Page } from '../../components/page.tsx';
import { paths } from '../../config/paths.ts';
import { apiErrorMessage } from '../../lib/api-error-message.ts';
import { isLanguage, languageNames, languages } from '../../lib/i18n/languages.ts';
import { useSession } from '../../lib/session.ts';
import { useUrlState } from '../../lib/url-state.ts';
import { formatDay, zonedDay, zoneName } from '../../lib/zoned-time.ts';
import { type ProgrammeFilters, programmeQuery, siteFeedAddress } from './api.ts';
import { CancelledChip, EventFacts, MySignupChip, TypeChip, typeLabel } from './components/event-parts.tsx';
import { FeedAddress } from './components/feed-address.tsx';
import { hallsOf, openingDay, programmeDays } from './programme-days.ts';

const filterNames = ['type', 'hall', 'organiser', 'language'] as const;

/** The filters the address holds, only the values the contract knows. */
function filtersFrom(read: (key: string) => string | null): ProgrammeFilters {
  const type = read('type');
  const organiser = read('organiser');
  const language = read('language');
  return {
    type: (programmeEventTypes as readonly string[]).includes(type ?? '')
      ? (type as ProgrammeEventType)
      : undefined,
    hall: read('hall')?.slice(0, 40) || undefined,
    organiser: (programmeOrganiserKinds as readonly string[]).includes(organiser ?? '')
      ? (organiser as ProgrammeOrganiserKind)
      : undefined,
    language: isLanguage(language) ? language : undefined,
  };
}

/**
 * The fair's press programme, a tab per day of the fair, at the fair's hour whatever the reader's zone (named
 * on the screen); filters by type, hall, organiser and spoken language live in the address.
 */
export default function ProgrammeScreen() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const { read, update } = useUrlState();
  const filters = filtersFrom(read);
  const filtered = Object.values(filters).some(Boolean);
  const list = useQuery(programmeQuery(filters, i18n.language, !!user));
  // The halls to choose from are those of the whole programme, not of the filtered one.
  const everything = useQuery({ ...programmeQuery({}, i18n.language, !!user), enabled: filtered });
  const edition = list.data?.edition ?? null;

  return (
    <Page title={t('programme.title')}>
      {list.isError ? (
        <Alert severity="error">{apiErrorMessage(list.error, t('programme.loadError'))}</Alert>
      ) : !list.data ? (
        <LoadingPlaceholder height={320} />
      ) : !edition ? (
        <Alert severity="info" data-testid="programme-none">
          {t('programme.noEdition')}
        </Alert>
      ) : (
        <>
          <Typography sx={{ mb: 1, maxWidth: '70ch' }}>
            {t('programme.intro', { edition: edition.name })}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }} data-testid="programme-zone">
            {t('programme.zone', {
              zone: zoneName(edition.time_zone, i18n.language, `${edition.starts_on.slice(0, 10)}T12:00:00Z`),
              id: edition.time_zone,
            })}
          </Typography>
          <FoldingFilters
            active={Object.values(filters).filter(Boolean).length}
            testId="programme-filters-toggle"
            sx={{ mb: 2 }}
          >
            <Filters
              filters={filters}
              halls={hallsOf((filtered ? everything.data?.data : list.data.data) ?? list.data.data)}
              onChange={(changes) => update(changes)}
            />
          </FoldingFilters>
          <Days
            events={list.data.data}
            timeZone={edition.time_zone}
            startsOn={edition.starts_on}
            endsOn={edition.ends_on}
            asked={read('day')}
            onDay={(day) => update({ day }, true)}
          />
          <Paper variant="outlined" component="section" aria-labelledby="programme-feed" sx={{ p: 2, mt: 3 }}>
            <Typography id="programme-feed" variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
              {t('programme.event.feedTitle')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('programme.event.feedText')}
            </Typography>
            <FeedAddress
              label={t('programme.event.feedAddress')}
              address={siteFeedAddress(i18n.language, edition.id)}
              testId="programme-feed-address"
            />
            {user?.permissions.includes('press_area.access') && (
              <Link component={RouterLink} to={paths.myProgramme} sx={{ display: 'inline-block', mt: 1.5 }}>
                {t('programme.event.myProgramme')}
              </Link>
            )}
          </Paper>
        </>
      )}
    </Page>
  );
}

function Filters({
  filters,
  halls,
  onChange,
}: {
  filters: ProgrammeFilters;
  halls: string[];
  onChange: (changes: Record<string, string | null>) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const select = (
    name: (typeof filterNames)[number],
    label: string,
    all: string,
    options: [string, string][],
  ) => (
    <TextField
      select
      size="small"
      label={label}
      value={filters[name] ?? ''}
      onChange={(event) => onChange({ [name]: event.target.value || null })}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      data-testid={`programme-filter-${name}`}
    >
      <MenuItem value="">{all}</MenuItem>
      {options.map(([value, text]) => (
        <MenuItem key={value} value={value} lang={name === 'language' ? value : undefined}>
          {text}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2, mb: 2 }}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.1rem', mb: 2 }}>
        {t('programme.filters')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            sm: 'repeat(2, minmax(0, 1fr))',
            lg: 'repeat(4, minmax(0, 1fr))',
          },
        }}
      >
        {select(
          'type',
          t('programme.type'),
          t('programme.allTypes'),
          programmeEventTypes.map((type) => [type, typeLabel(type, t)]),
        )}
        {select(
          'hall',
          t('programme.hall'),
          t('programme.allHalls'),
          [...new Set([...halls, ...(filters.hall ? [filters.hall] : [])])].map((hall) => [hall, hall]),
        )}
        {select(
          'organiser',
          t('programme.organiser'),
          t('programme.allOrganisers'),
          programmeOrganiserKinds.map((kind) => [kind, t(`programme.organiser_${kind}`)]),
        )}
        {select(
          'language',
          t('programme.language'),
          t('programme.allLanguages'),
          languages.map((code) => [code, languageNames[code]]),
        )}
      </Box>
      {Object.values(filters).some(Boolean) && (
        <Button
          sx={{ mt: 1.5 }}
          onClick={() => onChange({ type: null, hall: null, organiser: null, language: null })}
          data-testid="programme-clear-filters"
        >
          {t('programme.clearFilters')}
        </Button>
      )}
    </Paper>
  );
}

function Days({
  events,
  timeZone,
  startsOn,
  endsOn,
  asked,
  onDay,
}: {
  events: ProgrammeEvent[];
  timeZone: string;
  startsOn: string;
  endsOn: string;
  asked: string | null;
  onDay: (day: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const days = programmeDays(events, timeZone, startsOn, endsOn);
  const current = openingDay(days, asked, zonedDay(new Date().toISOString(), timeZone));
  const shown = days.find((entry) => entry.day === current);
  if (!shown) return null;
  return (
    <Box component="section" aria-label={t('programme.days')}>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={shown.day}
          onChange={(_event, day: string) => onDay(day)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={t('programme.days')}
          data-testid="programme-days"
        >
          {days.map((entry) => (
            <Tab
              key={entry.day}
              value={entry.day}
              id={`${id}-tab-${entry.day}`}
              aria-controls={`${id}-panel`}
              aria-label={t('programme.dayEvents', {
                day: formatDay(entry.day, i18n.language),
                count: entry.events.length,
              })}
              label={
                <span>
                  {formatDay(entry.day, i18n.language, 'short')}
                  <Box component="span" sx={{ display: 'block', fontSize: '0.75rem', opacity: 0.85 }}>
                    {new Intl.NumberFormat(i18n.language).format(entry.events.length)}
                  </Box>
                </span>
              }
              data-testid={`programme-day-${entry.day}`}
            />
          ))}
        </Tabs>
      </Box>
      <Box
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-tab-${shown.day}`}
        sx={{ pt: 2 }}
        data-testid="programme-day-panel"
        data-day={shown.day}
      >
        {shown.events.length === 0 ? (
          <Alert severity="info" data-testid="programme-day-empty">
            {t('programme.emptyDay')}
          </Alert>
        ) : (
          <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {shown.events.map((event) => (
              <EventCard key={event.id} event={event} />
            ))}
          </Stack>
        )}
      </Box>
    </Box>
  );
}

function EventCard({ event }: { event: ProgrammeEvent }) {
  const { t, i18n } = useTranslation();
  const headingId = `programme-event-${event.id}`;
  const title = pickLocalized(event.title, i18n.language);
  const cancelled = event.status === 'cancelled';
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      // Not faded when cancelled: fading the card took its chips' and links' words below 4.5:1; the chip and
      // the struck-through title say it.
      sx={{ p: { xs: 2, sm: 2.5 } }}
      data-testid="programme-event"
      data-event={event.id}
      data-status={event.status}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <TypeChip type={event.type} />
        {cancelled && <CancelledChip />}
        <MySignupChip event={event} />
      </Box>
      <Typography id={headingId} component="h3" variant="h6" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
        <Link
          component={RouterLink}
          to={paths.programmeEvent(event.id)}
          dir="auto"
          sx={cancelled ? { textDecoration: 'line-through' } : undefined}
          data-testid="programme-event-link"
        >
          {title}
        </Link>
      </Typography>
      <EventFacts event={event} />
      {cancelled && event.cancel_reason && (
        <Typography variant="body2" sx={{ mt: 1 }} dir="auto">
          {t('programme.cancelledReason', { reason: event.cancel_reason })}
        </Typography>
      )}
    </Paper>
  );
}
