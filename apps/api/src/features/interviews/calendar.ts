import { interviewMinutes, translateMessage } from '@pressroom/contract';
import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'ical-generator';
import type { InterviewDetail } from './repository.ts';

export interface CalendarParties {
  /** The press room's sending address: the invitation's organiser, as mails come from it. */
  organizer: { name: string; email: string };
  /** The exhibitor's press contacts, invited with the journalist. */
  contacts: string[];
}

/**
 * The invitation of an accepted interview (METHOD:REQUEST) or its cancellation (METHOD:CANCEL,
 * STATUS:CANCELLED), RFC 5545 with iTIP's methods: one UID per request, so a calendar replaces the event it
 * holds when SEQUENCE grows.
 */
export function interviewCalendar(
  detail: InterviewDetail,
  parties: CalendarParties,
  language: string,
  now: Date,
): { method: 'REQUEST' | 'CANCEL'; content: string } {
  const { request, context } = detail;
  const cancelled = request.status === 'cancelled';
  const method = cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST;
  const start = request.scheduledAt ?? now;
  const calendar = ical({
    prodId: { company: context.siteName, product: 'press-room', language: language.toUpperCase() },
    method,
  });
  const summary = translateMessage(language, 'interviewEventSummary', {
    name: request.journalistName,
    outlet: request.outlet,
    company: context.companyName,
  });
  calendar.createEvent({
    id: `interview-${request.id}@${parties.organizer.email.split('@')[1] ?? 'press-room'}`,
    sequence: request.sequence,
    stamp: now,
    start,
    end: new Date(start.getTime() + interviewMinutes * 60_000),
    summary,
    description: request.topic,
    location: request.place,
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: parties.organizer,
    attendees: [
      {
        name: request.journalistName,
        email: request.email,
        role: ICalAttendeeRole.REQ,
        status: ICalAttendeeStatus.ACCEPTED,
      },
      ...parties.contacts.map((email) => ({
        email,
        name: context.companyName,
        role: ICalAttendeeRole.REQ,
        status: ICalAttendeeStatus.ACCEPTED,
      })),
    ],
  });
  return { method: cancelled ? 'CANCEL' : 'REQUEST', content: calendar.toString() };
}
