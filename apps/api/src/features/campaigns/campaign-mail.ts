import {
  apiPaths,
  contentFallback,
  countryCodes,
  defaultLanguage,
  pickLocalized,
  publicPages,
  releaseSlug,
  translateMessage,
  webLinks,
} from '@pressroom/contract';
import { momentInWords } from '../../lib/clock.ts';
import { escapeHtml } from '../../lib/html.ts';
import { type RenderedMail, renderMail } from '../../lib/mail-layout.ts';
import { eventPagePath, placeText } from '../../lib/programme-events.ts';
import type { Site } from '../../plugins/sites.ts';
import type { EventForMail, ReleaseForMail } from './repository.ts';

/**
 * Stands for the recipient's withdrawal token in a mail built once per language; the database writes each
 * recipient's token in its place when it queues their copy (dispatch.ts).
 */
export const tokenPlaceholder = '__PRESS_MAIL_TOKEN__';

/**
 * In place of a token in the withdrawal link of a test sent to someone who never answered the question: the
 * page it opens says the mail was a test, and nothing is withdrawn (the web app's `pressMailTestLink`).
 */
export const testLinkToken = 'test';

/**
 * The language a release is mailed in to readers of `language`: theirs when the release is written in it,
 * else the site's default language, else the first of the content fallbacks it has, else any.
 */
export function mailLanguage(release: ReleaseForMail, language: string): string {
  const has = (candidate: string) => release.translations.some((row) => row.language === candidate);
  if (has(language)) return language;
  if (has(defaultLanguage)) return defaultLanguage;
  return contentFallback.find(has) ?? release.translations[0]?.language ?? defaultLanguage;
}

/** RFC 8058 headers, and where answers go: the press office's own address. */
export function campaignHeaders(site: Site, token: string, replyTo: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${site.address}${apiPaths.pressMailWithdraw(token)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    'Reply-To': replyTo,
  };
}

/**
 * One language's campaign mail: the release's cover, title, subtitle and excerpt, a link to its page carrying
 * the campaign (counted in aggregate by the read counter; no per-person link), and the visible withdrawal
 * link, with the token placeholder.
 */
export function renderCampaignMail(
  site: Site,
  release: ReleaseForMail,
  language: string,
  campaignId: number | null,
): { subject: string } & RenderedMail {
  const translation = release.translations.find((row) => row.language === language);
  if (!translation) throw new Error(`release ${release.id} has no ${language} text`);
  const t = (key: string, params?: Record<string, string>) => translateMessage(language, key, params);
  const slugSource =
    release.translations.find((row) => row.language === 'en') ??
    release.translations.find((row) => row.language === 'it') ??
    translation;
  const page =
    release.number === null
      ? `${site.address}${webLinks.pressRelease(release.id)}`
      : `${site.address}${publicPages.release(release.year, release.number, releaseSlug(slugSource.title))}?lang=${language}`;
  const url = campaignId === null || release.number === null ? page : `${page}&campaign=${campaignId}`;
  const rendered = renderMail({
    siteName: site.name,
    language,
    heading: translation.title,
    image:
      release.coverId === null
        ? undefined
        : {
            url: `${site.address}/api/press_room/press_release_file/${release.coverId}/thumbnail/`,
            alt: translation.title,
          },
    paragraphs: [translation.subtitle, translation.excerpt].filter(Boolean),
    action: { label: t('campaignReadRelease'), url },
    footer: t('campaignFooter', { site: site.name }),
    footerLinks: [
      {
        label: t('campaignWithdrawLink'),
        url: `${site.address}${webLinks.pressMailWithdraw(tokenPlaceholder)}`,
      },
    ],
  });
  return { subject: `${site.name}: ${translation.title}`.slice(0, 300), ...rendered };
}

/**
 * Stands for the event's time in the recipient's own zone in an invitation built once per language; the
 * database writes the text for the recipient's country in its place (dispatch.ts, `localTimes`).
 */
export const localTimePlaceholder = '__RECIPIENT_LOCAL_TIME__';

/**
 * The recipient's own zone, known from the country of their press data: the country's zone when it has one
 * (Italy, Japan), else UTC (the United States, or no country), which every reader can convert.
 */
export function countryTimeZone(country: string | null): string {
  if (!country) return 'UTC';
  const code = country.toUpperCase();
  let zone = countryZones.get(code);
  if (zone === undefined) {
    const locale = new Intl.Locale(`und-${code}`) as Intl.Locale & { timeZones?: string[] };
    const zones = locale.timeZones ?? [];
    zone = zones.length === 1 ? zones[0] : 'UTC';
    // Only two-letter codes are kept (676 at most): whatever else a profile says cannot grow the map.
    if (/^[A-Z]{2}$/.test(code)) countryZones.set(code, zone);
  }
  return zone;
}
const countryZones = new Map<string, string>();

/**
 * The event's start in each country's zone, in `language`: text and HTML (escaped) per country code, and the
 * text for a recipient with no country. One map per language, written into each copy by the database.
 */
export function localTimes(language: string, startsAt: Date) {
  const text: Record<string, string> = {};
  const html: Record<string, string> = {};
  for (const code of countryCodes) {
    const time = momentInWords(language, startsAt, countryTimeZone(code));
    text[code] = time;
    html[code] = escapeHtml(time);
  }
  const other = momentInWords(language, startsAt, 'UTC');
  return { text, html, other: { text: other, html: escapeHtml(other) } };
}

/**
 * One language's invitation to an event of the programme: its title, time in the fair's zone and (by the
 * placeholder) in the recipient's, place, the event's public page and the web app's page to sign up on, and the
 * visible withdrawal link. No campaign marker: the programme's pages count no campaign reads.
 */
export function renderEventInvitation(
  site: Site,
  event: EventForMail,
  language: string,
  localTime: string = localTimePlaceholder,
): { subject: string } & RenderedMail {
  const t = (key: string, params?: Record<string, string>) => translateMessage(language, key, params);
  const title = pickLocalized(event.title, language);
  const description = pickLocalized(event.description, language).replace(/\s+/g, ' ').trim();
  const rendered = renderMail({
    siteName: site.name,
    language,
    heading: t('campaignInvitationHeading', { title }),
    paragraphs: [
      description.length > 400 ? `${description.slice(0, 399)}…` : description,
      t('campaignInvitationWhen', { time: momentInWords(language, event.startsAt, event.timeZone) }),
      t('campaignInvitationYourTime', { time: localTime }),
      t('campaignInvitationWhere', { place: placeText(event, language) }),
      t('campaignInvitationPage', { url: `${site.address}${eventPagePath(event)}?lang=${language}` }),
    ].filter(Boolean),
    action: {
      label: t('campaignInvitationSignUp'),
      url: `${site.address}${webLinks.programmeEvent(event.id)}`,
    },
    footer: t('campaignFooter', { site: site.name }),
    footerLinks: [
      {
        label: t('campaignWithdrawLink'),
        url: `${site.address}${webLinks.pressMailWithdraw(tokenPlaceholder)}`,
      },
    ],
  });
  return { subject: t('campaignInvitationSubject', { site: site.name, title }).slice(0, 300), ...rendered };
}
