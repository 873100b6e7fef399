import { countryName, type MediaType, mediaTypes } from '@pressroom/contract';
import { escapeHtml } from '../../lib/html.ts';
import {
  formatDate,
  isolated,
  languageNameIn,
  type PageAlternates,
  type PageSite,
  renderFrame,
  type Translate,
  translator,
  websiteHead,
} from '../../lib/public-page.ts';
import type { PublicRow } from './repository.ts';

// "In the press": the site's approved coverage in the shared frame of the server-rendered pages, newest piece
// first, with plain GET filters and pages, for crawlers and readers without JavaScript. Only what is public of
// a piece is shown (address, title, outlet, date, language, country, and the name given with consent); the
// links leave the site, so they carry no referrer weight (nofollow) and open nothing of ours.

export interface CoveragePageFilter {
  country: string | null;
  language: string | null;
  mediaType: MediaType | null;
}

export interface CoveragePageInput {
  site: PageSite;
  language: string;
  canonicalUrl: string;
  alternates: PageAlternates;
  pagePath: string;
  filter: CoveragePageFilter;
  /** What the site's approved coverage has, for the filters' choices. */
  facets: { countries: string[]; languages: string[]; mediaTypes: string[] };
  rows: PublicRow[];
  count: number;
  page: number;
  pageSize: number;
}

const filtered = (filter: CoveragePageFilter) =>
  filter.country !== null || filter.language !== null || filter.mediaType !== null;

const byName = (language: string) => (a: [string, string], b: [string, string]) =>
  a[1].localeCompare(b[1], language);

function queryOf(input: CoveragePageInput, page: number) {
  const query = new URLSearchParams({ lang: input.language });
  if (input.filter.country) query.set('country', input.filter.country);
  if (input.filter.language) query.set('language', input.filter.language);
  if (input.filter.mediaType) query.set('media_type', input.filter.mediaType);
  if (page > 1) query.set('page', String(page));
  return `${input.pagePath}?${query}`;
}

function filterForm(input: CoveragePageInput, t: Translate): string {
  const { filter, language, facets } = input;
  const select = (name: string, label: string, current: string | null, options: [string, string][]) =>
    `<div><label for="filter-${name}">${escapeHtml(label)}</label><select id="filter-${name}" name="${name}"><option value="">${escapeHtml(t('pageCoverageAny'))}</option>${options
      .map(
        ([value, text]) =>
          `<option value="${escapeHtml(value)}"${value === current ? ' selected' : ''}>${escapeHtml(text)}</option>`,
      )
      .join('')}</select></div>`;
  return [
    `<form class="filters" method="get" action="${escapeHtml(input.pagePath)}" aria-labelledby="coverage-filters">`,
    `<h2 id="coverage-filters">${escapeHtml(t('pageCoverageFilters'))}</h2>`,
    `<input type="hidden" name="lang" value="${escapeHtml(language)}">`,
    select(
      'country',
      t('pageCoverageCountry'),
      filter.country,
      facets.countries
        .map((code): [string, string] => [code, countryName(code, language)])
        .sort(byName(language)),
    ),
    select(
      'language',
      t('pageCoverageLanguage'),
      filter.language,
      facets.languages
        .map((code): [string, string] => [code, languageNameIn(language, code)])
        .sort(byName(language)),
    ),
    select(
      'media_type',
      t('pageCoverageMediaType'),
      filter.mediaType,
      mediaTypes
        .filter((type) => facets.mediaTypes.includes(type))
        .map((type): [string, string] => [type, t(`mediaType_${type}`)]),
    ),
    `<div class="actions"><button type="submit">${escapeHtml(t('pageCoverageApply'))}</button>${
      filtered(filter)
        ? `<a href="${escapeHtml(`${input.pagePath}?lang=${language}`)}">${escapeHtml(t('pageCoverageAny'))}</a>`
        : ''
    }</div>`,
    '</form>',
  ].join('');
}

function item(row: PublicRow, language: string, t: Translate) {
  const details = [
    `<span lang="${escapeHtml(row.language)}" dir="auto">${escapeHtml(row.outlet)}</span>`,
    `<time datetime="${escapeHtml(row.publishedOn)}">${escapeHtml(formatDate(row.publishedOn, language))}</time>`,
    escapeHtml(countryName(row.country, language)),
    escapeHtml(languageNameIn(language, row.language)),
  ];
  if (row.journalist) details.push(escapeHtml(t('pageCoverageBy', { name: isolated(row.journalist) })));
  return `<li><a href="${escapeHtml(row.url)}" rel="nofollow noopener" lang="${escapeHtml(row.language)}" dir="auto">${escapeHtml(row.title)}</a><br><span class="meta">${details.join(' · ')}</span></li>`;
}

/** The list of pieces as a page or a section shows it. */
export function renderCoverageItems(rows: PublicRow[], language: string): string {
  const t = translator(language);
  return `<ul class="plain">${rows.map((row) => item(row, language, t)).join('')}</ul>`;
}

export function renderCoveragePage(input: CoveragePageInput): string {
  const { language } = input;
  const t = translator(language);
  const title = t('pageCoverage');
  const description = t('pageCoverageSummary', { site: input.site.name });
  const main: string[] = [`<h1>${escapeHtml(title)}</h1>`, `<p class="meta">${escapeHtml(description)}</p>`];
  const anything = input.facets.countries.length > 0;
  if (!anything) {
    main.push(`<p>${escapeHtml(t('pageCoverageNone'))}</p>`);
  } else {
    main.push(
      filterForm(input, t),
      `<p class="meta" role="status">${escapeHtml(t('pageCoverageCount', { count: new Intl.NumberFormat(language).format(input.count) }))}</p>`,
    );
    if (input.rows.length === 0) {
      main.push(`<p>${escapeHtml(t('pageCoverageNoneFound'))}</p>`);
    } else {
      main.push(renderCoverageItems(input.rows, language));
    }
    const pages = Math.ceil(input.count / input.pageSize);
    if (pages > 1) {
      const links: string[] = [];
      if (input.page > 1) {
        links.push(
          `<li><a href="${escapeHtml(queryOf(input, input.page - 1))}" rel="prev">${escapeHtml(t('pageCoveragePrevious'))}</a></li>`,
        );
      }
      if (input.page < pages) {
        links.push(
          `<li><a href="${escapeHtml(queryOf(input, input.page + 1))}" rel="next">${escapeHtml(t('pageCoverageNext'))}</a></li>`,
        );
      }
      main.push(
        `<nav aria-label="${escapeHtml(t('pageCoveragePages'))}"><ul class="index">${links.join('')}</ul></nav>`,
      );
    }
  }
  return renderFrame({
    language,
    site: input.site,
    title: `${title} | ${input.site.name}`,
    description,
    // A filter's answer or a later page is the list again, in part: only its first whole page is indexed.
    noindex: filtered(input.filter) || input.page > 1,
    head: [
      ...websiteHead({
        canonicalUrl: input.canonicalUrl,
        alternates: input.alternates,
        siteName: input.site.name,
        title: title,
        description,
        language,
      }),
      `<meta name="twitter:card" content="summary">`,
    ],
    main: main.join('\n'),
  });
}
