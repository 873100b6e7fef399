import { type PressContact, translateMessage } from '@pressroom/contract';
import { escapeHtml } from '../../lib/html.ts';
import {
  formatDate,
  formatSize,
  isolated,
  languageName,
  type PageReleaseItem,
  type PageSite,
  releaseItem,
  renderContacts,
  renderFrame,
  renderMissingPage,
  scriptJson,
  shortDescription,
} from '../../lib/public-page.ts';
import { type PageVideo, videoFigure, videoOpenGraph } from '../../lib/public-video.ts';

// The release pages (and the list of a site's releases) in the shared frame of the server-rendered pages.

export type { PageReleaseItem, PageSite } from '../../lib/public-page.ts';
export { knownLanguage } from '../../lib/public-page.ts';

export interface PageFile {
  url: string;
  thumbnailUrl: string | null;
  title: string;
  /** Whom to credit for a picture; null when none is known. */
  credit: string | null;
  fileName: string;
  contentType: string;
  size: number;
  width: number | null;
  height: number | null;
  /** A picture's cover renditions (coverRenditionsOf) for its `<picture>`; empty for an attachment. */
  screenSources: { width: number; webpUrl: string; jpegUrl: string }[];
}

/** The page's pictures fill its column: 46rem less its padding, or the screen's width less it. */
const pagePictureSizes = '(min-width: 46rem) 704px, calc(100vw - 2rem)';

/** A picture of the page in the smallest of its renditions that fills its column: WebP, else JPEG. */
function pagePicture(file: PageFile, alt: string): string {
  const size = file.width && file.height ? ` width="${file.width}" height="${file.height}"` : '';
  if (file.screenSources.length === 0) {
    return `<img src="${escapeHtml(file.thumbnailUrl ?? file.url)}" alt="${escapeHtml(alt)}"${size} loading="lazy">`;
  }
  const set = (url: 'webpUrl' | 'jpegUrl') =>
    escapeHtml(file.screenSources.map((source) => `${source[url]} ${source.width}w`).join(', '));
  return (
    `<picture><source type="image/webp" srcset="${set('webpUrl')}" sizes="${pagePictureSizes}">` +
    `<img src="${escapeHtml(file.screenSources[0].jpegUrl)}" srcset="${set('jpegUrl')}" sizes="${pagePictureSizes}" alt="${escapeHtml(alt)}"${size} loading="lazy"></picture>`
  );
}

export interface ReleasePageInput {
  site: PageSite & { logoUrl: string };
  language: string;
  id: number;
  year: number;
  number: number;
  publicationDate: string;
  modified: Date;
  published: Date;
  title: string;
  subtitle: string;
  /** Sanitised HTML (sanitised again on every write). */
  body: string;
  excerpt: string;
  company: { name: string; website: string; brands: { id: number; name: string }[] } | null;
  canonicalUrl: string;
  /** Every translation's address (the shown one included) and the address without a language. */
  alternates: { language: string; url: string }[];
  defaultUrl: string;
  /** The social card, cut from the release's cover (the chosen picture, else the first), with its credit. */
  socialImage: { url: string; width: number; height: number; alt: string; credit: string | null } | null;
  images: PageFile[];
  /** The release's videos, in their order; the first one is the page's `og:video`. */
  videos: PageVideo[];
  attachments: PageFile[];
  contacts: PressContact[];
  /** The release's approved coverage as the coverage feature lists it (HTML), or null when there is none. */
  coverageList: string | null;
  /** The award's winners this release announces, as the award renders them (HTML), or null when none. */
  winnersSection?: string | null;
  boilerplate: string | null;
  /** Other public releases to read next, each at its own public page. */
  related: PageReleaseItem[];
  /** The release in the web app (hash route). */
  pressRoomUrl: string;
}

const descriptionOf = (input: { subtitle: string; excerpt: string }) =>
  shortDescription(input.subtitle || input.excerpt);

/** The schema.org NewsArticle of a release (Google's required and recommended fields). */
function newsArticle(input: ReleasePageInput) {
  const publisher = {
    '@type': 'Organization',
    name: input.site.name,
    url: `${input.site.address}/`,
    logo: { '@type': 'ImageObject', url: input.site.logoUrl },
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    mainEntityOfPage: { '@type': 'WebPage', '@id': input.canonicalUrl },
    url: input.canonicalUrl,
    headline: input.title.slice(0, 110),
    ...(input.subtitle ? { alternativeHeadline: input.subtitle } : {}),
    description: descriptionOf(input),
    inLanguage: input.language,
    datePublished: input.published.toISOString(),
    dateModified: input.modified.toISOString(),
    // Absolute addresses: structured data is read apart from the page, with no base to resolve a path against.
    // The social card is cut from the cover, so it carries that picture's credit.
    ...(input.socialImage
      ? {
          image: [
            imageObject(input.socialImage.url, input.socialImage.credit),
            ...input.images.map((image) => imageObject(`${input.site.address}${image.url}`, image.credit)),
          ],
        }
      : {}),
    author: publisher,
    publisher,
    ...(input.company ? { about: { '@type': 'Organization', name: input.company.name } } : {}),
  };
}

/** A picture as schema.org describes one, with whom to credit (Google Images shows `creditText`). */
const imageObject = (url: string, credit: string | null) => ({
  '@type': 'ImageObject',
  url,
  ...(credit ? { creditText: credit } : {}),
});

function fileLabel(file: PageFile, language: string) {
  const dimensions = file.width && file.height ? `${file.width} × ${file.height} px, ` : '';
  return `${dimensions}${formatSize(file.size, language)}`;
}

export function renderReleasePage(input: ReleasePageInput): string {
  const { language } = input;
  const t = (key: string, params?: Record<string, string | number>) =>
    translateMessage(language, key, params);
  const description = descriptionOf(input);
  const image = input.socialImage;
  const head = [
    `<link rel="canonical" href="${escapeHtml(input.canonicalUrl)}">`,
    ...input.alternates.map(
      (alternate) =>
        `<link rel="alternate" hreflang="${escapeHtml(alternate.language)}" href="${escapeHtml(alternate.url)}">`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(input.defaultUrl)}">`,
    `<meta property="og:type" content="article">`,
    `<meta property="og:site_name" content="${escapeHtml(input.site.name)}">`,
    `<meta property="og:title" content="${escapeHtml(input.title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${escapeHtml(input.canonicalUrl)}">`,
    `<meta property="og:locale" content="${escapeHtml(language)}">`,
    `<meta property="article:published_time" content="${input.published.toISOString()}">`,
    `<meta property="article:modified_time" content="${input.modified.toISOString()}">`,
    ...(image
      ? [
          `<meta property="og:image" content="${escapeHtml(image.url)}">`,
          `<meta property="og:image:type" content="image/jpeg">`,
          `<meta property="og:image:width" content="${image.width}">`,
          `<meta property="og:image:height" content="${image.height}">`,
          `<meta property="og:image:alt" content="${escapeHtml(image.alt)}">`,
        ]
      : []),
    ...(input.videos[0] ? videoOpenGraph(input.videos[0], input.site.address) : []),
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${escapeHtml(input.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(description)}">`,
    ...(image ? [`<meta name="twitter:image" content="${escapeHtml(image.url)}">`] : []),
    `<script type="application/ld+json">${scriptJson(newsArticle(input))}</script>`,
  ];

  const others = input.alternates.filter((alternate) => alternate.language !== language);
  const sections: string[] = [
    '<article>',
    `<p class="meta">${escapeHtml(t('pageReleaseNumber', { number: input.number, year: input.year }))} · <time datetime="${input.publicationDate}">${escapeHtml(t('pagePublishedOn', { date: formatDate(input.publicationDate, language) }))}</time></p>`,
    `<h1>${escapeHtml(input.title)}</h1>`,
    input.subtitle ? `<p class="subtitle">${escapeHtml(input.subtitle)}</p>` : '',
    input.company
      ? `<p class="meta">${escapeHtml(t('pageCompany'))}: ${
          input.company.website
            ? `<a href="${escapeHtml(input.company.website)}" rel="noopener">${escapeHtml(input.company.name)}</a>`
            : escapeHtml(input.company.name)
        }</p>`
      : '',
    input.company && input.company.brands.length > 0
      ? `<p class="meta">${escapeHtml(t('pageBrands'))}: ${input.company.brands
          .map((brand) => `<a href="/#/home?brand=${brand.id}">${escapeHtml(brand.name)}</a>`)
          .join(', ')}</p>`
      : '',
    others.length > 0
      ? `<p class="meta">${escapeHtml(t('pageAlsoIn'))}: ${others
          .map(
            (alternate) =>
              `<a href="${escapeHtml(alternate.url)}" hreflang="${escapeHtml(alternate.language)}" lang="${escapeHtml(alternate.language)}">${escapeHtml(languageName(alternate.language))}</a>`,
          )
          .join(', ')}</p>`
      : '',
    `<div class="body">${input.body}</div>`,
  ];
  if (input.videos.length > 0) {
    sections.push(
      `<h2>${escapeHtml(t('pageVideos'))}</h2>`,
      ...input.videos.map((video) => videoFigure(video, language)),
    );
  }
  if (input.images.length > 0) {
    sections.push(
      `<h2>${escapeHtml(t('pageImages'))}</h2>`,
      ...input.images.map((file, index) => {
        const alt = file.title || `${input.title} (${index + 1})`;
        return `<figure>${pagePicture(file, alt)}<figcaption>${file.title ? `${escapeHtml(file.title)} · ` : ''}<a href="${escapeHtml(file.url)}" download="${escapeHtml(file.fileName)}">${escapeHtml(t('pageDownloadImage', { size: fileLabel(file, language) }))}</a>${file.credit ? `<span class="credit">${escapeHtml(t('pagePhotoCredit', { credit: isolated(file.credit) }))}</span>` : ''}</figcaption></figure>`;
      }),
    );
  }
  if (input.attachments.length > 0) {
    sections.push(
      `<h2>${escapeHtml(t('pageAttachments'))}</h2>`,
      `<ul class="plain">${input.attachments
        .map(
          (file) =>
            `<li><a href="${escapeHtml(file.url)}" download="${escapeHtml(file.fileName)}">${escapeHtml(file.title || file.fileName)}</a> <span class="meta">(${escapeHtml(formatSize(file.size, language))})</span></li>`,
        )
        .join('')}</ul>`,
    );
  }
  if (input.winnersSection) sections.push(input.winnersSection);
  if (input.coverageList) {
    sections.push(`<h2>${escapeHtml(t('pageCoverage'))}</h2>`, input.coverageList);
  }
  if (input.contacts.length > 0) {
    sections.push(`<h2>${escapeHtml(t('pagePressContacts'))}</h2>`, renderContacts(input.contacts, language));
  }
  if (input.boilerplate) {
    sections.push(
      `<h2>${escapeHtml(t('pageAbout', { site: input.site.name }))}</h2>`,
      ...input.boilerplate
        .split(/\n\s*\n/)
        .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\n/g, '<br>')}</p>`),
    );
  }
  sections.push(
    `<p class="note">${escapeHtml(t('pageJournalists'))} <a class="button" href="${escapeHtml(input.pressRoomUrl)}">${escapeHtml(t('pageOpenInPressRoom'))}</a></p>`,
    '</article>',
  );
  if (input.related.length > 0) {
    sections.push(
      `<nav aria-labelledby="related-releases"><h2 id="related-releases">${escapeHtml(t('pageRelated'))}</h2>`,
      `<ul class="plain releases">${input.related.map((release) => releaseItem(release, language)).join('')}</ul></nav>`,
    );
  }
  return renderFrame({
    language,
    site: input.site,
    title: `${input.title} | ${input.site.name}`,
    description,
    head,
    main: sections.filter(Boolean).join('\n'),
  });
}

export interface ListPageInput {
  site: PageSite;
  language: string;
  releases: PageReleaseItem[];
  newerUrl: string | null;
  olderUrl: string | null;
  canonicalUrl: string;
}

/** A site's public releases, newest first, a page at a time. */
export function renderListPage(input: ListPageInput): string {
  const { language } = input;
  const t = (key: string) => translateMessage(language, key);
  const items = input.releases.map((release) => releaseItem(release, language));
  const pager = [
    input.newerUrl
      ? `<a href="${escapeHtml(input.newerUrl)}" rel="prev">${escapeHtml(t('pageNewer'))}</a>`
      : '<span></span>',
    input.olderUrl
      ? `<a href="${escapeHtml(input.olderUrl)}" rel="next">${escapeHtml(t('pageOlder'))}</a>`
      : '',
  ];
  return renderFrame({
    language,
    site: input.site,
    title: `${t('pageReleases')} | ${input.site.name}`,
    head: [`<link rel="canonical" href="${escapeHtml(input.canonicalUrl)}">`],
    main: [
      `<h1>${escapeHtml(t('pageReleases'))}</h1>`,
      items.length > 0
        ? `<ul class="plain releases">${items.join('')}</ul>`
        : `<p>${escapeHtml(t('pageNoReleases'))}</p>`,
      input.newerUrl || input.olderUrl
        ? `<nav class="pager" aria-label="${escapeHtml(t('pageReleases'))}">${pager.join('')}</nav>`
        : '',
    ].join('\n'),
  });
}

/** The page of an address that shows nothing (yet): never indexed. */
export function renderNotFoundPage(site: PageSite, language: string): string {
  const t = (key: string) => translateMessage(language, key);
  return renderMissingPage(site, language, {
    title: t('pageNotFoundTitle'),
    text: t('pageNotFoundText'),
    link: { href: `/releases/?lang=${language}`, label: t('pageReleases') },
  });
}
