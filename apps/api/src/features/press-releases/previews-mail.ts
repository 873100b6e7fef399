import { type Language, translateMessage, webLinks } from '@pressroom/contract';
import { momentInWords } from '../../lib/clock.ts';
import { renderMail } from '../../lib/mail-layout.ts';
import type { OutgoingMail } from '../../plugins/mail.ts';

/**
 * The invitee's mail, in their language, with their personal link. The embargo's end is written in the zone
 * the release's times are told in, named, since the reader's own zone is not known to the server.
 */
export function previewInvitationMail(invitation: {
  to: string;
  name: string;
  language: Language;
  title: string;
  embargoEnd: Date;
  timeZone: string;
  token: string;
  site: { name: string; address: string };
}): OutgoingMail {
  const t = (key: string, params: Record<string, string> = {}) =>
    translateMessage(invitation.language, key, params);
  const time = momentInWords(invitation.language, invitation.embargoEnd, invitation.timeZone);
  const subject = t('previewMailSubject', { title: invitation.title });
  const mail = renderMail({
    siteName: invitation.site.name,
    language: invitation.language,
    heading: subject,
    paragraphs: [
      t('previewMailBody', { name: invitation.name, title: invitation.title, time }),
      t('previewMailPersonal'),
    ],
    action: {
      label: t('previewMailAction'),
      url: `${invitation.site.address}${webLinks.releasePreview(invitation.token)}`,
    },
  });
  return { to: invitation.to, subject, ...mail };
}
