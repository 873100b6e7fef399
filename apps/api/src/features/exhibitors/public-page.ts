import { type DirectoryEntry, type PublicExhibitor, type Stand, webLinks } from '@pressroom/contract';
import { escapeHtml } from '../../lib/html.ts';
import { placeText } from '../../lib/programme-events.ts';
import {
  isolated,
  type PageAlternates,
  type PageReleaseItem,
  type PageSite,
  releaseItem,
  renderContacts,
  renderFrame,
  renderMissingPage,
  scriptJson,
  shortDescription,
  type Translate,
  translator,
  websiteHead,
} from '../../lib/public-page.ts';
import type { ExhibitorPageEvent } from './public.ts';

// The exhibitors' pages in the shared frame of the server-rendered pages: the directory of the site's current
// edition by hall, and each exhibitor's press box, for crawlers, link previews and readers without JavaScript.

/** "Hall 5, stand A12 · Hall 5, stand A14" in the page's language. */
const standsText = (stands: Stand[], t: Translate) =>
  stands.map((stand) => t('pageStand', { hall: stand.hall, stand: stand.stand })).join(' · ');

const editionDates = (edition: { starts_on: string; ends_on: string }, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).formatRange(
    new Date(`${edition.starts_on}T00:00:00Z`),
    new Date(`${edition.ends_on}T00:00:00Z`),
  );

/** A hall's anchor on the directory page: its name in letters, digits and hyphens. */
const hallAnchor = (hall: string) => `hall-${hall.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-')}`;

export interface DirectoryPageInput {
  site: PageSite;
  language: string;
  canonicalUrl: string;
  alternates: PageAlternates;
  /** The directory's own address in the page's language, searches and letters added to it. */
  directoryUrl: string;
  edition: { name: string; starts_on: string; ends_on: string } | null;
  halls: string[];
  letters: string[];
  /** The exhibitors shown (those matching the search and letter), by name. */
  exhibitors: (DirectoryEntry & { url: string })[];
  search: string;
  letter: string | null;
}

/** The exhibitors of the site's current edition by hall, with a search form and the A-Z index. */
export function renderDirectoryPage(input: DirectoryPageInput): string {
  const { language } = input;
  const t = translator(language);
  const title = input.edition ? `${t('pageExhibitors')}: ${input.edition.name}` : t('pageExhibitors');
  const filtered = Boolean(input.search || input.letter);
  const description = input.edition
    ? t('pageDirectorySummary', {
        edition: input.edition.name,
        dates: editionDates(input.edition, language),
      })
    : t('pageNoExhibitors');
  const main: string[] = [`<h1>${escapeHtml(title)}</h1>`];
  if (!input.edition) {
    main.push(`<p>${escapeHtml(t('pageNoExhibitors'))}</p>`);
  } else {
    main.push(`<p class="meta">${escapeHtml(editionDates(input.edition, language))}</p>`);
    const [base, query] = input.directoryUrl.split('?');
    const hidden = [...new URLSearchParams(query)]
      .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
      .join('');
    main.push(
      `<form class="search" method="get" action="${escapeHtml(base)}" role="search">${hidden}<label for="exhibitor-search">${escapeHtml(t('pageExhibitorSearch'))}</label><input id="exhibitor-search" type="search" name="search" value="${escapeHtml(input.search)}" maxlength="100" autocomplete="off"><button type="submit">${escapeHtml(t('pageSearch'))}</button></form>`,
    );
    const letterLink = (letter: string | null, label: string) => {
      const url = letter ? `${input.directoryUrl}&letter=${encodeURIComponent(letter)}` : input.directoryUrl;
      const current = letter === input.letter && !input.search ? ' aria-current="page"' : '';
      return `<li><a href="${escapeHtml(url)}"${current}>${escapeHtml(label)}</a></li>`;
    };
    main.push(
      `<nav aria-labelledby="letter-index"><h2 id="letter-index">${escapeHtml(t('pageLetterIndex'))}</h2><ul class="index" dir="ltr">${[
        letterLink(null, t('pageAllLetters')),
        ...input.letters.map((letter) => letterLink(letter, letter)),
      ].join('')}</ul></nav>`,
    );
    // Each exhibitor under every hall it has a stand in, by name within the hall.
    const byHall = new Map<string, DirectoryPageInput['exhibitors']>();
    for (const hall of input.halls) byHall.set(hall, []);
    for (const exhibitor of input.exhibitors) {
      for (const hall of new Set(exhibitor.stands.map((stand) => stand.hall))) {
        byHall.get(hall)?.push(exhibitor);
      }
    }
    const shownHalls = input.halls.filter((hall) => (byHall.get(hall) ?? []).length > 0);
    main.push(
      `<p class="meta" role="status">${escapeHtml(t('pageExhibitorCount', { count: new Intl.NumberFormat(language).format(input.exhibitors.length) }))}</p>`,
    );
    if (shownHalls.length === 0) {
      main.push(`<p>${escapeHtml(t(filtered ? 'pageNoExhibitorFound' : 'pageNoExhibitors'))}</p>`);
    } else {
      main.push(
        `<nav aria-label="${escapeHtml(t('pageHalls'))}"><ul class="index">${shownHalls
          .map(
            (hall) =>
              `<li><a href="#${escapeHtml(hallAnchor(hall))}">${escapeHtml(t('pageHall', { hall }))}</a></li>`,
          )
          .join('')}</ul></nav>`,
      );
      for (const hall of shownHalls) {
        main.push(
          `<section aria-labelledby="${escapeHtml(hallAnchor(hall))}"><h2 id="${escapeHtml(hallAnchor(hall))}">${escapeHtml(t('pageHall', { hall }))}</h2>`,
          `<ul class="plain exhibitors">${(byHall.get(hall) ?? [])
            .map(
              (exhibitor) =>
                `<li><a href="${escapeHtml(exhibitor.url)}" dir="auto">${escapeHtml(exhibitor.company.name)}</a><br><span class="meta">${escapeHtml(standsText(exhibitor.stands, t))}${
                  exhibitor.brands.length > 0
                    ? ` · ${escapeHtml(t('pageBrands'))}: <span dir="auto">${escapeHtml(exhibitor.brands.join(', '))}</span>`
                    : ''
                }</span></li>`,
            )
            .join('')}</ul></section>`,
        );
      }
    }
  }
  return renderFrame({
    language,
    site: input.site,
    title: `${title} | ${input.site.name}`,
    description,
    // A search's or a letter's answer is the directory again, in part: only the whole one is indexed.
    noindex: filtered,
    head: [
      ...websiteHead({
        canonicalUrl: input.canonicalUrl,
        alternates: input.alternates,
        siteName: input.site.name,
        title,
        description,
        language,
      }),
      `<meta name="twitter:card" content="summary">`,
    ],
    main: main.join('\n'),
  });
}

export interface ExhibitorPageInput {
  site: PageSite;
  language: string;
  exhibitor: PublicExhibitor;
  canonicalUrl: string;
  alternates: PageAlternates;
  /** The directory in the page's language. */
  directoryUrl: string;
  /** The logo's absolute address (for link previews and structured data), when the box has one. */
  logoUrl: string | null;
  releases: PageReleaseItem[];
  /** Its events on the press programme, by start; times shown in the edition's zone. */
  events: ExhibitorPageEvent[];
  /** The approved coverage naming it as the coverage feature lists it (HTML), or null when there is none. */
  coverageList: string | null;
}

/** The language a box's description is written in: the reader's, else the one `pickLocalized` fell back to. */
const descriptionLanguage = (exhibitor: PublicExhibitor, language: string) =>
  exhibitor.descriptions[language]
    ? language
    : (Object.entries(exhibitor.descriptions).find(([, text]) => text === exhibitor.description)?.[0] ??
      language);

const descriptionOf = (input: ExhibitorPageInput, t: Translate) =>
  shortDescription(input.exhibitor.description) ||
  t('pageExhibitorSummary', { name: input.exhibitor.company.name, edition: input.exhibitor.edition.name });

/** The schema.org Organization of an exhibitor: who it is, where to read more, whom the press may call. */
function organization(input: ExhibitorPageInput) {
  const { exhibitor } = input;
  const contactPoint = exhibitor.contacts.map((contact) => ({
    '@type': 'ContactPoint',
    contactType: 'press',
    name: contact.name,
    ...(contact.email ? { email: contact.email } : {}),
    ...(contact.phone ? { telephone: contact.phone } : {}),
    ...(contact.languages.length > 0 ? { availableLanguage: contact.languages } : {}),
  }));
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: exhibitor.company.name,
    // The company's own site when it gave one; else its press box here.
    url: exhibitor.website || input.canonicalUrl,
    mainEntityOfPage: { '@type': 'WebPage', '@id': input.canonicalUrl },
    ...(input.logoUrl ? { logo: { '@type': 'ImageObject', url: input.logoUrl } } : {}),
    ...(exhibitor.description ? { description: exhibitor.description } : {}),
    ...(exhibitor.company.country
      ? { address: { '@type': 'PostalAddress', addressCountry: exhibitor.company.country } }
      : {}),
    ...(contactPoint.length > 0 ? { contactPoint } : {}),
  };
}

/** "Central European Time" in the page's language. */
const zoneName = (zone: string, language: string, at: Date) =>
  new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName: 'longGeneric' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value ?? zone;

/**
 * The exhibitor's events on the press programme, each linked to its page, with its day and hours in the
 * edition's zone (whatever the reader's or the server's) and its place; a cancelled one says so.
 */
function renderEvents(input: ExhibitorPageInput, t: Translate): string {
  const { language } = input;
  const zone = input.exhibitor.edition.time_zone;
  const when = new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short', timeZone: zone });
  const items = input.events.map((event) => {
    const flag = event.cancelled
      ? ` <strong class="flag">${escapeHtml(t('pageProgrammeCancelled'))}</strong>`
      : '';
    return `<li><a href="${escapeHtml(`${event.pagePath}?lang=${language}`)}" lang="${escapeHtml(event.language)}" dir="auto">${escapeHtml(event.title)}</a>${flag}<br><span class="meta">${escapeHtml(when.formatRange(event.startsAt, event.endsAt))} · ${escapeHtml(placeText(event.place, language, isolated))}</span></li>`;
  });
  return [
    `<h2 id="exhibitor-programme">${escapeHtml(t('pageProgramme'))}</h2>`,
    `<p class="meta">${escapeHtml(t('pageProgrammeTimes', { zone: zoneName(zone, language, input.events[0]?.startsAt ?? new Date()) }))}</p>`,
    `<ul class="plain events" aria-labelledby="exhibitor-programme">${items.join('')}</ul>`,
  ].join('\n');
}

/** An exhibitor's press box: logo, stands, description, web site, press contacts and the company's releases. */
export function renderExhibitorPage(input: ExhibitorPageInput): string {
  const { language, exhibitor } = input;
  const t = translator(language);
  const name = exhibitor.company.name;
  const description = descriptionOf(input, t);
  const head = [
    ...websiteHead({
      canonicalUrl: input.canonicalUrl,
      alternates: input.alternates,
      siteName: input.site.name,
      title: name,
      description,
      language,
    }),
    ...(input.logoUrl
      ? [
          `<meta property="og:image" content="${escapeHtml(input.logoUrl)}">`,
          `<meta property="og:image:type" content="image/png">`,
          `<meta property="og:image:alt" content="${escapeHtml(t('pageLogoOf', { name }))}">`,
        ]
      : []),
    `<meta name="twitter:card" content="summary">`,
    `<meta name="twitter:title" content="${escapeHtml(name)}">`,
    `<meta name="twitter:description" content="${escapeHtml(description)}">`,
    ...(input.logoUrl ? [`<meta name="twitter:image" content="${escapeHtml(input.logoUrl)}">`] : []),
    `<script type="application/ld+json">${scriptJson(organization(input))}</script>`,
  ];
  const sections: string[] = [
    '<article>',
    `<p class="meta"><a href="${escapeHtml(input.directoryUrl)}">${escapeHtml(t('pageAllExhibitors'))}</a> · ${escapeHtml(t('pageExhibitorAt', { edition: exhibitor.edition.name }))}</p>`,
    `<h1>${escapeHtml(name)}</h1>`,
    exhibitor.logo_url
      ? `<img class="logo" src="${escapeHtml(exhibitor.logo_url)}" alt="${escapeHtml(t('pageLogoOf', { name }))}">`
      : '',
    `<h2>${escapeHtml(t('pageStands'))}</h2>`,
    `<ul class="plain">${exhibitor.stands
      .map((stand) => `<li>${escapeHtml(t('pageStand', { hall: stand.hall, stand: stand.stand }))}</li>`)
      .join('')}</ul>`,
  ];
  if (exhibitor.description || exhibitor.website) {
    const written = descriptionLanguage(exhibitor, language);
    sections.push(
      `<h2>${escapeHtml(t('pageAbout', { site: name }))}</h2>`,
      ...exhibitor.description
        .split(/\n\s*\n/)
        .filter((paragraph) => paragraph.trim())
        .map(
          (paragraph) =>
            `<p lang="${escapeHtml(written)}" dir="auto">${escapeHtml(paragraph.trim()).replace(/\n/g, '<br>')}</p>`,
        ),
      exhibitor.website
        ? `<p>${escapeHtml(t('pageWebsite'))}: <a href="${escapeHtml(exhibitor.website)}" rel="noopener" dir="ltr">${escapeHtml(exhibitor.website.replace(/^https?:\/\//, '').replace(/\/$/, ''))}</a></p>`
        : '',
    );
  }
  if (exhibitor.contacts.length > 0) {
    sections.push(
      `<h2>${escapeHtml(t('pagePressContacts'))}</h2>`,
      renderContacts(exhibitor.contacts, language),
    );
  }
  if (input.events.length > 0) sections.push(renderEvents(input, t));
  if (input.releases.length > 0) {
    sections.push(
      `<h2>${escapeHtml(t('pageReleases'))}</h2>`,
      `<ul class="plain releases">${input.releases.map((release) => releaseItem(release, language)).join('')}</ul>`,
    );
  }
  if (input.coverageList) sections.push(`<h2>${escapeHtml(t('pageCoverage'))}</h2>`, input.coverageList);
  sections.push(
    `<p class="note">${escapeHtml(t('pageJournalists'))} <a class="button" href="${escapeHtml(webLinks.exhibitor(exhibitor.id))}">${escapeHtml(t('pageOpenInPressRoom'))}</a></p>`,
    '</article>',
  );
  return renderFrame({
    language,
    site: input.site,
    title: `${name} | ${input.site.name}`,
    description,
    head,
    main: sections.filter(Boolean).join('\n'),
  });
}

/** The page of an exhibitor the site does not show: never indexed, with a way to the directory. */
export function renderExhibitorNotFoundPage(site: PageSite, language: string, directoryUrl: string): string {
  const t = translator(language);
  return renderMissingPage(site, language, {
    title: t('pageExhibitorNotFoundTitle'),
    text: t('pageExhibitorNotFoundText'),
    link: { href: directoryUrl, label: t('pageAllExhibitors') },
  });
}
