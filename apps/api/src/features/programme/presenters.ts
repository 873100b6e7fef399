import {
  apiPaths,
  type Language,
  type ProgrammeAttendee,
  type ProgrammeEvent,
  type ProgrammeEventList,
} from '@pressroom/contract';
import type { EditionContext, EventDetail } from './repository.ts';

type MySignup = { status: string; position: number | null } | undefined;

/** An event as the programme shows it: times in UTC with the fair's zone beside them, numbers, never names. */
export function presentEvent(detail: EventDetail, mine?: MySignup): ProgrammeEvent {
  const { event, edition, organiser } = detail;
  return {
    id: event.id,
    edition: { id: edition.id, name: edition.name, time_zone: edition.timeZone },
    type: event.type as ProgrammeEvent['type'],
    status: event.status as ProgrammeEvent['status'],
    title: event.title as Record<string, string>,
    description: event.description as Record<string, string>,
    starts_at: event.startsAt.toISOString(),
    ends_at: event.endsAt.toISOString(),
    place: { hall: event.hall, room: event.room, stand: event.stand },
    organiser: organiser
      ? {
          kind: 'exhibitor',
          exhibitor: { id: organiser.exhibitorId, company: organiser.companyId, name: organiser.companyName },
        }
      : { kind: 'fair', exhibitor: null },
    languages: event.languages as Language[],
    capacity: event.capacity,
    signup_required: event.signupRequired,
    releases: detail.releases.map((link) => ({ id: link.id, title: link.title, at_start: link.atStart })),
    galleries: detail.galleries.map((link) => ({ id: link.id, title: link.title, at_start: link.atStart })),
    signed_up: event.signedUp,
    waiting: detail.waiting,
    places_left: event.capacity === null ? null : Math.max(0, event.capacity - event.signedUp),
    my_signup: mine
      ? { status: mine.status as 'signed_up' | 'waiting' | 'cancelled', position: mine.position }
      : null,
    sequence: event.sequence,
    decline_reason: event.declineReason,
    cancel_reason: event.cancelReason,
    calendar_url: apiPaths.programmeEventCalendar(event.id),
    created_at: event.createdAt.toISOString(),
    updated_at: event.updatedAt.toISOString(),
  };
}

export function presentEventList(
  edition: EditionContext | null,
  events: EventDetail[],
  mine: Map<number, { status: string; position: number | null }> = new Map(),
): ProgrammeEventList {
  return {
    edition: edition
      ? {
          id: edition.id,
          name: edition.name,
          starts_on: edition.startsOn,
          ends_on: edition.endsOn,
          time_zone: edition.timeZone,
        }
      : null,
    data: events.map((detail) => presentEvent(detail, mine.get(detail.event.id))),
  };
}

export function presentAttendee(row: {
  signup: { userId: number; status: string; checkedInAt: Date | null };
  name: string;
  outlet: string;
  email: string;
  position: number | null;
}): ProgrammeAttendee {
  return {
    user: row.signup.userId,
    name: row.name || row.email,
    outlet: row.outlet,
    email: row.email,
    status: row.signup.status as ProgrammeAttendee['status'],
    position: row.position,
    checked_in_at: row.signup.checkedInAt?.toISOString() ?? null,
  };
}
