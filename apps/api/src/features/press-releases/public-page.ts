import {
  type Language,
  languages,
  type PressContact,
  pickLocalized,
  rtlLanguages,
  translateMessage,
} from '@pressroom/contract';
import { escapeHtml } from '../../lib/html.ts';

// The pages the server renders for crawlers, link previews and readers without JavaScript: plain HTML with
// its own small stylesheet, no script, readable on a phone, right-to-left in Hebrew and Arabic, light or dark
// as the reader's system is. Everything interactive stays in the web app, which each page links into.

const stylesheet = `
:root{color-scheme:light dark;--text:#1a1a1a;--muted:#4a4f57;--page:#fff;--line:#d5d9e0;--accent:#1f4e79;--bar:#1f4e79;--panel:#f5f6f8}
@media (prefers-color-scheme:dark){:root{--text:#eceff3;--muted:#b8c0cc;--page:#121417;--line:#3a4049;--accent:#9cc7f0;--bar:#163a5c;--panel:#1c2026}}
*{box-sizing:border-box}
body{margin:0;background:var(--page);color:var(--text);font:1rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Hebrew","Noto Sans Arabic",sans-serif}
a{color:var(--accent);text-underline-offset:.15em}
header.site{background:var(--bar);color:#fff;padding:.75rem 0}
header.site a{color:#fff;font-weight:600;text-decoration:none}
header.site nav{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;align-items:center;justify-content:space-between;max-width:46rem;margin:0 auto;padding:0 1rem}
header.site nav a:hover,header.site nav a:focus-visible{text-decoration:underline}
main,footer{max-width:46rem;margin:0 auto;padding:1rem}
h1{font-size:1.75rem;line-height:1.25;margin:.25rem 0 .5rem}
h2{font-size:1.2rem;margin:2rem 0 .75rem;border-block-end:1px solid var(--line);padding-block-end:.25rem}
.meta,.subtitle{color:var(--muted)}
.subtitle{font-size:1.15rem;margin:0 0 1rem}
.body img{max-width:100%;height:auto}
figure{margin:0 0 1.25rem}
figure img{display:block;max-width:100%;height:auto;border-radius:4px;background:var(--panel)}
figcaption{font-size:.9rem;color:var(--muted);margin-top:.35rem}
figcaption .credit{display:block}
ul.plain{list-style:none;padding:0;margin:0}
ul.plain li{margin:.35rem 0}
.contacts{display:grid;gap:1rem;grid-template-columns:repeat(auto-fill,minmax(17rem,1fr))}
.contact{display:flex;gap:.75rem;align-items:flex-start;background:var(--panel);border-radius:6px;padding:.75rem 1rem;overflow-wrap:anywhere}
.contact>div{min-width:0}
.contact img{flex:none;border-radius:50%;object-fit:cover;background:var(--line)}
.contact strong{display:block}
.note{background:var(--panel);border-inline-start:4px solid var(--accent);padding:.75rem 1rem;margin:2rem 0 0}
.releases li{margin:0 0 1.25rem}
.releases a{font-weight:600;font-size:1.1rem}
.pager{display:flex;justify-content:space-between;gap:1rem;margin-top:2rem}
a.button,.pager a{display:inline-block;min-height:44px;padding:.6rem 0}
footer{border-block-start:1px solid var(--line);color:var(--muted);font-size:.9rem}
footer a{display:inline-block;min-height:24px;margin-inline-end:1.5rem}
`;

const dirOf = (language: string) => (rtlLanguages.includes(language as Language) ? 'rtl' : 'ltr');

/** Each language by its own name. */
export function languageName(language: string): string {
  try {
    const name = new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
    return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
  } catch {
    return language;
  }
}

export function formatSize(bytes: number, language: string): string {
  const [value, unit] =
    bytes >= 1_000_000 ? [bytes / 1_000_000, 'megabyte'] : [Math.max(bytes / 1000, 0.1), 'kilobyte'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
}

export const formatDate = (isoDate: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );

/** JSON inside a script element: `<` escaped so no text can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export interface PageSite {
  name: string;
  /** The site's public address (scheme, host, port), never the request's Host header. */
  address: string;
  feedUrl: string;
}

interface PageFrame {
  language: string;
  site: PageSite;
  title: string;
  description?: string;
  /** Extra elements of the head (already HTML). */
  head?: string[];
  noindex?: boolean;
  main: string;
}

function renderFrame(frame: PageFrame): string {
  const t = (key: string, params?: Record<string, string | number>) =>
    translateMessage(frame.language, key, params);
  const { site } = frame;
  return `<!doctype html>
<html lang="${escapeHtml(frame.language)}" dir="${dirOf(frame.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(frame.title)}</title>
${frame.description ? `<meta name="description" content="${escapeHtml(frame.description)}">\n` : ''}${frame.noindex ? '<meta name="robots" content="noindex">\n' : ''}<meta name="theme-color" content="#1f4e79">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="alternate" type="application/atom+xml" title="${escapeHtml(`${site.name}: ${t('pageReleases')}`)}" href="${escapeHtml(site.feedUrl)}">
${(frame.head ?? []).join('\n')}
<style>${stylesheet}</style>
</head>
<body>
<header class="site"><nav aria-label="${escapeHtml(site.name)}"><a href="/releases/?lang=${escapeHtml(frame.language)}">${escapeHtml(site.name)}</a><a href="/">${escapeHtml(t('pageOpenInPressRoom'))}</a></nav></header>
<main>
${frame.main}
</main>
<footer><a href="/#/alerts/subscribe">${escapeHtml(t('pageAlerts'))}</a><a href="${escapeHtml(site.feedUrl)}" type="application/atom+xml">${escapeHtml(t('pageFeed'))}</a><a href="/#/account/login">${escapeHtml(t('pageSignIn'))}</a></footer>
</body>
</html>
`;
}

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
  socialImage: { url: string; width: number; height: number; alt: string } | null;
  images: PageFile[];
  attachments: PageFile[];
  contacts: PressContact[];
  boilerplate: string | null;
  /** Other public releases to read next, each at its own public page. */
  related: PageReleaseItem[];
  /** The release in the web app (hash route). */
  pressRoomUrl: string;
}

/** A release as lists show it: its public page in the language it is shown in. */
export interface PageReleaseItem {
  url: string;
  title: string;
  subtitle: string;
  publicationDate: string;
  language: string;
}

/** A release in a list: its title (a link to its page), its date and its subtitle, each in its own language. */
const releaseItem = (release: PageReleaseItem, language: string) =>
  `<li><a href="${escapeHtml(release.url)}" lang="${escapeHtml(release.language)}" dir="auto">${escapeHtml(release.title)}</a><br><span class="meta"><time datetime="${release.publicationDate}">${escapeHtml(formatDate(release.publicationDate, language))}</time>${release.subtitle ? ` · <span lang="${escapeHtml(release.language)}" dir="auto">${escapeHtml(release.subtitle)}</span>` : ''}</span></li>`;

/** The languages a contact speaks, named in the page's language ("English and Italian"). */
function spokenLanguages(codes: string[], language: string): string {
  const names = new Intl.DisplayNames([language], { type: 'language' });
  return new Intl.ListFormat(language, { type: 'conjunction' }).format(
    codes.map((code) => names.of(code) ?? code),
  );
}

const descriptionOf = (input: { subtitle: string; excerpt: string }) => {
  const text = (input.subtitle || input.excerpt).replace(/\s+/g, ' ').trim();
  return text.length > 200 ? `${text.slice(0, 197).replace(/\s+\S*$/, '')}…` : text;
};

/** The schema.org NewsArticle of a release (Google's required and recommended fields). */
export function newsArticle(input: ReleasePageInput) {
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
    // The social card is cut from the first picture, so it carries that picture's credit.
    ...(input.socialImage
      ? {
          image: [
            imageObject(input.socialImage.url, input.images[0]?.credit ?? null),
            ...input.images.map((image) => imageObject(`${input.site.address}${image.url}`, image.credit)),
          ],
        }
      : {}),
    author: publisher,
    publisher,
    ...(input.company ? { about: { '@type': 'Organization', name: input.company.name } } : {}),
  };
}

/** Text of either direction inside a sentence of the page's (Unicode isolates, as <bdi> would). */
const isolated = (text: string) => `\u2068${text}\u2069`;

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
  if (input.images.length > 0) {
    sections.push(
      `<h2>${escapeHtml(t('pageImages'))}</h2>`,
      ...input.images.map((file, index) => {
        const alt = file.title || `${input.title} (${index + 1})`;
        const size = file.width && file.height ? ` width="${file.width}" height="${file.height}"` : '';
        return `<figure><img src="${escapeHtml(file.thumbnailUrl ?? file.url)}" alt="${escapeHtml(alt)}"${size} loading="lazy"><figcaption>${file.title ? `${escapeHtml(file.title)} · ` : ''}<a href="${escapeHtml(file.url)}" download="${escapeHtml(file.fileName)}">${escapeHtml(t('pageDownloadImage', { size: fileLabel(file, language) }))}</a>${file.credit ? `<span class="credit">${escapeHtml(t('pagePhotoCredit', { credit: isolated(file.credit) }))}</span>` : ''}</figcaption></figure>`;
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
  if (input.contacts.length > 0) {
    sections.push(
      `<h2>${escapeHtml(t('pagePressContacts'))}</h2>`,
      `<div class="contacts">${input.contacts
        .map((contact) =>
          [
            '<div class="contact">',
            contact.photo_url
              ? `<img src="${escapeHtml(contact.photo_url)}" alt="" width="56" height="56" loading="lazy">`
              : '',
            '<div>',
            `<strong>${escapeHtml(contact.name)}</strong>`,
            pickLocalized(contact.role, language)
              ? `<span class="meta">${escapeHtml(pickLocalized(contact.role, language))}</span><br>`
              : '',
            contact.email
              ? `<a href="mailto:${escapeHtml(contact.email)}">${escapeHtml(contact.email)}</a><br>`
              : '',
            contact.phone
              ? `<a href="tel:${escapeHtml(contact.phone.replace(/[^\d+]/g, ''))}" dir="ltr">${escapeHtml(contact.phone)}</a><br>`
              : '',
            contact.languages.length > 0
              ? `<span class="meta">${escapeHtml(t('pageContactLanguages', { languages: spokenLanguages(contact.languages, language) }))}</span>`
              : '',
            '</div></div>',
          ].join(''),
        )
        .join('')}</div>`,
    );
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
  return renderFrame({
    language,
    site,
    title: `${t('pageNotFoundTitle')} | ${site.name}`,
    noindex: true,
    main: `<h1>${escapeHtml(t('pageNotFoundTitle'))}</h1>\n<p>${escapeHtml(t('pageNotFoundText'))}</p>\n<p><a class="button" href="/releases/?lang=${escapeHtml(language)}">${escapeHtml(t('pageReleases'))}</a></p>`,
  });
}

/** `language` when it is one of ours, else null. */
export const knownLanguage = (value: unknown): Language | null =>
  typeof value === 'string' && (languages as readonly string[]).includes(value) ? (value as Language) : null;
