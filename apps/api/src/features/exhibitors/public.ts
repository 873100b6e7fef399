import {
  type Directory,
  type DirectoryEntry,
  type directoryQuery,
  type ExhibitorCategory,
  type PublicExhibitor,
  pickLocalized,
  publicPages,
  releaseSlug,
} from '@pressroom/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { notFound } from '../../lib/api-error.ts';
import { containsIgnoringAccents } from '../../lib/datatables.ts';
import { galleryFilePath } from '../../lib/gallery-files.ts';
import { eventPagePath, publicEventsOfExhibitor } from '../../lib/programme-events.ts';
import { signerFor } from '../../lib/signed-urls.ts';
import { logoUrl, presentContact } from './presenters.ts';
import * as repository from './repository.ts';

// What the site shows of its exhibitors: the directory of an edition, and one exhibitor's press box with the
// company's releases, pictures and whether the reader follows it.

const releasesShown = 20;
const hallOrder = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
const picturesShown = 24;

const todayOf = (app: FastifyInstance) => app.clock.now().toISOString().slice(0, 10);

const editionSummary = (edition: repository.EditionRow) => ({
  id: edition.id,
  name: edition.name,
  starts_on: edition.startsOn,
  ends_on: edition.endsOn,
  time_zone: edition.timeZone,
});

/**
 * An exhibitor of the request's site with what its press box shows; null for an unknown or another site's.
 * `anyReader`: leave out what depends on who reads (the press area's pictures, following), as the
 * server-rendered page does, which is kept for every reader.
 */
async function loadExhibitor(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  language: string,
  anyReader = false,
) {
  const exhibitor = await repository.findExhibitor(app.db, id);
  const edition = exhibitor ? await repository.findEdition(app.db, exhibitor.editionId) : null;
  // Another site's exhibitor is not this site's to show.
  if (!exhibitor || !edition || edition.pressGroupId !== request.site.id) return null;
  const companyId = exhibitor.companyId;
  const user = anyReader ? undefined : request.user;
  const pressArea = user?.permissions.has('press_area.access') ?? false;
  const [box, contacts, releases, pictures, following] = await Promise.all([
    repository.findPressBox(app.db, companyId),
    repository.contactsOfCompany(app.db, companyId),
    repository.releasesOfCompany(app.db, {
      companyId,
      siteId: request.site.id,
      now: app.clock.now(),
      language,
      limit: releasesShown,
    }),
    pressArea
      ? repository.picturesOfCompany(
          app.db,
          { user: user ?? null, siteId: request.site.id },
          companyId,
          picturesShown,
          app.clock.now(),
        )
      : Promise.resolve([]),
    user
      ? repository.followsCompany(app.db, {
          userId: user.id,
          email: user.email,
          siteId: request.site.id,
          companyId,
        })
      : Promise.resolve(null),
  ]);
  const descriptions = box?.descriptions ?? {};
  const sign = signerFor(app, request);
  const shown: PublicExhibitor = {
    id: exhibitor.id,
    edition: editionSummary(edition),
    company: { id: companyId, name: exhibitor.companyName, country: exhibitor.companyCountry },
    category: exhibitor.category as ExhibitorCategory | null,
    stands: exhibitor.stands,
    logo_url: box?.logoPath ? logoUrl(companyId, box.logoVersion) : null,
    description: pickLocalized(descriptions, language),
    descriptions,
    website: box?.website ?? '',
    contacts: contacts.map(presentContact),
    releases: releases.map((release) => ({
      id: Number(release.id),
      title: release.title ?? '',
      publication_date: release.publication_date,
    })),
    pictures: pictures.map((picture) => ({
      id: Number(picture.id),
      gallery_id: Number(picture.gallery_id),
      caption: pickLocalized(picture.captions, language),
      alt_text: pickLocalized(picture.alt_texts, language),
      thumbnail_url: sign(
        galleryFilePath(
          {
            id: Number(picture.id),
            checksum: picture.checksum,
            storagePath: picture.storage_path,
            width: Number(picture.width),
            height: Number(picture.height),
          },
          'thumbnail',
        ),
      ),
    })),
    following,
  };
  return {
    shown,
    releases,
    modified: box && box.updatedAt > exhibitor.updatedAt ? box.updatedAt : exhibitor.updatedAt,
  };
}

export async function publicExhibitor(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  language: string,
): Promise<PublicExhibitor> {
  const loaded = await loadExhibitor(app, request, id, language);
  if (!loaded) throw notFound();
  return loaded.shown;
}

/** An event the exhibitor holds on the press programme, as its public page lists it. */
export interface ExhibitorPageEvent {
  /** The event's public page, without its language. */
  pagePath: string;
  title: string;
  /** The language the title is in (the reader's, else the one there is). */
  language: string;
  cancelled: boolean;
  startsAt: Date;
  endsAt: Date;
  place: { hall: string; room: string; stand: string };
}

/** A release of the exhibitor's company as its public page names it: at its own public address. */
export interface ExhibitorPageRelease {
  title: string;
  /** The language the title is in. */
  language: string;
  publicationDate: string;
  /** The release's public page (it has one from its first publication). */
  pagePath: string | null;
}

/**
 * What the exhibitor's server-rendered page shows (the press box the API answers, with each release's public
 * address); null for an exhibitor that is not the request's site's to show.
 */
export async function exhibitorPage(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  language: string,
): Promise<{
  exhibitor: PublicExhibitor;
  releases: ExhibitorPageRelease[];
  events: ExhibitorPageEvent[];
  modified: Date;
} | null> {
  const loaded = await loadExhibitor(app, request, id, language, true);
  if (!loaded) return null;
  const events = await publicEventsOfExhibitor(app.db, id);
  return {
    exhibitor: loaded.shown,
    modified: loaded.modified,
    events: events.map((event) => {
      const title = pickLocalized(event.title, language);
      return {
        pagePath: eventPagePath(event),
        title,
        language: event.title[language]
          ? language
          : (Object.entries(event.title).find(([, text]) => text === title)?.[0] ?? language),
        cancelled: event.status === 'cancelled',
        startsAt: event.startsAt,
        endsAt: event.endsAt,
        place: { hall: event.hall, room: event.room, stand: event.stand },
      };
    }),
    releases: loaded.releases.map((release) => ({
      title: release.title ?? '',
      language: release.language ?? language,
      publicationDate: release.publication_date,
      pagePath:
        release.number === null
          ? null
          : publicPages.release(
              Number(release.year),
              Number(release.number),
              releaseSlug(release.slug_title),
            ),
    })),
  };
}

// ------------------------------------------------------------------------------------------------ directory

type Query = z.output<typeof directoryQuery>;

const name = sql`coalesce(nullif(c.pub_business_name, ''), c.business_name)`;
const country = sql`coalesce(nullif(c.pub_country, ''), c.country)`;
/**
 * The A-Z index's letter of a name: its first letter without accents, or "#" for anything else. Only the first
 * character is unaccented (then cut again: "Œ" gives "OE"): unaccenting whole names made the index the dearest
 * of the directory's queries.
 */
const firstLetter = sql`upper(left(immutable_unaccent(left(${name}, 1)), 1))`;
const initial = sql`(case when ${firstLetter} ~ '^[A-Z]$' then ${firstLetter} else '#' end)`;

/** A release published (and public) on the site during the edition. */
const newsDuring = (siteId: number, now: Date, edition: repository.EditionRow) => sql`exists (
  select 1 from press_releases r where r.company_id = e.company_id
    and r.publication_date between ${edition.startsOn}::date and ${edition.endsOn}::date
    and ${repository.publicReleaseOnSite(siteId, now)})`;

/** The view's conditions but the A-Z letter's: the index offers the letters of what the other filters keep. */
function conditionsBesideLetter(
  query: Pick<Query, 'search' | 'hall' | 'category' | 'country' | 'news'>,
  edition: repository.EditionRow,
  siteId: number,
  now: Date,
): SQL[] {
  const where: SQL[] = [sql`e.edition_id = ${edition.id}`];
  if (query.search) {
    const matches = containsIgnoringAccents(query.search);
    where.push(sql`(${matches(name)} or ${matches(sql`c.business_name`)} or ${matches(sql`c.short_name`)}
      or exists (select 1 from company_brands cb join brands b on b.id = cb.brand_id
        where cb.company_id = c.id and ${matches(sql`b.name`)}))`);
  }
  if (query.hall) {
    where.push(sql`exists (select 1 from exhibitor_stands s where s.exhibitor_id = e.id
      and lower(s.hall) = lower(${query.hall}))`);
  }
  if (query.category) where.push(sql`e.category = ${query.category}`);
  if (query.country) where.push(sql`${country} = ${query.country}`);
  if (query.news === true) where.push(newsDuring(siteId, now, edition));
  if (query.news === false) where.push(sql`not ${newsDuring(siteId, now, edition)}`);
  return where;
}

/** The conditions beside the letter, and with it. */
function conditions(
  query: Pick<Query, 'search' | 'hall' | 'category' | 'country' | 'news' | 'letter'>,
  edition: repository.EditionRow,
  siteId: number,
  now: Date,
) {
  const besideLetter = conditionsBesideLetter(query, edition, siteId, now);
  return {
    besideLetter: sql.join(besideLetter, sql` and `),
    where: sql.join(
      query.letter ? [...besideLetter, sql`${initial} = ${query.letter}`] : besideLetter,
      sql` and `,
    ),
  };
}

/** The directory's rows matching `where`, by name: a page of them, or all of them when `page` is null. */
async function directoryEntries(
  app: FastifyInstance,
  options: { siteId: number; now: Date; edition: repository.EditionRow; where: SQL },
  page: { limit: number; offset: number } | null,
): Promise<DirectoryEntry[]> {
  const { siteId, now, edition, where } = options;
  const rows = await app.db.execute(sql`
      select e.id, e.company_id, e.category, ${name} as name, ${country} as country,
        pb.logo_path, pb.logo_version, ${newsDuring(siteId, now, edition)} as news,
        coalesce((select json_agg(json_build_object('hall', s.hall, 'stand', s.stand) order by s.position, s.id)
          from exhibitor_stands s where s.exhibitor_id = e.id), '[]'::json) as stands,
        coalesce((select json_agg(b.name order by lower(b.name)) from company_brands cb
          join brands b on b.id = cb.brand_id where cb.company_id = c.id), '[]'::json) as brands
      from ${directoryFrom} left join company_press_boxes pb on pb.company_id = e.company_id
      where ${where}
      order by lower(immutable_unaccent(${name})), e.id
      ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`);
  const parse = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
  return repository
    .rowsOf<{
      id: number;
      company_id: number;
      category: string | null;
      name: string;
      country: string;
      logo_path: string | null;
      logo_version: number | null;
      news: boolean;
      stands: unknown;
      brands: unknown;
    }>(rows)
    .map((row) => ({
      id: Number(row.id),
      company: { id: Number(row.company_id), name: row.name, country: row.country },
      category: row.category as ExhibitorCategory | null,
      stands: parse(row.stands),
      brands: parse(row.brands),
      logo_url: row.logo_path ? logoUrl(Number(row.company_id), Number(row.logo_version)) : null,
      news: Boolean(row.news),
    }));
}

const directoryFrom = sql`exhibitors e join companies c on c.id = e.company_id`;

/** The edition's halls in the order people count them: 5 before 10. */
async function hallsOf(app: FastifyInstance, editionId: number) {
  const halls = await app.db.execute(sql`
      select distinct s.hall from exhibitor_stands s join exhibitors e on e.id = s.exhibitor_id
      where e.edition_id = ${editionId}`);
  return [...new Set(repository.rowsOf<{ hall: string }>(halls).map((row) => row.hall))].sort(
    hallOrder.compare,
  );
}

/** The A-Z index of what the other filters keep: "#" first, then A-Z, whatever the database's collation. */
async function lettersOf(app: FastifyInstance, besideLetter: SQL) {
  const letters = await app.db.execute(
    sql`select distinct ${initial} as letter from ${directoryFrom} where ${besideLetter}`,
  );
  return repository
    .rowsOf<{ letter: string }>(letters)
    .map((row) => row.letter)
    .sort();
}

export async function directory(
  app: FastifyInstance,
  request: FastifyRequest,
  query: Query,
): Promise<Directory> {
  const siteId = request.site.id;
  const edition = query.edition
    ? await repository.findEdition(app.db, query.edition)
    : await repository.currentEdition(app.db, siteId, todayOf(app));
  const empty = {
    count: 0,
    page: query.page,
    page_size: query.page_size,
    results: [],
    halls: [],
    letters: [],
  };
  if (query.edition && (!edition || edition.pressGroupId !== siteId)) throw notFound();
  if (!edition) return { edition: null, ...empty };
  const now = app.clock.now();
  const { where, besideLetter } = conditions(query, edition, siteId, now);
  const [counted, results, halls, letters] = await Promise.all([
    app.db.execute(sql`select count(*)::int as value from ${directoryFrom} where ${where}`),
    directoryEntries(
      app,
      { siteId, now, edition, where },
      { limit: query.page_size, offset: (query.page - 1) * query.page_size },
    ),
    hallsOf(app, edition.id),
    lettersOf(app, besideLetter),
  ]);
  return {
    edition: editionSummary(edition),
    count: Number(repository.rowsOf<{ value: number }>(counted)[0]?.value ?? 0),
    page: query.page,
    page_size: query.page_size,
    results,
    halls,
    letters,
  };
}

/**
 * The directory as the server-rendered page shows it: every exhibitor of the site's current edition that
 * matches the search (name or brand, whatever the accents and case) and the index letter, with the edition's
 * halls and letters. All of them at once: the page is one list a crawler follows, grouped by hall.
 */
export async function directoryForPage(
  app: FastifyInstance,
  request: FastifyRequest,
  filters: { search?: string; letter?: string },
) {
  const siteId = request.site.id;
  const edition = await repository.currentEdition(app.db, siteId, todayOf(app));
  if (!edition) return null;
  const now = app.clock.now();
  const { where, besideLetter } = conditions(filters, edition, siteId, now);
  const [results, halls, letters] = await Promise.all([
    directoryEntries(app, { siteId, now, edition, where }, null),
    hallsOf(app, edition.id),
    lettersOf(app, besideLetter),
  ]);
  return { edition: editionSummary(edition), results, halls, letters };
}

/** The site's current edition's exhibitors, each with its name and when its press box last changed. */
export async function exhibitorsForSitemap(app: FastifyInstance, siteId: number) {
  const edition = await repository.currentEdition(app.db, siteId, todayOf(app));
  return edition ? repository.exhibitorsForSitemap(app.db, edition.id) : [];
}
