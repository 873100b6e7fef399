import { interviewMinutes, translateMessage, webLinks } from '@pressroom/contract';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { asLanguage, placeText, titleIn } from './mails.ts';
import type { EventDetail } from './repository.ts';

// The programme as iCalendar (RFC 5545), written by ical-generator (which escapes text and folds long lines):
// one UID per event, kept for good, so a calendar replaces what it holds when SEQUENCE grows; times in UTC;
// a cancelled event stays in the feeds with STATUS:CANCELLED so subscribed calendars drop it. In a
// journalist's own feed an event they wait for is STATUS:TENTATIVE: no place is theirs until promoted.

export interface CalendarSetting {
  siteAddress: string;
  siteName: string;
  /** The UIDs' domain: the press room's sending address's (as the interviews' invitations). */
  domain: string;
  language: string;
}

export interface InterviewEntry {
  id: number;
  companyName: string;
  topic: string;
  place: string;
  sequence: number;
  scheduledAt: Date;
}

/** The domain of the sending address ("Press Office <press@host>" or a bare address). */
export function uidDomain(mailFrom: string) {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return address.split('@')[1] ?? 'press-room';
}

const eventUid = (id: number, domain: string) => `programme-${id}@${domain}`;

export function programmeCalendar(
  name: string,
  events: EventDetail[],
  setting: CalendarSetting,
  now: Date,
  own: { interviews?: InterviewEntry[]; waitingFor?: ReadonlySet<number> } = {},
): string {
  const { interviews = [], waitingFor = new Set<number>() } = own;
  const language = asLanguage(setting.language);
  const calendar = ical({
    name,
    prodId: { company: setting.siteName, product: 'press-programme', language: language.toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
  });
  for (const detail of events) {
    const { event } = detail;
    const url = `${setting.siteAddress}${webLinks.programmeEvent(event.id)}`;
    const description = titleIn({ title: event.description }, language);
    calendar.createEvent({
      id: eventUid(event.id, setting.domain),
      sequence: event.sequence,
      stamp: now,
      created: event.createdAt,
      lastModified: event.updatedAt,
      start: event.startsAt,
      end: event.endsAt,
      summary: titleIn(event, language),
      description: description ? `${description}\n\n${url}` : url,
      location: placeText(language, event),
      url,
      status:
        event.status === 'cancelled'
          ? ICalEventStatus.CANCELLED
          : waitingFor.has(event.id)
            ? ICalEventStatus.TENTATIVE
            : ICalEventStatus.CONFIRMED,
    });
  }
  for (const interview of interviews) {
    calendar.createEvent({
      // The same UID as the interview's invitation, so a calendar holding both keeps one.
      id: `interview-${interview.id}@${setting.domain}`,
      sequence: interview.sequence,
      stamp: now,
      start: interview.scheduledAt,
      end: new Date(interview.scheduledAt.getTime() + interviewMinutes * 60_000),
      summary: translateMessage(language, 'programmeInterviewSummary', { company: interview.companyName }),
      description: interview.topic,
      location: interview.place,
      status: ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
