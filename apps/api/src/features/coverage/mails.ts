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
