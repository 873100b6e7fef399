import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ProgrammeEvent, ProgrammeEventType } from '@pressroom/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
// The contract's words (event types, places) are the ones the mails and calendars use.
import '../../../lib/i18n/contract-messages.ts';
import { isLanguage, languageNames } from '../../../lib/i18n/languages.ts';
import { formatZonedDayRange, formatZonedTimeRange } from '../../../lib/zoned-time.ts';

const typeKeys = {
  press_conference: 'programmeTypePressConference',
  exhibitor_event: 'programmeTypeExhibitorEvent',
  talk: 'programmeTypeTalk',
  tour: 'programmeTypeTour',
  award_ceremony: 'programmeTypeAwardCeremony',
  other: 'programmeTypeOther',
} as const satisfies Record<ProgrammeEventType, string>;

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** An event type in the reader's language. */
export const typeLabel = (type: ProgrammeEventType, t: Translate) => t(`messages.${typeKeys[type]}`);

/** "Hall 5, room Verdi, stand B12": only the parts given. */
function placeText(place: ProgrammeEvent['place'], t: Translate): string {
  return [
    place.hall && t('messages.programmePlaceHall', { hall: place.hall }),
    place.room && t('messages.programmePlaceRoom', { room: place.room }),
    place.stand && t('messages.programmePlaceStand', { stand: place.stand }),
  ]
    .filter(Boolean)
    .join(t('programme.placeSeparator'));
}

/** The event's start and end at the fair's hour; `long` adds the day. */
function useEventTime(event: Pick<ProgrammeEvent, 'starts_at' | 'ends_at' | 'edition'>, long = false) {
  const { i18n } = useTranslation();
  const zone = event.edition.time_zone;
  return long
    ? formatZonedDayRange(event.starts_at, event.ends_at, i18n.language, zone)
    : formatZonedTimeRange(event.starts_at, event.ends_at, i18n.language, zone);
}

/** Places left, "full — waiting list", or no limit; nothing for an event without sign-up. */
function placesText(event: ProgrammeEvent, t: Translate): string {
  if (!event.signup_required) return t('programme.noSignup');
  if (event.places_left === null) return t('programme.noLimit');
  if (event.places_left <= 0) return t('programme.full');
  return t('programme.placesLeft', { count: event.places_left });
}

export function TypeChip({ type }: { type: ProgrammeEventType }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      label={typeLabel(type, t)}
      data-testid="event-type"
      data-type={type}
    />
  );
}

/** A cancelled event says so in words, not only by colour. */
export function CancelledChip() {
  const { t } = useTranslation();
  return <Chip size="small" color="error" label={t('programme.cancelled')} data-testid="event-cancelled" />;
}

/** The reader's own sign-up, when there is one. */
export function MySignupChip({ event }: { event: ProgrammeEvent }) {
  const { t } = useTranslation();
  const mine = event.my_signup;
  if (!mine || mine.status === 'cancelled') return null;
  const label =
    mine.status === 'signed_up'
      ? t('programme.mine_signed_up')
      : mine.position
        ? t('programme.mine_waiting', { position: mine.position })
        : t('programme.mine_waitingNoPosition');
  return (
    <Chip
      size="small"
      color={mine.status === 'signed_up' ? 'success' : 'warning'}
      label={label}
      data-testid="event-my-signup"
      data-status={mine.status}
    />
  );
}

/** The facts of an event as a description list: time, place, organiser, languages, places. */
export function EventFacts({ event, long = false }: { event: ProgrammeEvent; long?: boolean }) {
  const { t, i18n } = useTranslation();
  const time = useEventTime(event, long);
  const languages = new Intl.ListFormat(i18n.language, { type: 'unit' }).format(
    event.languages.map((code) => (isLanguage(code) ? languageNames[code] : code)),
  );
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gap: 1.5,
        m: 0,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' },
      }}
    >
      <Fact label={t('programme.time')} testId="event-time">
        <time dateTime={event.starts_at}>{time}</time>
      </Fact>
      <Fact label={t('programme.place')} testId="event-place">
        <span dir="auto">{placeText(event.place, t)}</span>
      </Fact>
      <Fact label={t('programme.organisedBy')} testId="event-organiser">
        {event.organiser.exhibitor ? <bdi>{event.organiser.exhibitor.name}</bdi> : t('programme.theFair')}
      </Fact>
      <Fact label={t('programme.languages')} testId="event-languages">
        {languages}
      </Fact>
      {event.status !== 'cancelled' && (
        <Fact label={t('programme.places')} testId="event-places">
          {placesText(event, t)}
        </Fact>
      )}
    </Box>
  );
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }} data-testid={testId}>
        {children}
      </Typography>
    </Box>
  );
}
