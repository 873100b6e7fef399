import { apiPaths, translateMessage, webLinks } from '@pressroom/contract';
import { type RenderedMail, renderMail } from '../../lib/mail-layout.ts';
import type { Site } from '../../plugins/sites.ts';

/**
 * Stands for the subscriber's token in a mail built once for all subscribers of a site and language; the
 * database writes each subscriber's token in its place when it queues their copy (dispatch.ts).
 */
export const tokenPlaceholder = '__ALERT_TOKEN__';

/** The links every alert carries: change the alerts, and unsubscribe (a page that asks once, no sign-in). */
function subscriberLinks(site: Site, language: string, token: string) {
  const t = (key: string) => translateMessage(language, key);
  return [
    { label: t('alertManageLink'), url: `${site.address}${webLinks.alertManage(token)}` },
    { label: t('alertUnsubscribeLink'), url: `${site.address}${webLinks.alertManage(token)}?unsubscribe=1` },
  ];
}

/** RFC 8058 headers: mail clients show an unsubscribe button that POSTs to the one-click address. */
export function unsubscribeHeaders(site: Site, token: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${site.address}${apiPaths.alertUnsubscribe(token)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

const formatEmbargo = (until: Date, language: string) =>
  `${new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(until)} UTC`;

export interface AlertContent {
  site: Site;
  language: string;
  title: string;
  subtitle: string;
  lead: string;
  /** Where the release is read: its public page, or the web app's screen while under embargo. */
  url: string;
  image: { url: string; alt: string } | null;
  embargoUntil: Date | null;
}

/** One release's alert, with the token placeholder in its links. */
export function renderAlert(content: AlertContent): { subject: string } & RenderedMail {
  const { language, site } = content;
  const t = (key: string, params?: Record<string, string>) => translateMessage(language, key, params);
  const rendered = renderMail({
    siteName: site.name,
    language,
    heading: content.title,
    image: content.image ?? undefined,
    paragraphs: [
      content.embargoUntil
        ? t('alertEmbargoedUntil', { date: formatEmbargo(content.embargoUntil, language) })
        : '',
      content.subtitle,
      content.lead,
    ].filter(Boolean),
    action: { label: t('alertReadRelease'), url: content.url },
    footer: t('alertFooter', { site: site.name }),
    footerLinks: subscriberLinks(site, language, tokenPlaceholder),
  });
  return { subject: `${site.name}: ${content.title}`.slice(0, 300), ...rendered };
}

/** The mail that asks to confirm a subscription (double opt-in), or, for a known address, its links. */
export function renderConfirmation(site: Site, language: string, token: string, known: boolean) {
  const t = (key: string) => translateMessage(language, key);
  const params = { site: site.name };
  const rendered = renderMail({
    siteName: site.name,
    language,
    heading: known ? translateMessage(language, 'alertKnownSubject', params) : t('alertConfirmHeading'),
    paragraphs: [translateMessage(language, known ? 'alertKnownText' : 'alertConfirmText', params)],
    action: known
      ? { label: t('alertManageLink'), url: `${site.address}${webLinks.alertManage(token)}` }
      : { label: t('alertConfirmAction'), url: `${site.address}${webLinks.alertConfirm(token)}` },
  });
  return {
    subject: translateMessage(language, known ? 'alertKnownSubject' : 'alertConfirmSubject', params),
    ...rendered,
  };
}

export interface DigestEntry {
  title: string;
  subtitle: string;
  url: string;
}

/** The day's releases in one mail. */
export function renderDigest(
  site: Site,
  language: string,
  day: string,
  entries: DigestEntry[],
  token: string,
) {
  const t = (key: string, params?: Record<string, string>) => translateMessage(language, key, params);
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
  const rendered = renderMail({
    siteName: site.name,
    language,
    heading: t('alertDigestHeading', { date }),
    paragraphs: entries.flatMap((entry) => [
      entry.subtitle ? `${entry.title}: ${entry.subtitle}` : entry.title,
      entry.url,
    ]),
    footer: t('alertFooter', { site: site.name }),
    footerLinks: subscriberLinks(site, language, token),
  });
  return { subject: t('alertDigestSubject', { site: site.name, date }), ...rendered };
}
