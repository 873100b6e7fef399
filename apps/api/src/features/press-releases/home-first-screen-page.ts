import {
  apiPaths,
  coverImageSources,
  coverSizes,
  type FirstScreenData,
  type FirstScreenWordKey,
  firstScreenIds,
  homeListPageSize,
  type Language,
  type PressReleaseListItem,
  type PressReleaseYear,
  type ReleaseCompanyOption,
  type ReleaseCover,
  rtlLanguages,
} from '@pressroom/contract';
import { escapeHtml } from '../../lib/html.ts';

/**
 * The markup of Home's first screen (decision 15): plain HTML in the look of the web app's Home, with the class
 * names apps/web/index.html styles (its `.fs` rules copy what MUI paints: change both together). Nothing here
 * runs in the browser: links are the app's hash addresses, followed by the app once it has started.
 */

export type Words = Record<FirstScreenWordKey, string>;

/** A word with its `{{placeholders}}` filled, as i18next fills them (values as they are), then escaped. */
function say(words: Words, key: FirstScreenWordKey, values: Record<string, string | number> = {}): string {
  return escapeHtml(
    words[key].replace(/\{\{(\w+)\}\}/g, (whole, name: string) => String(values[name] ?? whole)),
  );
}

/** MUI's icons the screen shows (Search, MarkEmailReadOutlined, RssFeed, ArrowDropDown, NavigateBefore/Next). */
const icon = (paths: string) =>
  `<svg class="fs-icon" aria-hidden="true" focusable="false" viewBox="0 0 24 24">${paths}</svg>`;
const icons = {
  search: icon(
    '<path d="M15.5 14h-.79l-.28-.27C15.41 12.59 16 11.11 16 9.5 16 5.91 13.09 3 9.5 3S3 5.91 3 9.5 5.91 16 9.5 16c1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19zm-6 0C7.01 14 5 11.99 5 9.5S7.01 5 9.5 5 14 7.01 14 9.5 11.99 14 9.5 14"/>',
  ),
  alerts: icon(
    '<path d="M20 4H4c-1.1 0-1.99.9-1.99 2L2 18c0 1.1.9 2 2 2h8v-2H4V8l8 5 8-5v5h2V6c0-1.1-.9-2-2-2m-8 7L4 6h16zm5.34 11-3.54-3.54 1.41-1.41 2.12 2.12 4.24-4.24L23 16.34z"/>',
  ),
  feed: icon(
    '<circle cx="6.18" cy="17.82" r="2.18"/><path d="M4 4.44v2.83c7.03 0 12.73 5.7 12.73 12.73h2.83c0-8.59-6.97-15.56-15.56-15.56m0 5.66v2.83c3.9 0 7.07 3.17 7.07 7.07h2.83c0-5.47-4.43-9.9-9.9-9.9"/>',
  ),
  dropDown: icon('<path d="M7 10l5 5 5-5z"/>').replace('fs-icon', 'fs-icon fs-arrow'),
  before: icon('<path d="M15.41 7.41L14 6l-6 6 6 6 1.41-1.41L10.83 12z"/>'),
  next: icon('<path d="M10 6L8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z"/>'),
};

/** A calendar day in the reader's language, as the app writes it (release-meta.tsx, formatDate). */
function calendarDay(value: string, language: Language): string {
  const date = new Date(`${value}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(language, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

const directionOf = (language: string) => (rtlLanguages.includes(language as Language) ? 'rtl' : 'ltr');

/** An outlined field with its label on the border, as MUI draws it (the label also names the control). */
function field(id: string, label: string, control: string, adornment = '') {
  return (
    `<div class="fs-field"><label class="fs-label" for="${id}">${label}</label>${adornment}${control}` +
    `<fieldset class="fs-outline" aria-hidden="true"><legend class="fs-notch"><span>${label}</span></legend></fieldset></div>`
  );
}

function companyFilter(words: Words, language: Language, companies: ReleaseCompanyOption[]): string {
  if (companies.length === 0) return '';
  const count = new Intl.NumberFormat(language);
  const options = companies.flatMap((company) => [
    `<option value="company=${company.id}">${say(words, 'pressReleases.companyOption', {
      name: company.name,
      count: count.format(company.count),
    })}</option>`,
    ...company.brands.map(
      (brand) =>
        `<option value="brand=${brand.id}">${say(words, 'pressReleases.brandOption', { name: brand.name })}</option>`,
    ),
  ]);
  const select = `<select class="fs-control fs-select" id="first-screen-filter" name="filter"><option value="">${say(words, 'pressReleases.allCompanies')}</option>${options.join('')}</select>${icons.dropDown}`;
  return `<div class="fs-companies">${field('first-screen-filter', say(words, 'pressReleases.companyFilter'), select)}</div>`;
}

function yearLinks(words: Words, years: PressReleaseYear[]): string {
  if (years.length === 0) return '';
  const links = [
    `<a class="fs-toggle" href="#/home" aria-current="true">${say(words, 'pressReleases.allYears')}</a>`,
    ...years.map((entry) => `<a class="fs-toggle" href="#/home?year=${entry.year}">${entry.year}</a>`),
  ];
  return (
    `<div class="fs-years"><p class="fs-small" id="first-screen-years">${say(words, 'pressReleases.year')}</p>` +
    `<div class="fs-toggles" role="group" aria-labelledby="first-screen-years">${links.join('')}</div></div>`
  );
}

/**
 * A cover as the app's ReleaseCover draws it: its box's size is fixed by the styles (nothing moves when it
 * arrives); `alt` is empty, as the card's link is named by the title beside it.
 */
function coverImage(
  cover: ReleaseCover,
  className: string,
  sizes: string,
  loading: 'eager' | 'lazy' | 'first',
): string {
  const { src, srcSet, webpSrcSet } = coverImageSources(cover);
  const size = cover.width && cover.height ? ` width="${cover.width}" height="${cover.height}"` : '';
  const load = loading === 'lazy' ? ' loading="lazy"' : loading === 'first' ? ' fetchpriority="high"' : '';
  const image =
    `<img class="${className}" src="${escapeHtml(src)}" srcset="${escapeHtml(srcSet)}" sizes="${sizes}"` +
    `${size} alt="" decoding="async"${load}>`;
  if (!webpSrcSet) return image;
  return (
    `<picture class="fs-picture"><source type="image/webp" srcset="${escapeHtml(webpSrcSet)}" sizes="${sizes}">` +
    `${image}</picture>`
  );
}

/** The date, number and company line of a release, as the app's ReleaseMeta writes it. */
function releaseMeta(words: Words, language: Language, release: PressReleaseListItem): string {
  const meta = [
    `<span><time datetime="${escapeHtml(release.publication_date)}">${escapeHtml(calendarDay(release.publication_date, language))}</time></span>`,
    release.number !== null
      ? `<span>${say(words, 'pressReleases.number', { number: release.number, year: release.year })}</span>`
      : '',
    release.company ? `<span>${escapeHtml(release.company.name)}</span>` : '',
  ];
  return `<div class="fs-meta fs-small">${meta.join('')}</div>`;
}

/** Covers of list cards painted at once: the first two, unless featured releases fill the first screen. */
const eagerListCovers = (featuredCount: number) => (featuredCount > 0 ? 0 : 2);

function releaseCard(
  words: Words,
  language: Language,
  release: PressReleaseListItem,
  eager: boolean,
): string {
  const lang = escapeHtml(release.language);
  return (
    `<li><a class="fs-card${release.cover ? ' fs-with-cover' : ''}" href="#/press-release/${release.id}" lang="${lang}" dir="${directionOf(release.language)}">` +
    '<div class="fs-card-text">' +
    releaseMeta(words, language, release) +
    `<h2 class="fs-card-title" lang="${lang}">${escapeHtml(release.title)}</h2>` +
    (release.subtitle ? `<p class="fs-subtitle" lang="${lang}">${escapeHtml(release.subtitle)}</p>` : '') +
    (release.excerpt
      ? `<p class="fs-small fs-excerpt" lang="${lang}">${escapeHtml(release.excerpt)}</p>`
      : '') +
    '</div>' +
    (release.cover ? coverImage(release.cover, 'fs-cover', coverSizes.list, eager ? 'eager' : 'lazy') : '') +
    '</a></li>'
  );
}

/** The releases the press office features, on top with a large cover (the app's FeaturedReleases). */
function featuredReleases(words: Words, language: Language, featured: PressReleaseListItem[]): string {
  if (featured.length === 0) return '';
  const items = featured.map((release, index) => {
    const lang = escapeHtml(release.language);
    return (
      `<li><a class="fs-feature" href="#/press-release/${release.id}" lang="${lang}" dir="${directionOf(release.language)}">` +
      (release.cover
        ? coverImage(release.cover, 'fs-feature-cover', coverSizes.featured, index === 0 ? 'first' : 'lazy')
        : '') +
      '<div class="fs-feature-text">' +
      releaseMeta(words, language, release) +
      `<h3 class="fs-feature-title" lang="${lang}">${escapeHtml(release.title)}</h3>` +
      (release.subtitle ? `<p class="fs-subtitle" lang="${lang}">${escapeHtml(release.subtitle)}</p>` : '') +
      '</div></a></li>'
    );
  });
  return (
    '<section class="fs-featured" aria-labelledby="first-screen-featured">' +
    `<h2 class="fs-featured-heading" id="first-screen-featured">${say(words, 'pressReleases.featured')}</h2>` +
    `<ul class="fs-featured-list">${items.join('')}</ul></section>`
  );
}

/** The items MUI's Pagination shows on page 1 of `count` (one sibling, one boundary page each side). */
function firstPageItems(count: number): (number | 'gap')[] {
  if (count <= 7) return Array.from({ length: count }, (_, index) => index + 1);
  return [1, 2, 3, 4, 5, 'gap', count];
}

/** The pages as MUI's Pagination draws them, with its labels (which Home shows in every language). */
function pageLinks(words: Words, pageCount: number): string {
  if (pageCount <= 1) return '';
  const items = firstPageItems(pageCount).map((item) => {
    if (item === 'gap') return '<li><span class="fs-page">…</span></li>';
    if (item === 1)
      return '<li><a class="fs-page" href="#/home" aria-current="page" aria-label="page 1">1</a></li>';
    return `<li><a class="fs-page" href="#/home?page=${item}" aria-label="Go to page ${item}">${item}</a></li>`;
  });
  return (
    `<nav class="fs-pages" aria-label="${say(words, 'pressReleases.pages')}"><ul class="fs-pages-list">` +
    // Page 1 has no previous page: MUI shows its button disabled; a link cannot be, so it is only drawn.
    `<li><span class="fs-page fs-off" aria-hidden="true">${icons.before}</span></li>` +
    items.join('') +
    `<li><a class="fs-page" href="#/home?page=2" aria-label="Go to next page">${icons.next}</a></li></ul></nav>`
  );
}

/** The markup of the first screen (index.html's `.fs` styles; the app's MainLayout, Page, ReleasesBrowser). */
export function renderHomeFirstScreen(
  data: FirstScreenData,
  words: Words,
  page: { siteName: string; year: number },
): string {
  const { language, releases } = data;
  const feed = `${apiPaths.pressReleaseFeed}?group=${data.site}&language=${language}`;
  const search = field(
    'first-screen-search',
    say(words, 'pressReleases.search'),
    '<input class="fs-control" id="first-screen-search" name="q" type="search" maxlength="200">',
    icons.search.replace('fs-icon', 'fs-icon fs-adornment'),
  );
  const total = releases.recordsFiltered;
  const count =
    total === 0 ? say(words, 'pressReleases.empty') : say(words, 'pressReleases.count', { count: total });
  return (
    `<div class="fs" id="${firstScreenIds.screen}"><main class="fs-main">` +
    `<h1 class="fs-title">${say(words, 'home.title')}</h1>` +
    featuredReleases(words, language, data.featured.results) +
    '<div class="fs-bar">' +
    `<form class="fs-search" role="search" action="#/home">${search}</form>` +
    companyFilter(words, language, data.companies.results) +
    '<div class="fs-grow"></div>' +
    `<a class="fs-link" href="#/alerts/subscribe">${icons.alerts}${say(words, 'pressReleases.alerts')}</a>` +
    `<a class="fs-link" href="${escapeHtml(feed)}" type="application/atom+xml">${icons.feed}${say(words, 'pressReleases.feed')}</a>` +
    '</div>' +
    yearLinks(words, data.years.data) +
    `<p class="fs-small fs-count" role="status">${count}</p>` +
    `<ul class="fs-list">${releases.data
      .map((release, index) =>
        releaseCard(words, language, release, index < eagerListCovers(data.featured.results.length)),
      )
      .join('')}</ul>` +
    pageLinks(words, Math.ceil(total / homeListPageSize)) +
    '</main>' +
    `<footer class="fs-footer"><p class="fs-small">${say(words, 'app.copyright', { year: page.year, site: page.siteName })}</p>` +
    `<a class="fs-small fs-link" href="#/account/user-privacy">${say(words, 'app.privacy')}</a></footer>` +
    '</div>'
  );
}
