import {
  contentFallback,
  countryName,
  pickLocalized,
  type ReadKind,
  readKinds,
  type Statistics,
  statisticsPeriodFits,
  type statisticsQuerySchema,
  translateMessage,
} from '@pressroom/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { permissionDenied, validationError } from '../../lib/api-error.ts';
import { csvDocument } from '../../lib/csv.ts';
import { currentEdition } from '../../lib/current-edition.ts';
import type { AuthUser } from '../../lib/identity.ts';
import { createPdf, embedFonts, fitted } from '../../lib/pdf-fonts.ts';
import { languageNameIn } from '../../lib/public-page.ts';
import * as repository from './repository.ts';

type Query = z.infer<typeof statisticsQuerySchema>;

const dayMs = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

const shiftDays = (day: string, days: number) =>
  isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs));

/**
 * The period asked, the rest taken from the default one: the site's current edition (its days, so that the
 * programme's figures show before the fair and the coverage after it) stretched to the last 30 days up to
 * today, so that the run-up's reads show too; with no edition, the last 30 days. A bound asked alone keeps the
 * default's other bound, so widening one end never narrows the other; only where that would turn the period
 * around is it 30 days from the bound asked.
 */
function periodOf(
  asked: { from?: string; to?: string },
  edition: { starts_on: string; ends_on: string } | null,
  today: string,
) {
  const recent = { from: shiftDays(today, -29), to: today };
  const stretched = edition && {
    // ISO days sort as text.
    from: [edition.starts_on, recent.from].sort()[0] ?? recent.from,
    to: [edition.ends_on, recent.to].sort()[1] ?? recent.to,
  };
  const fallback = stretched && statisticsPeriodFits(stretched.from, stretched.to) ? stretched : recent;
  if (asked.from && asked.to) return { from: asked.from, to: asked.to };
  if (asked.to) {
    return { from: fallback.from <= asked.to ? fallback.from : shiftDays(asked.to, -29), to: asked.to };
  }
  if (asked.from) {
    return { from: asked.from, to: fallback.to >= asked.from ? fallback.to : shiftDays(asked.from, 29) };
  }
  return fallback;
}

/**
 * Whose figures a caller sees: the press office any site's and any company's (or all); a member company's
 * administrators only their company's releases and pictures, whatever they ask. The default period is the
 * current edition of the site asked, else of the site the request is on.
 */
export async function scopeFor(app: FastifyInstance, user: AuthUser, query: Query, requestSiteId: number) {
  const office = user.permissions.has('press_release.manage_all');
  if (!office && (!user.permissions.has('press_release.publish_own_company') || user.companyId === null)) {
    throw permissionDenied();
  }
  const sites = [...app.sites.byName.values()];
  if (query.site !== undefined && !sites.some((site) => site.id === query.site)) {
    throw validationError({ site: ['fieldInvalid'] });
  }
  const today = isoDay(app.clock.now());
  const edition =
    query.from && query.to ? null : await currentEdition(app.db, query.site ?? requestSiteId, today);
  const { from, to } = periodOf(
    query,
    edition && { starts_on: edition.startsOn, ends_on: edition.endsOn },
    today,
  );
  if (from > to) throw validationError({ to: ['statisticsPeriodOrder'] });
  if (!statisticsPeriodFits(from, to)) throw validationError({ from: ['statisticsPeriodTooLong'] });
  const companyId = office ? query.company : (user.companyId ?? undefined);
  const country = query.country || undefined;
  return { from, to, siteId: query.site, companyId, country } satisfies repository.Scope;
}

function titleIn(rows: { id: number; language: string; title: string }[], id: number, language: string) {
  const titles = rows.filter((row) => row.id === id);
  for (const candidate of [language, ...contentFallback]) {
    const found = titles.find((row) => row.language === candidate);
    if (found) return found.title;
  }
  return titles[0]?.title ?? `#${id}`;
}

export async function statistics(
  app: FastifyInstance,
  scope: repository.Scope,
  language: string,
): Promise<Statistics> {
  const [totals, daily, topReleases, topImages, byMedia, byCountry, company, events, pieces] =
    await Promise.all([
      repository.totalsByKind(app.db, scope),
      repository.daily(app.db, scope),
      repository.topItems(app.db, scope, 'release_view'),
      repository.topItems(app.db, scope, 'image_download'),
      repository.byColumn(app.db, scope, 'mediaType'),
      repository.byColumn(app.db, scope, 'country'),
      scope.companyId ? repository.companyName(app.db, scope.companyId) : undefined,
      repository.programmeFigures(app.db, scope),
      repository.coverageFigures(app.db, scope),
    ]);
  const [titles, images] = await Promise.all([
    repository.releaseTitles(
      app.db,
      topReleases.map((row) => row.itemId),
    ),
    repository.imageNames(
      app.db,
      topImages.map((row) => row.itemId),
    ),
  ]);
  // Every day of the period, counted or not, so the chart's line does not jump over quiet days.
  const byDay = new Map(daily.map((row) => [row.day, row]));
  const days: Statistics['daily'] = [];
  for (
    let time = Date.parse(`${scope.from}T00:00:00Z`);
    time <= Date.parse(`${scope.to}T00:00:00Z`);
    time += dayMs
  ) {
    const day = isoDay(new Date(time));
    const row = byDay.get(day);
    days.push({ day, views: row?.views ?? 0, downloads: row?.downloads ?? 0 });
  }
  return {
    from: scope.from,
    to: scope.to,
    site: scope.siteId ?? null,
    company: scope.companyId ? { id: scope.companyId, name: company ?? `#${scope.companyId}` } : null,
    totals: Object.fromEntries(
      readKinds.map((kind) => [kind, totals.find((row) => row.kind === kind)?.count ?? 0]),
    ),
    daily: days,
    top_releases: topReleases.map((row) => ({
      id: row.itemId,
      title: titleIn(titles, row.itemId, language),
      views: row.count,
    })),
    top_images: topImages.map((row) => {
      const image = images.find((candidate) => candidate.id === row.itemId);
      return {
        id: row.itemId,
        name: image ? pickLocalized(image.captions, language) || image.originalName : `#${row.itemId}`,
        gallery: image ? pickLocalized(image.galleryNames, language) : '',
        downloads: row.count,
      };
    }),
    by_media_type: byMedia.map((row) => ({ media_type: row.value, count: row.count })),
    by_country: byCountry.map((row) => ({
      country: row.value,
      name: countryName(row.value, language),
      count: row.count,
    })),
    events: events.map((row) => ({
      id: row.id,
      title: pickLocalized(row.title as Record<string, string>, language),
      starts_at: row.startsAt.toISOString(),
      capacity: row.capacity,
      signed_up: row.signedUp,
      waiting: row.waiting,
      attended: row.attended,
    })),
    coverage: coverageOf(pieces, scope, language),
  };
}

/** The coverage's groups summed by country, language, media type and day (every day of the period). */
function coverageOf(
  groups: Awaited<ReturnType<typeof repository.coverageFigures>>,
  scope: repository.Scope,
  language: string,
): Statistics['coverage'] {
  const sum = <K extends string>(key: (group: (typeof groups)[number]) => K) => {
    const totals = new Map<K, { pieces: number; reach: number }>();
    for (const group of groups) {
      const total = totals.get(key(group)) ?? { pieces: 0, reach: 0 };
      total.pieces += group.pieces;
      total.reach += group.reach;
      totals.set(key(group), total);
    }
    return [...totals.entries()].sort((a, b) => b[1].pieces - a[1].pieces || a[0].localeCompare(b[0]));
  };
  const byDay = new Map(sum((group) => group.day));
  const days: Statistics['coverage']['daily'] = [];
  for (
    let time = Date.parse(`${scope.from}T00:00:00Z`);
    time <= Date.parse(`${scope.to}T00:00:00Z`);
    time += dayMs
  ) {
    const day = isoDay(new Date(time));
    days.push({ day, pieces: byDay.get(day)?.pieces ?? 0 });
  }
  return {
    pieces: groups.reduce((total, group) => total + group.pieces, 0),
    reach: groups.reduce((total, group) => total + group.reach, 0),
    by_country: sum((group) => group.country).map(([country, total]) => ({
      country,
      name: countryName(country, language),
      ...total,
    })),
    by_language: sum((group) => group.language).map(([code, total]) => ({
      language: code,
      name: languageNameIn(language, code),
      pieces: total.pieces,
    })),
    by_media_type: sum((group) => group.mediaType).map(([mediaType, total]) => ({
      media_type: mediaType,
      pieces: total.pieces,
    })),
    daily: days,
  };
}

/** The programme's counts as rows of the CSV: one per event and figure, on the event's day (UTC). */
const programmeKinds = [
  ['programme_signed_up', 'signedUp'],
  ['programme_waiting', 'waiting'],
  ['programme_attended', 'attended'],
] as const;

/**
 * The period's rows as CSV (lib/csv.ts: UTF-8 with a BOM, formulas neutralised for spreadsheets). The country
 * as its code and its name in the reader's language; `country_unmapped` is what was counted before countries
 * were codes and names none.
 */
export async function csv(app: FastifyInstance, scope: repository.Scope, language: string) {
  const sites = new Map([...app.sites.byName.values()].map((site) => [site.id, site.name]));
  const [rows, events, pieces] = await Promise.all([
    repository.rows(app.db, scope),
    repository.programmeFigures(app.db, scope),
    repository.coverageFigures(app.db, scope),
  ]);
  return csvDocument(
    [
      'day',
      'site',
      'kind',
      'item',
      'language',
      'media_type',
      'country',
      'country_name',
      'country_unmapped',
      'count',
    ],
    rows
      .map((row) => [
        row.day,
        sites.get(row.pressGroupId) ?? row.pressGroupId,
        row.kind,
        row.itemId,
        row.language,
        row.mediaType,
        row.country,
        countryName(row.country, language),
        row.countryUnmapped,
        row.count,
      ])
      .concat(
        events.flatMap((event) =>
          programmeKinds.map(([kind, field]) => [
            isoDay(event.startsAt),
            sites.get(event.siteId) ?? event.siteId,
            kind,
            event.id,
            '',
            '',
            '',
            '',
            '',
            event[field],
          ]),
        ),
      )
      .concat(
        pieces.flatMap((group) =>
          (['pieces', 'reach'] as const).map((figure) => [
            group.day,
            sites.get(group.siteId) ?? group.siteId,
            `coverage_${figure}`,
            '',
            group.language,
            group.mediaType,
            group.country,
            countryName(group.country, language),
            '',
            group[figure],
          ]),
        ),
      ),
  );
}

/** The report as a PDF: the period, the totals, the most read releases and downloaded pictures, media, countries. */
export async function pdfReport(figures: Statistics, language: string, siteName: string) {
  const t = (key: string, params?: Record<string, string>) => translateMessage(language, key, params);
  const number = new Intl.NumberFormat(language);
  const date = (day: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${day}T00:00:00Z`),
    );
  const { pdf, rgb } = await createPdf();
  const { regular, bold } = await embedFonts(pdf);
  const title = figures.company
    ? t('statsCompanyReportTitle', { company: figures.company.name })
    : t('statsReportTitle');
  pdf.setTitle(title);
  pdf.setLanguage(language);
  const margin = 50;
  let page = pdf.addPage([595.28, 841.89]);
  const width = page.getSize().width - margin * 2;
  let y = page.getSize().height - margin;
  const line = (text: string, size = 10, useBold = false, indent = 0) => {
    if (y < margin + size) {
      page = pdf.addPage([595.28, 841.89]);
      y = page.getSize().height - margin;
    }
    const font = useBold ? bold : regular;
    const shown = fitted(font, text, size, width - indent);
    page.drawText(shown.text, { x: margin + indent, y, size: shown.size, font, color: rgb(0.1, 0.1, 0.12) });
    y -= size * 1.6;
  };
  const row = (label: string, value: number) => {
    const text = number.format(value);
    line(label, 10, false, 12);
    page.drawText(text, {
      x: margin + width - regular.widthOfTextAtSize(text, 10),
      y: y + 16,
      size: 10,
      font: regular,
    });
  };
  line(siteName, 11, true);
  line(title, 18, true);
  line(t('statsPeriod', { from: date(figures.from), to: date(figures.to) }), 11);
  line(t('statsPrivacyNote'), 9);
  y -= 8;
  line(t('statsTotals'), 13, true);
  for (const kind of readKinds) row(t(`statsKind_${kind as ReadKind}`), figures.totals[kind] ?? 0);
  const section = (heading: string, entries: { label: string; count: number }[]) => {
    y -= 8;
    line(heading, 13, true);
    if (entries.length === 0) line(t('statsNoData'), 10, false, 12);
    for (const entry of entries) row(entry.label, entry.count);
  };
  section(
    t('statsTopReleases'),
    figures.top_releases.map((entry) => ({ label: entry.title, count: entry.views })),
  );
  section(
    t('statsTopImages'),
    figures.top_images.map((entry) => ({
      label: `${entry.name} (${entry.gallery})`,
      count: entry.downloads,
    })),
  );
  section(
    t('statsByMediaType'),
    figures.by_media_type.map((entry) => ({
      label: entry.media_type
        ? translateMessage(language, `mediaType_${entry.media_type}`)
        : t('statsUnknown'),
      count: entry.count,
    })),
  );
  y -= 8;
  line(t('statsProgramme'), 13, true);
  if (figures.events.length === 0) line(t('statsNoData'), 10, false, 12);
  for (const event of figures.events) {
    line(`${event.title} (${date(event.starts_at.slice(0, 10))})`, 10, true, 12);
    row(t('statsSignedUp'), event.signed_up);
    row(t('statsWaiting'), event.waiting);
    row(t('statsAttended'), event.attended);
  }
  section(
    t('statsByCountry'),
    figures.by_country.map((entry) => ({
      label: entry.country ? `${entry.name} (${entry.country})` : t('statsUnknown'),
      count: entry.count,
    })),
  );
  const { coverage } = figures;
  y -= 8;
  line(t('statsCoverage'), 13, true);
  row(t('statsCoveragePieces'), coverage.pieces);
  row(t('statsCoverageReach'), coverage.reach);
  section(
    `${t('statsCoverage')}: ${t('statsByCountry')}`,
    coverage.by_country.map((entry) => ({ label: `${entry.name} (${entry.country})`, count: entry.pieces })),
  );
  section(
    `${t('statsCoverage')}: ${t('statsByLanguage')}`,
    coverage.by_language.map((entry) => ({ label: entry.name, count: entry.pieces })),
  );
  section(
    `${t('statsCoverage')}: ${t('statsByMediaType')}`,
    coverage.by_media_type.map((entry) => ({
      label: translateMessage(language, `mediaType_${entry.media_type}`),
      count: entry.pieces,
    })),
  );
  return pdf.save();
}
