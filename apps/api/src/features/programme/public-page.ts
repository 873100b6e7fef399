import {
  apiPaths,
  languages,
  type ProgrammeEventType,
  programmeEventTypes,
  webLinks,
} from '@pressroom/contract';
import { escapeHtml } from '../../lib/html.ts';
import { placeText } from '../../lib/programme-events.ts';
import {
  isolated,
  type PageAlternates,
  type PageSite,
  renderFrame,
  renderMissingPage,
  scriptJson,
  shortDescription,
  spokenLanguages,
  type Translate,
  translator,
  websiteHead,
} from '../../lib/public-page.ts';
import type { ShownEdition, ShownEvent } from './public-page-service.ts';

// The press programme's pages in the shared frame of the server-rendered pages: the current edition's events
// by day with plain GET filters, and each event's page, for crawlers, link previews and readers without
// JavaScript. Every time is shown in the edition's time zone, whatever the reader's or the server's.

// ---------------------------------------------------------------------------------------------- time zones

/**
 * Date formats, made once per language, zone and style: making one costs about a millisecond, using one a
 * tenth of that, and a programme page formats each of its hundreds of events several times. Bounded: the keys
 * are seven languages, a few styles and the editions' zones.
 */
const formats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    if (formats.size >= 500) formats.clear();
    format = new Intl.DateTimeFormat(language, options);
    formats.set(key, format);
  }
  return format;
}

function partsIn(instant: Date, zone: string) {
  return Object.fromEntries(
    dateFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'longOffset',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second' | 'timeZoneName', string>;
}

/**
 * What a function of its key gave, kept: a range's formatting costs about 0.06 ms and the same events are shown
 * on every view of the programme. Pure results, so each server keeps its own; bounded, the oldest go first.
 */
function remembered(limit: number, compute: (key: string) => string) {
  const kept = new Map<string, string>();
  return (key: string) => {
    const known = kept.get(key);
    if (known !== undefined) return known;
    const value = compute(key);
    if (kept.size >= limit) kept.delete(kept.keys().next().value as string);
    kept.set(key, value);
    return value;
  };
}

const isoInZoneOf = remembered(20_000, (key) => {
  const [zone, time] = key.split(' ');
  const parts = partsIn(new Date(Number(time)), zone);
  const offset = parts.timeZoneName.replace('GMT', '') || '+00:00';
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
});

/** The instant as the zone's clock shows it, with the zone's offset then: 2026-09-22T10:00:00+02:00. */
const isoInZone = (instant: Date, zone: string): string => isoInZoneOf(`${zone} ${instant.getTime()}`);

/** "Central European Time" in the page's language. */
const zoneName = (zone: string, language: string, at: Date) =>
  dateFormat(language, { timeZone: zone, timeZoneName: 'longGeneric' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value ?? zone;

const timeRangeOf = remembered(20_000, (key) => {
  const [language, zone, start, end] = key.split(' ');
  return dateFormat(language, { timeStyle: 'short', timeZone: zone }).formatRange(
    new Date(Number(start)),
    new Date(Number(end)),
  );
});

const timeRange = (event: ShownEvent, zone: string, language: string) =>
  timeRangeOf(`${language} ${zone} ${event.startsAt.getTime()} ${event.endsAt.getTime()}`);

const dateTimeRange = (event: ShownEvent, zone: string, language: string) =>
  dateFormat(language, { dateStyle: 'full', timeStyle: 'short', timeZone: zone }).formatRange(
    event.startsAt,
    event.endsAt,
  );

const editionDates = (edition: ShownEdition, language: string) =>
  dateFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).formatRange(
    new Date(`${edition.startsOn}T00:00:00Z`),
    new Date(`${edition.endsOn}T00:00:00Z`),
  );

// ------------------------------------------------------------------------------------------------- wording

const typeKeys: Record<ProgrammeEventType, string> = {
  press_conference: 'programmeTypePressConference',
  exhibitor_event: 'programmeTypeExhibitorEvent',
  talk: 'programmeTypeTalk',
  tour: 'programmeTypeTour',
  award_ceremony: 'programmeTypeAwardCeremony',
  other: 'programmeTypeOther',
};

// An event's place in words is one rule with the exhibitors' press boxes (lib/programme-events.ts).

const organiserName = (event: ShownEvent, site: PageSite) => event.organiser.exhibitor?.name ?? site.name;

/** The organiser's name, linked to its press box when an exhibitor organises. */
const organiserMarkup = (event: ShownEvent, site: PageSite, language: string) =>
  event.organiser.exhibitor
    ? `<a href="${escapeHtml(`${event.organiser.exhibitor.path}?lang=${language}`)}" dir="auto">${escapeHtml(event.organiser.exhibitor.name)}</a>`
    : escapeHtml(isolated(site.name));

const cancelledFlag = (t: Translate) =>
  `<strong class="flag">${escapeHtml(t('pageProgrammeCancelled'))}</strong>`;

const textMarkup = (shown: { text: string; language: string }, tag: string, className = '') =>
  `<${tag}${className ? ` class="${className}"` : ''} lang="${escapeHtml(shown.language)}" dir="auto">${escapeHtml(shown.text)}</${tag}>`;

// ------------------------------------------------------------------------------------------- the programme

/** The filters as the page reads them: what it could not use is left out. */
export interface ProgrammePageFilter {
  type: ProgrammeEventType | null;
  hall: string | null;
  organiser: 'fair' | 'exhibitor' | null;
  language: string | null;
}

export interface ProgrammePageInput {
  site: PageSite;
  language: string;
  canonicalUrl: string;
  alternates: PageAlternates;
  /** The programme's own address (no query). */
  programmePath: string;
  edition: ShownEdition | null;
  halls: string[];
  events: ShownEvent[];
  filter: ProgrammePageFilter;
}

const dayAnchor = (day: string) => `day-${day}`;

function filterForm(input: ProgrammePageInput, t: Translate): string {
  const { filter, language } = input;
  const select = (name: string, label: string, current: string | null, options: [string, string][]) =>
    `<div><label for="filter-${name}">${escapeHtml(label)}</label><select id="filter-${name}" name="${name}"><option value="">${escapeHtml(t('pageProgrammeAny'))}</option>${options
      .map(
        ([value, text]) =>
          `<option value="${escapeHtml(value)}"${value === current ? ' selected' : ''}>${escapeHtml(text)}</option>`,
      )
      .join('')}</select></div>`;
  const names = new Intl.DisplayNames([language], { type: 'language' });
  return [
    `<form class="filters" method="get" action="${escapeHtml(input.programmePath)}" aria-labelledby="programme-filters">`,
    `<h2 id="programme-filters">${escapeHtml(t('pageProgrammeFilters'))}</h2>`,
    `<input type="hidden" name="lang" value="${escapeHtml(language)}">`,
    select(
      'type',
      t('pageProgrammeType'),
      filter.type,
      programmeEventTypes.map((type) => [type, t(typeKeys[type])]),
    ),
    select(
      'hall',
      t('pageProgrammeHall'),
      filter.hall,
      input.halls.map((hall) => [hall, hall]),
    ),
    select('organiser', t('pageProgrammeOrganiser'), filter.organiser, [
      ['fair', t('pageProgrammeByFair')],
      ['exhibitor', t('pageProgrammeByExhibitors')],
    ]),
    select(
      'language',
      t('pageProgrammeLanguage'),
      filter.language,
      languages.map((code) => [code, names.of(code) ?? code]),
    ),
    `<div class="actions"><button type="submit">${escapeHtml(t('pageProgrammeShow'))}</button>${
      filtered(filter)
        ? `<a href="${escapeHtml(`${input.programmePath}?lang=${language}`)}">${escapeHtml(t('pageProgrammeClear'))}</a>`
        : ''
    }</div>`,
    '</form>',
  ].join('');
}

const filtered = (filter: ProgrammePageFilter) =>
  Boolean(filter.type || filter.hall || filter.organiser || filter.language);

function eventItem(
  event: ShownEvent,
  start: string,
  input: ProgrammePageInput,
  zone: string,
  t: Translate,
): string {
  const { language } = input;
  const details = [
    escapeHtml(t(typeKeys[event.type])),
    escapeHtml(placeText(event.place, language, isolated)),
    organiserMarkup(event, input.site, language),
    escapeHtml(spokenLanguages(event.languages, language)),
  ].join(' · ');
  return `<li${event.status === 'cancelled' ? ' class="cancelled"' : ''}><span class="meta"><time datetime="${escapeHtml(start)}">${escapeHtml(timeRange(event, zone, language))}</time></span>${
    event.status === 'cancelled' ? ` ${cancelledFlag(t)}` : ''
  }<br><a href="${escapeHtml(`${event.path}?lang=${language}`)}" lang="${escapeHtml(event.title.language)}" dir="auto">${escapeHtml(event.title.text)}</a><br><span class="meta">${details}</span></li>`;
}

/** The current edition's programme by day in the fair's time zone, with its filters as a plain GET form. */
export function renderProgrammePage(input: ProgrammePageInput): string {
  const { language, edition } = input;
  const t = translator(language);
  const title = edition ? `${t('pageProgramme')}: ${edition.name}` : t('pageProgramme');
  const main: string[] = [`<h1>${escapeHtml(title)}</h1>`];
  const description = edition
    ? t('pageProgrammeListSummary', { edition: edition.name, dates: editionDates(edition, language) })
    : t('pageProgrammeNone');
  if (!edition) {
    main.push(`<p>${escapeHtml(t('pageProgrammeNone'))}</p>`);
  } else {
    const zone = edition.timeZone;
    main.push(
      `<p class="meta">${escapeHtml(editionDates(edition, language))}<br>${escapeHtml(
        t('pageProgrammeTimes', {
          zone: zoneName(zone, language, new Date(`${edition.startsOn}T12:00:00Z`)),
        }),
      )}</p>`,
      filterForm(input, t),
      `<p class="meta" role="status">${escapeHtml(t('pageProgrammeCount', { count: new Intl.NumberFormat(language).format(input.events.length) }))}</p>`,
    );
    // Each event's start in the fair's time, once: its day (the ISO form's date) groups it.
    const days = new Map<string, { event: ShownEvent; start: string }[]>();
    for (const event of input.events) {
      const start = isoInZone(event.startsAt, zone);
      const day = start.slice(0, 10);
      const shown = days.get(day);
      if (shown) shown.push({ event, start });
      else days.set(day, [{ event, start }]);
    }
    if (days.size === 0) {
      main.push(
        `<p>${escapeHtml(t(filtered(input.filter) ? 'pageProgrammeNoneFound' : 'pageProgrammeNone'))}</p>`,
      );
    } else {
      const dayName = (day: string, options: Intl.DateTimeFormatOptions) =>
        dateFormat(language, { ...options, timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
      main.push(
        `<nav aria-label="${escapeHtml(t('pageProgrammeDays'))}"><ul class="index">${[...days.keys()]
          .map(
            (day) =>
              `<li><a href="#${dayAnchor(day)}">${escapeHtml(dayName(day, { weekday: 'short', day: 'numeric', month: 'short' }))}</a></li>`,
          )
          .join('')}</ul></nav>`,
      );
      for (const [day, events] of days) {
        main.push(
          `<section aria-labelledby="${dayAnchor(day)}"><h2 id="${dayAnchor(day)}"><time datetime="${day}">${escapeHtml(dayName(day, { dateStyle: 'full' }))}</time></h2>`,
          `<ul class="plain events">${events.map(({ event, start }) => eventItem(event, start, input, zone, t)).join('')}</ul></section>`,
        );
      }
    }
  }
  return renderFrame({
    language,
    site: input.site,
    title: `${title} | ${input.site.name}`,
    description,
    // A filter's answer is the programme again, in part: only the whole one is indexed.
    noindex: filtered(input.filter),
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

// ------------------------------------------------------------------------------------------------ an event

export interface EventPageInput {
  site: PageSite;
  language: string;
  edition: ShownEdition;
  event: ShownEvent;
  canonicalUrl: string;
  alternates: PageAlternates;
  /** The programme in the page's language. */
  programmeUrl: string;
}

const statusOf = (event: ShownEvent) =>
  event.status === 'cancelled'
    ? 'https://schema.org/EventCancelled'
    : event.rescheduled
      ? 'https://schema.org/EventRescheduled'
      : 'https://schema.org/EventScheduled';

/** The schema.org Event: when (with the fair's offsets), where, who organises, and whether it still holds. */
function eventJsonLd(input: EventPageInput) {
  const { event, edition, site, language } = input;
  const zone = edition.timeZone;
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title.text,
    ...(event.description.text ? { description: event.description.text } : {}),
    url: input.canonicalUrl,
    startDate: isoInZone(event.startsAt, zone),
    endDate: isoInZone(event.endsAt, zone),
    eventStatus: statusOf(event),
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: {
      '@type': 'Place',
      name: placeText(event.place, language),
      containedInPlace: { '@type': 'Place', name: edition.name },
    },
    organizer: {
      '@type': 'Organization',
      name: organiserName(event, site),
      url: event.organiser.exhibitor
        ? `${site.address}${event.organiser.exhibitor.path}?lang=${language}`
        : site.address,
    },
    inLanguage: event.languages,
    superEvent: {
      '@type': 'Event',
      name: edition.name,
      startDate: edition.startsOn,
      endDate: edition.endsOn,
    },
  };
}

/** An event's page: title, status, when and where in the fair's time, organiser, languages, description. */
export function renderEventPage(input: EventPageInput): string {
  const { language, event, edition, site } = input;
  const t = translator(language);
  const zone = edition.timeZone;
  const type = t(typeKeys[event.type]);
  const when = dateTimeRange(event, zone, language);
  const place = placeText(event.place, language);
  const description =
    shortDescription(event.description.text) ||
    t('pageProgrammeSummary', { type, edition: edition.name, time: when, place });
  const title = event.title.text;
  const head = [
    ...websiteHead({
      canonicalUrl: input.canonicalUrl,
      alternates: input.alternates,
      siteName: site.name,
      title: title,
      description,
      language,
    }),
    `<meta name="twitter:card" content="summary">`,
    `<meta name="twitter:title" content="${escapeHtml(title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(description)}">`,
    `<script type="application/ld+json">${scriptJson(eventJsonLd(input))}</script>`,
  ];
  const cancelled = event.status === 'cancelled';
  const main: string[] = [
    '<article>',
    `<p class="meta"><a href="${escapeHtml(input.programmeUrl)}">${escapeHtml(t('pageProgrammeAllEvents'))}</a> · ${escapeHtml(t('pageProgrammeEventAt', { type, edition: isolated(edition.name) }))}</p>`,
    textMarkup(event.title, 'h1'),
  ];
  if (cancelled) {
    main.push(
      `<p class="note alert"><strong>${escapeHtml(t('pageProgrammeCancelledNote'))}</strong>${
        event.cancelReason
          ? `<br>${escapeHtml(t('programmeReasonLine', { reason: isolated(event.cancelReason) }))}`
          : ''
      }</p>`,
    );
  }
  main.push(
    '<dl class="facts">',
    `<dt>${escapeHtml(t('pageProgrammeWhen'))}</dt><dd><time datetime="${escapeHtml(isoInZone(event.startsAt, zone))}">${escapeHtml(when)}</time><br><span class="meta">${escapeHtml(zoneName(zone, language, event.startsAt))}</span></dd>`,
    `<dt>${escapeHtml(t('pageProgrammeWhere'))}</dt><dd>${escapeHtml(placeText(event.place, language, isolated))}</dd>`,
    `<dt>${escapeHtml(t('pageProgrammeOrganiser'))}</dt><dd>${organiserMarkup(event, site, language)}</dd>`,
    `<dt>${escapeHtml(t('pageProgrammeLanguages'))}</dt><dd>${escapeHtml(spokenLanguages(event.languages, language))}</dd>`,
    '</dl>',
  );
  if (event.description.text) {
    main.push(
      ...event.description.text
        .split(/\n\s*\n/)
        .filter((paragraph) => paragraph.trim())
        .map(
          (paragraph) =>
            `<p lang="${escapeHtml(event.description.language)}" dir="auto">${escapeHtml(paragraph.trim()).replace(/\n/g, '<br>')}</p>`,
        ),
    );
  }
  main.push(
    `<p class="note">${cancelled ? '' : `${escapeHtml(t('pageProgrammeSignUpNote'))} `}<a class="button" href="${escapeHtml(webLinks.programmeEvent(event.id))}">${escapeHtml(t(cancelled ? 'pageOpenInPressRoom' : 'pageProgrammeSignUp'))}</a><br><a class="button" href="${escapeHtml(apiPaths.programmeEventCalendar(event.id))}" type="text/calendar">${escapeHtml(t('pageProgrammeCalendar'))}</a></p>`,
    '</article>',
  );
  return renderFrame({
    language,
    site,
    title: `${title} | ${site.name}`,
    description,
    head,
    main: main.join('\n'),
  });
}

/** The page of an event the site does not show: never indexed, with a way to the programme. */
export function renderEventNotFoundPage(site: PageSite, language: string, programmeUrl: string): string {
  const t = translator(language);
  return renderMissingPage(site, language, {
    title: t('pageProgrammeNotFoundTitle'),
    text: t('pageProgrammeNotFoundText'),
    link: { href: programmeUrl, label: t('pageProgrammeAllEvents') },
  });
}
