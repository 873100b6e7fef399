import type { Language, ProgrammeEvent, ProgrammeEventList, ProgrammeEventType } from '@pressroom/contract';
import { filledLocalized } from '../../../components/localized-fields.tsx';
import { zonedInstant } from '../../../lib/zoned-time.ts';

export type Edition = NonNullable<ProgrammeEventList['edition']>;

/** The form as typed: every language's text, the times as the fair's wall-clock times. */
export interface EventForm {
  edition: number;
  exhibitor: number | null;
  type: ProgrammeEventType;
  title: Record<Language, string>;
  description: Record<Language, string>;
  starts_at: string;
  ends_at: string;
  hall: string;
  room: string;
  stand: string;
  languages: Language[];
  capacity: number | null;
  signup_required: boolean;
  releases: number[];
  galleries: number[];
  releases_at_start: number[];
  galleries_at_start: number[];
}

export const formFields = [
  'exhibitor',
  'type',
  'title',
  'description',
  'starts_at',
  'ends_at',
  'hall',
  'room',
  'stand',
  'languages',
  'capacity',
  'signup_required',
  'releases',
  'galleries',
  'releases_at_start',
  'galleries_at_start',
] as const;

export type FormField = (typeof formFields)[number];

/** The body the form sends: what the server will receive, judged by the contract's schema. */
export function toBody(values: EventForm, timeZone: string) {
  return {
    ...values,
    title: filledLocalized(values.title),
    description: filledLocalized(values.description),
    starts_at: zonedInstant(values.starts_at, timeZone),
    ends_at: zonedInstant(values.ends_at, timeZone),
  };
}

export type EventBody = ReturnType<typeof toBody>;

/** The links marked "released at the start". */
export const markedOf = (links: { id: number; at_start: boolean }[]) =>
  links.filter((link) => link.at_start).map((link) => link.id);

/** The fields of an edit that differ from the event as it is: a PATCH names only those. */
export function changes(body: Record<string, unknown>, event: ProgrammeEvent): Record<string, unknown> {
  const before: Record<string, unknown> = {
    exhibitor: event.organiser.exhibitor?.id ?? null,
    type: event.type,
    title: event.title,
    description: event.description,
    starts_at: new Date(event.starts_at).toISOString(),
    ends_at: new Date(event.ends_at).toISOString(),
    hall: event.place.hall,
    room: event.place.room,
    stand: event.place.stand,
    languages: event.languages,
    capacity: event.capacity,
    signup_required: event.signup_required,
    releases: event.releases.map((release) => release.id),
    galleries: event.galleries.map((gallery) => gallery.id),
    releases_at_start: markedOf(event.releases),
    galleries_at_start: markedOf(event.galleries),
  };
  const same = (a: unknown, b: unknown) =>
    JSON.stringify(a, a && typeof a === 'object' && !Array.isArray(a) ? Object.keys(a).sort() : undefined) ===
    JSON.stringify(b, b && typeof b === 'object' && !Array.isArray(b) ? Object.keys(b).sort() : undefined);
  return Object.fromEntries(
    formFields
      .filter((field) => field in body && !same(body[field], before[field]))
      .map((field) => [field, body[field]]),
  );
}
