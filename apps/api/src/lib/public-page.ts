import { createHash } from 'node:crypto';
import {
  apiPaths,
  type Language,
  languages,
  type PressContact,
  pickLocalized,
  rtlLanguages,
  translateMessage,
} from '@pressroom/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from './html.ts';

// The pages the server renders for crawlers, link previews and readers without JavaScript: plain HTML with
// its own small stylesheet, no script, readable on a phone, right-to-left in Hebrew and Arabic, light or dark
// as the reader's system is. Everything interactive stays in the web app, which each page links into.

const stylesheet = `
:root{color-scheme:light dark;--text:#1a1a1a;--muted:#4a4f57;--page:#fff;--line:#d5d9e0;--accent:#1f4e79;--bar:#1f4e79;--panel:#f5f6f8;--alert:#a3161b}
@media (prefers-color-scheme:dark){:root{--text:#eceff3;--muted:#b8c0cc;--page:#121417;--line:#3a4049;--accent:#9cc7f0;--bar:#163a5c;--panel:#1c2026;--alert:#ffb4ab}}
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
figure video{display:block;width:100%;height:auto;max-width:100%;border-radius:4px;background:#000}
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
form.search{display:flex;flex-wrap:wrap;gap:.5rem;margin:1rem 0 1.5rem}
form.search label{flex:1 1 100%;font-weight:600}
form.search input{flex:1 1 12rem;min-width:0;min-height:44px;font:inherit;padding:.4rem .6rem;border:1px solid var(--muted);border-radius:4px;background:var(--page);color:var(--text)}
form.search button{min-height:44px;font:inherit;font-weight:600;padding:.4rem 1.25rem;border:0;border-radius:4px;background:var(--accent);color:var(--page);cursor:pointer}
.index{display:flex;flex-wrap:wrap;gap:0 .25rem;list-style:none;padding:0;margin:.5rem 0 1rem}
.index a{display:inline-block;min-width:44px;min-height:44px;line-height:44px;padding:0 .5rem;text-align:center}
.index a[aria-current]{font-weight:700;text-decoration:none;background:var(--panel);border-radius:4px}
.exhibitors li{margin:0 0 1rem;overflow-wrap:anywhere}
.exhibitors a{font-weight:600}
img.logo{display:block;max-width:min(100%,16rem);max-height:8rem;width:auto;height:auto;margin:.5rem 0 1rem;background:#fff;padding:.5rem;border-radius:4px}
form.filters{display:grid;grid-template-columns:repeat(auto-fill,minmax(12rem,1fr));gap:.75rem 1rem;margin:1rem 0 1.5rem;padding:.75rem 1rem 1rem;background:var(--panel);border-radius:6px}
form.filters h2{grid-column:1/-1;margin:0;border:0;padding:0;font-size:1.05rem}
form.filters label{display:block;font-weight:600}
form.filters select{width:100%;min-height:44px;font:inherit;padding:.4rem .6rem;border:1px solid var(--muted);border-radius:4px;background:var(--page);color:var(--text)}
form.filters .actions{display:flex;flex-wrap:wrap;gap:.5rem 1.25rem;align-items:center;align-self:end}
form.filters button{min-height:44px;font:inherit;font-weight:600;padding:.4rem 1.25rem;border:0;border-radius:4px;background:var(--accent);color:var(--page);cursor:pointer}
form.filters .actions a{display:inline-block;min-height:44px;line-height:44px}
.events li{margin:0 0 1.25rem;overflow-wrap:anywhere}
.events a{font-weight:600;font-size:1.05rem}
.flag{display:inline-block;color:var(--alert);border:1px solid currentColor;border-radius:4px;padding:0 .4rem;font-size:.85rem;line-height:1.5}
.note.alert{border-inline-start-color:var(--alert);color:var(--text);margin:0 0 1rem}
.note.alert strong{color:var(--alert)}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.5rem 1rem;margin:1rem 0 1.5rem}
dl.facts dt{font-weight:600}
dl.facts dd{margin:0;min-width:0;overflow-wrap:anywhere}
@media (max-width:30rem){dl.facts{grid-template-columns:1fr;gap:0}dl.facts dd{margin-block-end:.75rem}}
footer{border-block-start:1px solid var(--line);color:var(--muted);font-size:.9rem}
footer a{display:inline-block;min-height:24px;margin-inline-end:1.5rem}
`;

export const dirOf = (language: string) => (rtlLanguages.includes(language as Language) ? 'rtl' : 'ltr');

/** Each language by its own name. */
export function languageName(language: string): string {
  try {
    const name = new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
    return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
  } catch {
    return language;
  }
}

/** A language named in the reader's language ("German" for an English reader); the code when unknown. */
export function languageNameIn(reader: string, code: string): string {
  try {
    return new Intl.DisplayNames([reader], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
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
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export interface PageSite {
  name: string;
  /** The site's public address (scheme, host, port), never the request's Host header. */
  address: string;
  feedUrl: string;
}

/** The request's site as its pages name it, with the address of its releases' feed. */
export const pageSiteOf = (request: FastifyRequest): PageSite => ({
  name: request.site.name,
  address: request.site.address,
  feedUrl: `${request.site.address}${apiPaths.pressReleaseFeed}`,
});

export interface PageFrame {
  language: string;
  site: PageSite;
  title: string;
  description?: string;
  /** Extra elements of the head (already HTML). */
  head?: string[];
  noindex?: boolean;
  main: string;
}

export function renderFrame(frame: PageFrame): string {
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

/** A release as lists show it: its public page in the language it is shown in. */
export interface PageReleaseItem {
  url: string;
  title: string;
  subtitle: string;
  publicationDate: string;
  language: string;
}

/** A release in a list: its title (a link to its page), its date and its subtitle, each in its own language. */
export const releaseItem = (release: PageReleaseItem, language: string) =>
  `<li><a href="${escapeHtml(release.url)}" lang="${escapeHtml(release.language)}" dir="auto">${escapeHtml(release.title)}</a><br><span class="meta"><time datetime="${release.publicationDate}">${escapeHtml(formatDate(release.publicationDate, language))}</time>${release.subtitle ? ` · <span lang="${escapeHtml(release.language)}" dir="auto">${escapeHtml(release.subtitle)}</span>` : ''}</span></li>`;

const spokenNames = new Map<string, string>();

/**
 * The languages a contact or an event speaks, named in the page's language ("English and Italian"). Kept once
 * made: a page may name them for hundreds of events, and the few combinations there are repeat.
 */
export function spokenLanguages(codes: string[], language: string): string {
  const key = `${language}:${codes.join(',')}`;
  const known = spokenNames.get(key);
  if (known !== undefined) return known;
  const names = new Intl.DisplayNames([language], { type: 'language' });
  const named = new Intl.ListFormat(language, { type: 'conjunction' }).format(
    codes.map((code) => names.of(code) ?? code),
  );
  if (spokenNames.size >= 1000) spokenNames.clear();
  spokenNames.set(key, named);
  return named;
}

/** Text of either direction inside a sentence of the page's (Unicode isolates, as <bdi> would). */
export const isolated = (text: string) => `\u2068${text}\u2069`;

/** What the pages show of a press contact: a site's (under a release) or a company's (in its press box). */
export type PageContact = Pick<PressContact, 'name' | 'role' | 'email' | 'phone' | 'languages' | 'photo_url'>;

/** Press contacts as cards: photo, name, role in the page's language, e-mail, telephone, languages spoken. */
export function renderContacts(contacts: PageContact[], language: string): string {
  const t = (key: string, params?: Record<string, string | number>) =>
    translateMessage(language, key, params);
  return `<div class="contacts">${contacts
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
    .join('')}</div>`;
}

/** `language` when it is one of ours, else null. */
export const knownLanguage = (value: unknown): Language | null =>
  typeof value === 'string' && (languages as readonly string[]).includes(value) ? (value as Language) : null;

export const htmlType = 'text/html; charset=utf-8';
// Pages are revalidated on every view (a cheap 304 by ETag), so a change (an embargo's end, an exhibitor's new
// stand) shows at once everywhere.
export const revalidated = 'public, max-age=0, must-revalidate';

/** Sends a text answer with an ETag of its content, or 304 when the client has it. */
/** A page's entity tag: a digest of its text. */
export const etagOf = (body: string) =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** Sends the page with its entity tag (given when the page was kept with it), or 304 to a reader who has it. */
export function sendWithEtag(
  request: FastifyRequest,
  reply: FastifyReply,
  type: string,
  body: string,
  etag = etagOf(body),
) {
  reply.header('etag', etag).header('cache-control', revalidated);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.type(type).send(body);
}

export const withLanguage = (url: string, language: string) => `${url}?lang=${encodeURIComponent(language)}`;

/** A page's words in one language. */
export type Translate = (key: string, params?: Record<string, string | number>) => string;
export const translator =
  (language: string): Translate =>
  (key, params) =>
    translateMessage(language, key, params);

/** A page's address in every language, and the one without a language for readers whose language we take. */
export interface PageAlternates {
  languages: { language: string; url: string }[];
  defaultUrl: string;
}

const alternateLinks = (alternates: PageAlternates) => [
  ...alternates.languages.map(
    (alternate) =>
      `<link rel="alternate" hreflang="${escapeHtml(alternate.language)}" href="${escapeHtml(alternate.url)}">`,
  ),
  `<link rel="alternate" hreflang="x-default" href="${escapeHtml(alternates.defaultUrl)}">`,
];

/** What a public page that is not an article says of itself: its canonical address, its languages, OpenGraph. */
export const websiteHead = (page: {
  canonicalUrl: string;
  alternates: PageAlternates;
  siteName: string;
  title: string;
  description: string;
  language: string;
}) => [
  `<link rel="canonical" href="${escapeHtml(page.canonicalUrl)}">`,
  ...alternateLinks(page.alternates),
  `<meta property="og:type" content="website">`,
  `<meta property="og:site_name" content="${escapeHtml(page.siteName)}">`,
  `<meta property="og:title" content="${escapeHtml(page.title)}">`,
  `<meta property="og:description" content="${escapeHtml(page.description)}">`,
  `<meta property="og:url" content="${escapeHtml(page.canonicalUrl)}">`,
  `<meta property="og:locale" content="${escapeHtml(page.language)}">`,
];

/** A page in each of the seven languages (its texts are translated; what a writer did not translate falls back). */
export const everyLanguage = (pageUrl: string): PageAlternates => ({
  languages: languages.map((language) => ({ language, url: withLanguage(pageUrl, language) })),
  defaultUrl: pageUrl,
});

/** The page of an address that shows nothing (yet): never indexed, with a way back to what there is. */
export function renderMissingPage(
  site: PageSite,
  language: string,
  texts: { title: string; text: string; link: { href: string; label: string } },
): string {
  return renderFrame({
    language,
    site,
    title: `${texts.title} | ${site.name}`,
    noindex: true,
    main: `<h1>${escapeHtml(texts.title)}</h1>\n<p>${escapeHtml(texts.text)}</p>\n<p><a class="button" href="${escapeHtml(texts.link.href)}">${escapeHtml(texts.link.label)}</a></p>`,
  });
}

/** Answers the missing page with a 404 that neither caches nor gets indexed. */
export const sendMissingPage = (reply: FastifyReply, body: string) =>
  reply
    .code(404)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .type(htmlType)
    .send(body);

/** A text cut at a word to at most 200 characters, for a meta description. */
export function shortDescription(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 197).replace(/\s+\S*$/, '')}…` : flat;
}
