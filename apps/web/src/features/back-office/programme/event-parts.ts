import type { ProgrammeEventStatus, ProgrammeEventType } from '@pressroom/contract';

// The contract's words for event types and places (shared with the mails and calendars), read under
// `messages.` once the contract's catalog is loaded (the form's fields load it).
export const typeKeys = {
  press_conference: 'messages.programmeTypePressConference',
  exhibitor_event: 'messages.programmeTypeExhibitorEvent',
  talk: 'messages.programmeTypeTalk',
  tour: 'messages.programmeTypeTour',
  award_ceremony: 'messages.programmeTypeAwardCeremony',
  other: 'messages.programmeTypeOther',
} as const satisfies Record<ProgrammeEventType, string>;

/** The chip colour of each status; the chip's words say it anyway. */
export const statusColour = {
  proposed: 'info',
  approved: 'success',
  declined: 'error',
  cancelled: 'default',
} as const satisfies Record<ProgrammeEventStatus, string>;

type Translate = (key: string, options?: Record<string, unknown>) => string;

export function placeText(place: { hall: string; room: string; stand: string }, t: Translate): string {
  return [
    place.hall && t('messages.programmePlaceHall', { hall: place.hall }),
    place.room && t('messages.programmePlaceRoom', { room: place.room }),
    place.stand && t('messages.programmePlaceStand', { stand: place.stand }),
  ]
    .filter(Boolean)
    .join(t('programmeAdmin.placeSeparator'));
}

/**
 * The organiser a new proposal takes without asking: a company's administrator whose company exhibits once in
 * the edition has only that choice. The press office (whose events may have no exhibitor), an event already
 * saved, a search under way or a choice made are left alone.
 */
export function soleOrganiser<Option>(
  options: readonly Option[],
  state: { office: boolean; editing: boolean; search: string; chosen: Option | null },
): Option | null {
  if (state.office || state.editing || state.search !== '' || state.chosen !== null) return null;
  return options.length === 1 ? (options[0] ?? null) : null;
}
