import { type Language, languages, translateMessage, webLinks } from '@pressroom/contract';
import { renderMail } from '../../lib/mail-layout.ts';
import type { OutgoingMail } from '../../plugins/mail.ts';
import type { InterviewDetail } from './repository.ts';

const asLanguage = (value: string): Language =>
  (languages as readonly string[]).includes(value) ? (value as Language) : 'en';

/** A moment in the reader's language, in the fair's time zone (where the reader will be). */
function formatTime(language: string, time: Date | string, timeZone: string) {
  return new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short', timeZone }).format(
    new Date(time),
  );
}

const languageName = (reader: string, language: string) =>
  new Intl.DisplayNames([reader], { type: 'language' }).of(language) ?? language;

interface MailSetting {
  siteAddress: string;
  timeZone: string;
}

function words(language: Language) {
  return (key: string, params: Record<string, string> = {}) => translateMessage(language, key, params);
}

/** The common lines of a request: topic, format and language, times, contact, message. */
function requestLines(detail: InterviewDetail, language: Language, setting: MailSetting) {
  const t = words(language);
  const { request } = detail;
  const format = t(
    { stand: 'interviewFormatStand', phone: 'interviewFormatPhone', video: 'interviewFormatVideo' }[
      request.format as 'stand' | 'phone' | 'video'
    ],
  );
  const times = request.preferredTimes.map((time) => formatTime(language, time, setting.timeZone)).join('; ');
  const lines = [
    t('interviewTopicLine', { topic: request.topic }),
    t('interviewFormatLine', { format, language: languageName(language, request.language) }),
    t('interviewTimesLine', { times }),
    t('interviewContactLine', { email: request.email, phone: request.phone }),
  ];
  if (request.message) lines.push(t('interviewMessageLine', { message: request.message }));
  return lines;
}

/** A new request, to one of the exhibitor's press contacts, in a language they speak. */
export function requestedMail(
  detail: InterviewDetail,
  to: { email: string; language: Language },
  setting: MailSetting,
): OutgoingMail {
  const t = words(to.language);
  const { request, context } = detail;
  const params = { name: request.journalistName, outlet: request.outlet };
  const subject = t('interviewRequestedSubject', params);
  const mail = renderMail({
    siteName: context.siteName,
    language: to.language,
    heading: subject,
    paragraphs: [
      t('interviewRequestedBody', { ...params, company: context.companyName, edition: context.edition.name }),
      ...requestLines(detail, to.language, setting),
    ],
    action: {
      label: t('interviewAnswerAction'),
      url: `${setting.siteAddress}${webLinks.exhibitorInterviews}`,
    },
  });
  return { to: to.email, subject, ...mail, headers: { 'Reply-To': request.email } };
}

/** The journalist hears of an answer or a cancellation, in their language, with the invitation if any. */
export function journalistMail(
  detail: InterviewDetail,
  event: 'accepted' | 'declined' | 'cancelled',
  setting: MailSetting,
  calendar?: OutgoingMail['calendar'],
): OutgoingMail {
  const language = asLanguage(detail.journalistLanguage);
  const t = words(language);
  const { request, context } = detail;
  const company = context.companyName;
  const time = request.scheduledAt ? formatTime(language, request.scheduledAt, setting.timeZone) : '';
  const content = {
    accepted: {
      subject: t('interviewAcceptedSubject', { company, time }),
      paragraphs: [
        t('interviewAcceptedBody', { company, topic: request.topic, time, place: request.place }),
        t('interviewCalendarLine'),
      ],
    },
    declined: {
      subject: t('interviewDeclinedSubject', { company }),
      paragraphs: [
        t('interviewDeclinedBody', { company, topic: request.topic }),
        t('interviewReasonLine', { reason: request.declineReason }),
      ],
    },
    cancelled: {
      subject: t('interviewCancelledSubject', { topic: request.topic }),
      paragraphs: [
        t('interviewCancelledByExhibitor', { company, topic: request.topic }),
        ...(request.cancelReason ? [t('interviewReasonLine', { reason: request.cancelReason })] : []),
      ],
    },
  }[event];
  const mail = renderMail({
    siteName: context.siteName,
    language,
    heading: content.subject,
    paragraphs: content.paragraphs,
    action: { label: t('interviewMyFairAction'), url: `${setting.siteAddress}${webLinks.myFair}` },
  });
  return { to: request.email, subject: content.subject, ...mail, ...(calendar ? { calendar } : {}) };
}

/** A press contact hears that the interview is set, or that either side cancelled it. */
export function exhibitorMail(
  detail: InterviewDetail,
  event: 'accepted' | 'cancelled',
  to: { email: string; language: Language },
  setting: MailSetting,
  calendar?: OutgoingMail['calendar'],
): OutgoingMail {
  const t = words(to.language);
  const { request, context } = detail;
  const params = { name: request.journalistName, outlet: request.outlet, topic: request.topic };
  const time = request.scheduledAt ? formatTime(to.language, request.scheduledAt, setting.timeZone) : '';
  const subject =
    event === 'accepted'
      ? t('interviewAcceptedExhibitorSubject', { ...params, time })
      : t('interviewCancelledSubject', params);
  const paragraphs =
    event === 'accepted'
      ? [
          t('interviewAcceptedExhibitorBody', { ...params, time, place: request.place }),
          t('interviewCalendarLine'),
        ]
      : [
          request.cancelledBy === 'journalist'
            ? t('interviewCancelledByJournalist', params)
            : t('interviewCancelledByExhibitor', { ...params, company: context.companyName }),
          ...(request.cancelReason ? [t('interviewReasonLine', { reason: request.cancelReason })] : []),
        ];
  const mail = renderMail({
    siteName: context.siteName,
    language: to.language,
    heading: subject,
    paragraphs,
    action: {
      label: t('interviewAnswerAction'),
      url: `${setting.siteAddress}${webLinks.exhibitorInterviews}`,
    },
  });
  return { to: to.email, subject, ...mail, ...(calendar ? { calendar } : {}) };
}

/** Each press contact reads in the first language they speak, else in the request's, else in English. */
export function contactLanguage(spoken: readonly string[], requestLanguage: string): Language {
  const first = spoken.find((language) => (languages as readonly string[]).includes(language));
  return asLanguage(first ?? requestLanguage);
}
