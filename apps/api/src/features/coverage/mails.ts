import { type Language, languages, translateMessage, webLinks } from '@pressroom/contract';
import { renderMail } from '../../lib/mail-layout.ts';
import type { OutgoingMail } from '../../plugins/mail.ts';
import type { CoverageDetail } from './repository.ts';

const asLanguage = (value: string): Language =>
  (languages as readonly string[]).includes(value) ? (value as Language) : 'en';

/** The reporter hears why their piece was not approved, in the language of their account. */
export function rejectedMail(
  detail: CoverageDetail,
  reporter: NonNullable<CoverageDetail['reporter']>,
  site: { name: string; address: string },
): OutgoingMail {
  const language = asLanguage(reporter.language);
  const t = (key: string, params: Record<string, string> = {}) => translateMessage(language, key, params);
  const { row } = detail;
  const subject = t('coverageRejectedSubject', { title: row.title });
  const mail = renderMail({
    siteName: site.name,
    language,
    heading: subject,
    paragraphs: [
      t('coverageRejectedBody', { site: site.name, title: row.title, outlet: row.outlet }),
      row.url,
      t('coverageReasonLine', { reason: row.rejectReason }),
    ],
    action: { label: t('coverageMyAction'), url: `${site.address}${webLinks.myCoverage}` },
  });
  return { to: reporter.email, subject, ...mail };
}

/**
 * An administrator of an exhibitor the approved piece names, who chose to hear of it: the piece's title,
 * outlet and date in their language, and "In the press" filtered by their exhibitor.
 */
export function namedExhibitorMail(
  row: CoverageDetail['row'],
  exhibitor: { id: number; name: string },
  recipient: { email: string; language: string },
  site: { name: string; address: string },
): OutgoingMail {
  const language = asLanguage(recipient.language);
  const t = (key: string, params: Record<string, string> = {}) => translateMessage(language, key, params);
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${row.publishedOn}T00:00:00Z`),
  );
  const subject = t('coverageNamedSubject', { exhibitor: exhibitor.name, outlet: row.outlet });
  const mail = renderMail({
    siteName: site.name,
    language,
    heading: subject,
    paragraphs: [
      t('coverageNamedBody', { exhibitor: exhibitor.name, title: row.title, outlet: row.outlet, date }),
      row.url,
    ],
    action: {
      label: t('coverageNamedAction', { exhibitor: exhibitor.name }),
      url: `${site.address}${webLinks.exhibitorCoverage(exhibitor.id)}`,
    },
    footer: t('coverageNamedFooter'),
    footerLinks: [{ label: t('coverageNamedSettings'), url: `${site.address}${webLinks.userProfile}` }],
  });
  return { to: recipient.email, subject, ...mail };
}
