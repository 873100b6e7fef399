import { type Language, languages, pickLocalized, translateMessage, webLinks } from '@pressroom/contract';
import type { FastifyInstance } from 'fastify';
import { momentInWords } from '../../lib/clock.ts';
import { renderMail } from '../../lib/mail-layout.ts';
import type { OutgoingMail } from '../../plugins/mail.ts';
import type { EditionContext, EventDetail, EventRow } from './repository.ts';

/** The press office reads its programme mails in English, as its accreditation mails. */
const pressOfficeLanguage: Language = 'en';

/** The address of the edition's site, for the mails' links. */
export const siteAddressOf = (
  deps: { sites: Pick<FastifyInstance['sites'], 'byId'> },
  edition: EditionContext,
) => deps.sites.byId(edition.pressGroupId).address;

export const asLanguage = (value: string): Language =>
  (languages as readonly string[]).includes(value) ? (value as Language) : 'en';

const words =
  (language: Language) =>
  (key: string, params: Record<string, string> = {}) =>
    translateMessage(language, key, params);

/** "Hall 5, room Verdi" or "Hall 5, stand B12" in the reader's language. */
export function placeText(language: Language, event: Pick<EventRow, 'hall' | 'room' | 'stand'>) {
  const t = words(language);
  const parts = [t('programmePlaceHall', { hall: event.hall })];
  if (event.room) parts.push(t('programmePlaceRoom', { room: event.room }));
  if (event.stand) parts.push(t('programmePlaceStand', { stand: event.stand }));
  return parts.join(', ');
}

export const titleIn = (event: Pick<EventRow, 'title'>, language: string) =>
  pickLocalized(event.title, language);

interface Where {
  siteAddress: string;
}

function eventParams(detail: EventDetail, language: Language) {
  return {
    title: titleIn(detail.event, language),
    time: momentInWords(language, detail.event.startsAt, detail.edition.timeZone),
    place: placeText(language, detail.event),
    edition: detail.edition.name,
    company: detail.organiser?.companyName ?? detail.edition.siteName,
  };
}

function mail(
  detail: EventDetail,
  to: string,
  language: Language,
  subject: string,
  paragraphs: string[],
  action: { label: string; url: string },
): OutgoingMail {
  const rendered = renderMail({
    siteName: detail.edition.siteName,
    language,
    heading: subject,
    paragraphs,
    action,
  });
  return { to, subject, ...rendered };
}

/** A company's proposal, to the press office. */
export function proposedMail(detail: EventDetail, to: string, where: Where, replyTo: string): OutgoingMail {
  const language = pressOfficeLanguage;
  const t = words(language);
  const params = eventParams(detail, language);
  const message = mail(
    detail,
    to,
    language,
    t('programmeProposedSubject', params),
    [t('programmeProposedBody', params)],
    { label: t('programmeReviewAction'), url: `${where.siteAddress}${webLinks.programmeAdmin}` },
  );
  return { ...message, headers: { 'Reply-To': replyTo } };
}

/** The press office's answer to a proposal, to whoever proposed it, in their language. */
export function decisionMail(
  detail: EventDetail,
  decision: 'approved' | 'declined',
  to: { email: string; language: string },
  where: Where,
): OutgoingMail {
  const language = asLanguage(to.language);
  const t = words(language);
  const params = eventParams(detail, language);
  const approved = decision === 'approved';
  return mail(
    detail,
    to.email,
    language,
    t(approved ? 'programmeApprovedSubject' : 'programmeDeclinedSubject', params),
    approved
      ? [t('programmeApprovedBody', params)]
      : [
          t('programmeDeclinedBody', params),
          t('programmeReasonLine', { reason: detail.event.declineReason }),
        ],
    { label: t('programmeReviewAction'), url: `${where.siteAddress}${webLinks.programmeAdmin}` },
  );
}

export type AttendeeNews = 'changed' | 'cancelled' | 'promoted' | 'reminder';

/** What a journalist signed up (or waiting) hears: a change, a cancellation, a place come free, a reminder. */
export function attendeeMail(
  detail: EventDetail,
  news: AttendeeNews,
  to: { email: string; language: string },
  where: Where,
): OutgoingMail {
  const language = asLanguage(to.language);
  const t = words(language);
  const params = eventParams(detail, language);
  const content = {
    changed: { subject: 'programmeChangedSubject', body: 'programmeChangedBody' },
    cancelled: { subject: 'programmeCancelledSubject', body: 'programmeCancelledBody' },
    promoted: { subject: 'programmePromotedSubject', body: 'programmePromotedBody' },
    reminder: { subject: 'programmeReminderSubject', body: 'programmeReminderBody' },
  }[news];
  const paragraphs = [t(content.body, params)];
  if (news === 'cancelled' && detail.event.cancelReason) {
    paragraphs.push(t('programmeReasonLine', { reason: detail.event.cancelReason }));
  }
  return mail(detail, to.email, language, t(content.subject, params), paragraphs, {
    label: t('programmeEventAction'),
    url: `${where.siteAddress}${webLinks.programmeEvent(detail.event.id)}`,
  });
}
