import { randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  type CoverageCreate,
  type CoverageQueueQuery,
  clippingMaxBytes,
  coverageFilterLimits,
  coverageLimits,
  normaliseCoverageUrl,
  type PublicCoverageQuery,
} from '@pressroom/contract';
import type { Executor } from '@pressroom/db';
import type { FastifyInstance } from 'fastify';
import { type Reader, readableReleaseIds } from '../../access/index.ts';
import { ApiError, notFound } from '../../lib/api-error.ts';
import { bytesIn } from '../../lib/byte-size.ts';
import type { AuthUser } from '../../lib/identity.ts';
import { type ReceivedForm, sniffFileKind, uploadLimits } from '../../lib/uploads.ts';
import { formatBytes } from '../../lib/zip-download.ts';
import type { Site } from '../../plugins/sites.ts';
import { namedExhibitorMail, rejectedMail } from './mails.ts';
import * as repository from './repository.ts';

type Deps = Pick<FastifyInstance, 'db' | 'mail' | 'clock' | 'storage' | 'config'>;

const readerFor = (deps: Deps, user: AuthUser, site: Site): Reader => ({
  user,
  siteId: site.id,
  now: deps.clock.now(),
});

/** The press office of a site: approves, rejects and reports coverage, and reads every clipping. */
const isPressOffice = (user: AuthUser) => user.permissions.has('press_release.manage_all');

/**
 * Who may read a piece's clipping (copyright: never the public): the press office, the journalist who
 * reported it, and the administrators of the companies whose exhibitors the piece names.
 */
function readsClipping(user: AuthUser, detail: repository.CoverageDetail): boolean {
  if (isPressOffice(user) || detail.row.reporterId === user.id) return true;
  return (
    user.companyId !== null &&
    user.permissions.has('press_release.publish_own_company') &&
    detail.exhibitors.some((exhibitor) => exhibitor.companyId === user.companyId)
  );
}

/** The day (UTC) after today: a piece dated later has not been published anywhere yet. */
const latestPublicationDay = (deps: Deps) =>
  new Date(deps.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);

/** Edition, releases and exhibitors must be the site's own: anything else is refused, nothing written. */
async function checkSubjects(deps: Deps, reader: Reader, input: CoverageCreate) {
  const siteId = reader.siteId;
  const releases = [...new Set(input.releases)];
  const exhibitors = [...new Set(input.exhibitors)];
  if (input.edition !== null) {
    const edition = await repository.findEdition(deps.db, input.edition);
    if (!edition || edition.pressGroupId !== siteId) {
      throw new ApiError(400, { edition: ['coverageNotOnSite'] });
    }
  }
  // A release the reporter may not read (a draft, one scheduled, another company's) is as absent as one of
  // another site: the same words, nothing written.
  const onSite = await repository.releaseIdsOnSite(deps.db, releases, siteId);
  const readable = await readableReleaseIds(deps.db, reader, releases);
  if (onSite.length !== releases.length || !releases.every((id) => readable.has(id))) {
    throw new ApiError(400, { releases: ['coverageNotOnSite'] });
  }
  if ((await repository.exhibitorIdsOnSite(deps.db, exhibitors, siteId)).length !== exhibitors.length) {
    throw new ApiError(400, { exhibitors: ['coverageNotOnSite'] });
  }
  return { releases, exhibitors };
}

/**
 * A piece is reported on a site: by a journalist (waiting for the office) or by the office itself (approved at
 * once: the office is who approves). The same address twice on a site is one piece: the unique index on the
 * normalised address decides, so two servers cannot both take it; the second report is a 409. A journalist
 * reports at most COVERAGE_REPORTS_PER_DAY pieces a day (UTC), on every site: counted under their user row's
 * lock in the transaction that writes the piece, so two reports sent at once cannot both pass the limit.
 */
export async function report(
  deps: Deps,
  user: AuthUser,
  site: Site,
  input: CoverageCreate,
  by: 'journalist' | 'office',
): Promise<repository.CoverageDetail> {
  const address = normaliseCoverageUrl(input.url);
  if (!address) throw new ApiError(400, { url: ['coverageUrlInvalid'] });
  // Letters outside ASCII grow threefold when the address is encoded: the encoded one must fit too.
  if (address.url.length > coverageLimits.url) throw new ApiError(400, { url: ['tooLong'] });
  if (input.published_on > latestPublicationDay(deps)) {
    throw new ApiError(400, { published_on: ['coverageDateInFuture'] });
  }
  const now = deps.clock.now();
  const reader: Reader = { user, siteId: site.id, now };
  const subjects = await checkSubjects(deps, reader, input);
  const office = by === 'office';
  const id = await deps.db.transaction(async (tx) => {
    if (!office) {
      await repository.lockReporter(tx, user.id);
      const limit = deps.config.coverageReportsPerDay;
      const dayStart = new Date(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
      if ((await repository.reportsSince(tx, user.id, dayStart)) >= limit) {
        throw new ApiError(429, { detail: 'coverageDailyReportLimit' }, { count: limit });
      }
    }
    const row = await repository.insertCoverage(tx, {
      pressGroupId: site.id,
      editionId: input.edition,
      url: address.url,
      urlKey: address.key,
      title: input.title,
      outlet: input.outlet,
      publishedOn: input.published_on,
      language: input.language,
      country: input.country,
      mediaType: input.media_type,
      reach: input.reach,
      status: office ? 'approved' : 'pending',
      reporterId: office ? null : user.id,
      reportedByOffice: office,
      showName: office ? false : input.show_name,
      decidedById: office ? user.id : null,
      decidedAt: office ? now : null,
      createdAt: now,
      updatedAt: now,
    });
    if (!row) {
      const existing = await repository.addressOnSite(tx, site.id, address.key);
      throw new ApiError(409, { url: ['coverageAlreadyReported'] }, { url: existing ?? address.url });
    }
    await repository.linkSubjects(tx, row.id, subjects.releases, subjects.exhibitors);
    if (office && subjects.exhibitors.length > 0) {
      await mailNamedExhibitors(deps, tx, (await repository.findDetail(tx, row.id, reader))!, site);
    }
    return row.id;
  });
  return (await repository.findDetail(deps.db, id, reader)) as repository.CoverageDetail;
}

/** The user's own reports on the request's site: another site's press room lists its own. */
export const reportsOf = (deps: Deps, user: AuthUser, site: Site) =>
  repository.reportsOf(deps.db, { user, siteId: site.id, now: deps.clock.now() });

export async function queue(deps: Deps, user: AuthUser, site: Site, query: CoverageQueueQuery) {
  const reader: Reader = { user, siteId: site.id, now: deps.clock.now() };
  const { count, rows } = await repository.queue(deps.db, reader, query.status, {
    offset: (query.page - 1) * query.page_size,
    limit: query.page_size,
  });
  return { count, rows, page: query.page, pageSize: query.page_size };
}

/** A piece of the request's site; another site's is as absent as one that does not exist. */
async function onSite(deps: Deps, user: AuthUser, site: Site, id: number) {
  const detail = await repository.findDetail(deps.db, id, readerFor(deps, user, site));
  if (!detail || detail.row.pressGroupId !== site.id) throw notFound();
  return detail;
}

/**
 * Tells the administrators of the exhibitors an approved piece names who chose to hear of it, one mail each in
 * their language, in the transaction that approves it: the approval happens once (its status guard, or the
 * unique address of an office's report), so the mails go out once, whichever app server approves.
 */
async function mailNamedExhibitors(deps: Deps, tx: Executor, detail: repository.CoverageDetail, site: Site) {
  const companyIds = [...new Set(detail.exhibitors.map((exhibitor) => exhibitor.companyId))];
  for (const recipient of await repository.optedInAdministrators(tx, companyIds)) {
    // A piece may name two exhibitors of one company (two editions): its administrator hears of it once.
    const exhibitor = detail.exhibitors.find((candidate) => candidate.companyId === recipient.companyId)!;
    await deps.mail.enqueue(tx, namedExhibitorMail(detail.row, exhibitor, recipient, site));
  }
}

export async function approve(deps: Deps, user: AuthUser, site: Site, id: number) {
  const detail = await onSite(deps, user, site, id);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const row = await repository.updateIfStatus(tx, id, 'pending', {
      status: 'approved',
      decidedById: user.id,
      decidedAt: now,
      updatedAt: now,
    });
    if (!row) throw new ApiError(409, { detail: 'coverageNotPending' });
    await mailNamedExhibitors(deps, tx, { ...detail, row }, site);
  });
  return (await repository.findDetail(deps.db, id, readerFor(deps, user, site))) as repository.CoverageDetail;
}

/** Rejects a waiting piece with its reason, mailed to the journalist in their language in the same transaction. */
export async function reject(deps: Deps, user: AuthUser, site: Site, id: number, reason: string) {
  const detail = await onSite(deps, user, site, id);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const row = await repository.updateIfStatus(tx, id, 'pending', {
      status: 'rejected',
      rejectReason: reason,
      decidedById: user.id,
      decidedAt: now,
      updatedAt: now,
    });
    if (!row) throw new ApiError(409, { detail: 'coverageNotPending' });
    if (detail.reporter) await deps.mail.enqueue(tx, rejectedMail({ ...detail, row }, detail.reporter, site));
  });
  return (await repository.findDetail(deps.db, id, readerFor(deps, user, site))) as repository.CoverageDetail;
}

// ------------------------------------------------------------------------------------------------- clippings

const clippingArea = 'coverage-clippings';
const clippingTypes = {
  pdf: { extension: '.pdf', mime: 'application/pdf' },
  jpeg: { extension: '.jpg', mime: 'image/jpeg' },
  png: { extension: '.png', mime: 'image/png' },
} as const;

/** One clipping per request, read no further than its size (the parser stops there). */
export const clippingUploadLimits = uploadLimits('clipping', {
  files: 1,
  fileSize: clippingMaxBytes,
  tooLarge: (name) =>
    new ApiError(
      400,
      { clipping: ['coverageClippingTooLarge'] },
      { name, limit: formatBytes(clippingMaxBytes) },
    ),
});

/** `20270914T090000Z`: when a clipping was stored, as its key says. */
const compactTime = (date: Date) => date.toISOString().replace(/[-:]|\.\d+/g, '');

/**
 * The reporter (while the piece waits) or the press office (at any time) adds or replaces the clipping. Checked
 * by its content, stored under a random name (a copy of someone's work is never shared by checksum), the
 * replaced file removed once the row names the new one. The reporter's clippings on every site hold at most
 * CLIPPING_QUOTA_BYTES (the one replaced not counted): counted under their user row's lock, held until the row
 * names the new file, so two clippings sent at once cannot both pass; past it, nothing is stored.
 */
export async function attachClipping(deps: Deps, user: AuthUser, site: Site, id: number, form: ReceivedForm) {
  const detail = await onSite(deps, user, site, id);
  const office = isPressOffice(user);
  if (!office && detail.row.reporterId !== user.id) throw notFound();
  if (!office && detail.row.status !== 'pending') {
    throw new ApiError(409, { clipping: ['coverageClippingClosed'] });
  }
  const file = form.files.find((candidate) => candidate.field === 'clipping');
  if (!file) throw new ApiError(400, { clipping: ['coverageClippingRequired'] });
  if (file.size > clippingMaxBytes) {
    throw new ApiError(
      400,
      { clipping: ['coverageClippingTooLarge'] },
      { name: file.fileName, limit: formatBytes(clippingMaxBytes) },
    );
  }
  const kind = await sniffFileKind(file.tempPath);
  const type = kind && kind in clippingTypes ? clippingTypes[kind as keyof typeof clippingTypes] : null;
  if (!type) throw new ApiError(400, { clipping: ['coverageClippingType'] }, { name: file.fileName });
  const base = path.basename(file.fileName, path.extname(file.fileName)).slice(0, 200) || 'clipping';
  const key = `${clippingArea}/${compactTime(deps.clock.now())}-${randomUUID()}${type.extension}`;
  const store = async (tx: Executor) => {
    await deps.storage.putFile(key, file.tempPath, type.mime);
    const row = await repository.updateIfStatus(tx, id, detail.row.status, {
      clippingPath: key,
      clippingName: `${base}${type.extension}`,
      clippingMime: type.mime,
      clippingSize: file.size,
      clippingChecksum: file.checksum,
      updatedAt: deps.clock.now(),
    });
    if (!row) throw new ApiError(409, { clipping: ['coverageClippingClosed'] });
  };
  try {
    if (office) await store(deps.db);
    else {
      await deps.db.transaction(async (tx) => {
        await repository.lockReporter(tx, user.id);
        const used = await repository.clippingBytesOf(tx, user.id, id);
        const quota = deps.config.clippingQuotaBytes;
        if (used + file.size > quota) {
          throw new ApiError(
            400,
            { clipping: ['coverageClippingQuota'] },
            {},
            {},
            { limit: bytesIn(quota), used: bytesIn(used) },
          );
        }
        await store(tx);
      });
    }
  } catch (error) {
    // Whatever stopped it, the row does not name the new file: it goes (if it was written at all).
    await deps.storage.delete(key);
    throw error;
  }
  if (detail.row.clippingPath) await deps.storage.delete(detail.row.clippingPath);
  return (await repository.findDetail(deps.db, id, readerFor(deps, user, site))) as repository.CoverageDetail;
}

/** The clipping for those who may read it; to anyone else it does not exist. */
export async function clippingFile(deps: Deps, user: AuthUser, id: number) {
  const detail = await repository.findDetail(deps.db, id, { user, siteId: 0, now: deps.clock.now() });
  if (!detail?.row.clippingPath || !readsClipping(user, detail)) throw notFound();
  return detail.row;
}

// -------------------------------------------------------------------------------------------------- public

export async function publicList(deps: Deps, site: Site, query: PublicCoverageQuery) {
  const { count, rows } = await repository.publicPage(
    deps.db,
    site.id,
    {
      edition: query.edition,
      exhibitor: query.exhibitor,
      country: query.country,
      language: query.language,
      mediaType: query.media_type,
    },
    { offset: (query.page - 1) * query.page_size, limit: query.page_size },
  );
  return { count, rows, page: query.page, pageSize: query.page_size };
}

/** What the public list's filters and the report form choose from, each list bounded. */
export async function publicFilters(deps: Deps, site: Site) {
  const [editions, exhibitors, facets] = await Promise.all([
    repository.siteEditions(deps.db, site.id, coverageFilterLimits.editions),
    repository.coveredExhibitors(deps.db, site.id, coverageFilterLimits.exhibitors),
    repository.publicFacets(deps.db, site.id),
  ]);
  return { editions, exhibitors, ...facets };
}

/** A release's coverage is short: this many pieces at most, the newest. */
const releaseCoverageLimit = 100;

export const ofRelease = (deps: Deps, site: Site, releaseId: number) =>
  repository.ofRelease(deps.db, site.id, releaseId, releaseCoverageLimit);

/** An exhibitor's page lists the newest pieces naming it; "In the press" filters by exhibitor for the rest. */
const exhibitorCoverageLimit = 20;

export const ofExhibitor = (deps: Deps, site: Site, exhibitorId: number) =>
  repository.ofExhibitor(deps.db, site.id, exhibitorId, exhibitorCoverageLimit);
