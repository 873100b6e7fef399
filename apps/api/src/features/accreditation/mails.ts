import { type Language, translateMessage, webLinks } from '@pressroom/contract';
import { renderMail } from '../../lib/mail-layout.ts';
import type { OutgoingMail } from '../../plugins/mail.ts';
import type { RequestDetail } from './repository.ts';

// The office reads its mails in English, as the manual accreditation queue's mails already are.
const pressOfficeLanguage: Language = 'en';

export const holderName = (detail: Pick<RequestDetail, 'user'>) =>
  `${detail.user.firstName} ${detail.user.lastName}`.trim() || detail.user.email;

/** The mail telling a journalist where their request now stands, in their language. */
export function journalistMail(detail: RequestDetail, siteAddress: string): OutgoingMail {
  const language = detail.user.language;
  const t = (key: string, params: Record<string, string> = {}) => translateMessage(language, key, params);
  const edition = detail.edition.name;
  const profile = `${siteAddress}${webLinks.accreditation}`;
  const { status, question, reason } = detail.request;
  const content = {
    received: {
      subject: t('accreditationReceivedSubject', { edition }),
      paragraphs: [t('accreditationReceivedBody', { edition })],
      action: { label: t('accreditationViewAction'), url: profile },
    },
    needs_information: {
      subject: t('accreditationQuestionSubject', { edition }),
      paragraphs: [t('accreditationQuestionBody', { edition }), question],
      action: { label: t('accreditationAnswerAction'), url: profile },
    },
    approved: {
      subject: t('accreditationEditionApprovedSubject', { edition }),
      paragraphs: [t('accreditationEditionApprovedBody', { edition })],
      action: { label: t('accreditationBadgeAction'), url: profile },
    },
    rejected: {
      subject: t('accreditationEditionRejectedSubject', { edition }),
      paragraphs: [t('accreditationEditionRejectedBody', { edition }), t('accreditationReason', { reason })],
      action: { label: t('accreditationViewAction'), url: profile },
    },
  }[status as 'received' | 'needs_information' | 'approved' | 'rejected'];
  const mail = renderMail({
    siteName: detail.siteName,
    language,
    heading: content.subject,
    paragraphs: content.paragraphs,
    action: content.action,
  });
  return { to: detail.user.email, subject: `${content.subject} - ${detail.siteName}`, ...mail };
}

/** The office hears of a new request and of an answer to its question. */
export function officeMail(
  detail: RequestDetail,
  event: 'received' | 'answered',
  siteAddress: string,
  to: string,
): OutgoingMail {
  const t = (key: string, params: Record<string, string> = {}) =>
    translateMessage(pressOfficeLanguage, key, params);
  const params = { name: holderName(detail), outlet: detail.request.outlet, edition: detail.edition.name };
  const subject = t('accreditationOfficeSubject', params);
  const paragraphs = [
    t(event === 'received' ? 'accreditationOfficeReceived' : 'accreditationOfficeAnswered', params),
  ];
  if (event === 'answered') paragraphs.push(detail.request.answer);
  const mail = renderMail({
    siteName: detail.siteName,
    language: pressOfficeLanguage,
    heading: subject,
    paragraphs,
    action: { label: t('accreditationOfficeAction'), url: `${siteAddress}/#/admin/accreditation` },
  });
  return { to, subject, ...mail, headers: { 'Reply-To': detail.user.email } };
}
