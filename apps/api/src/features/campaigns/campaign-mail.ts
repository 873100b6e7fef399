import {
  apiPaths,
  contentFallback,
  defaultLanguage,
  publicPages,
  releaseSlug,
  translateMessage,
  webLinks,
} from '@pressroom/contract';
import { type RenderedMail, renderMail } from '../../lib/mail-layout.ts';
import type { Site } from '../../plugins/sites.ts';
import type { ReleaseForMail } from './repository.ts';

/**
 * Stands for the recipient's withdrawal token in a mail built once per language; the database writes each
 * recipient's token in its place when it queues their copy (dispatch.ts).
 */
export const tokenPlaceholder = '__PRESS_MAIL_TOKEN__';

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
