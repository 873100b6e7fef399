import {
  type AwardCategoryInput,
  type AwardCreate,
  type AwardEntryCreate,
  type AwardScoreInput,
  type AwardUpdate,
  awardLimits,
  pickLocalized,
  translateMessage,
} from '@pressroom/contract';
import type { FastifyInstance } from 'fastify';
import { publiclyReadableReleaseIds, readableReleaseIds } from '../../access/index.ts';
import { ApiError, notFound, permissionDenied } from '../../lib/api-error.ts';
import { csvDocument } from '../../lib/csv.ts';
import type { AuthUser } from '../../lib/identity.ts';
import type { Site } from '../../plugins/sites.ts';
import * as repository from './repository.ts';

type Deps = Pick<FastifyInstance, 'db' | 'clock'>;

/** The award's edition and the site must match: another site's award is not found, whatever its id. */
async function awardOnSite(deps: Deps, site: Site, id: number) {
  const detail = await repository.findAward(deps.db, id);
  if (!detail || detail.row.pressGroupId !== site.id) throw notFound();
  return detail;
}

async function categoryOnSite(deps: Deps, site: Site, id: number) {
  const category = await repository.findCategory(deps.db, id);
  if (!category) throw notFound();
  const award = await awardOnSite(deps, site, category.awardId);
  return { category, award };
}

async function entryOnSite(deps: Deps, site: Site, id: number) {
  const entry = await repository.findEntry(deps.db, id);
  if (!entry) throw notFound();
  const award = await awardOnSite(deps, site, entry.awardId);
  return { entry, award };
}

const isOpen = (deps: Deps, award: repository.AwardRow) =>
  deps.clock.now().getTime() <= award.entryDeadline.getTime();

/** The deadline as the fair's clock showed it, in the reader's language: the refusal names it so. */
function deadlineAtTheFair(detail: repository.AwardDetail, language: string) {
  return new Intl.DateTimeFormat(language, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: detail.edition.timeZone,
  }).format(detail.row.entryDeadline);
}

function refuseAfterDeadline(deps: Deps, detail: repository.AwardDetail, user: AuthUser) {
  if (!isOpen(deps, detail.row)) {
    throw new ApiError(
      409,
      { detail: 'awardDeadlinePassed' },
      { deadline: deadlineAtTheFair(detail, user.language) },
    );
  }
}

export async function create(deps: Deps, site: Site, input: AwardCreate) {
  const edition = await repository.findEdition(deps.db, input.edition);
  if (!edition || edition.pressGroupId !== site.id) throw new ApiError(400, { edition: ['awardNotOnSite'] });
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    const row = await repository.insertAward(tx, {
      pressGroupId: site.id,
      editionId: edition.id,
      name: input.name,
      windowStartsOn: input.window_starts_on,
      windowEndsOn: input.window_ends_on,
      entryDeadline: new Date(input.entry_deadline),
      entriesPerCategory: input.entries_per_category,
      createdAt: now,
      updatedAt: now,
    });
    if (!row) throw new ApiError(409, { edition: ['awardExists'] });
    await repository.insertCategories(
      tx,
      row.id,
      input.categories.map((category) => category.name as Record<string, string>),
    );
    return row.id;
  });
  return (await repository.findAward(deps.db, id)) as repository.AwardDetail;
}

export const list = (deps: Deps, site: Site) => repository.awardsOfSite(deps.db, site.id);
export const jurorCandidates = (deps: Deps) => repository.jurorCandidates(deps.db);
export const one = (deps: Deps, site: Site, id: number) => awardOnSite(deps, site, id);

/** Writes only the fields named; the window is checked against the stored day the PATCH leaves alone. */
export async function update(deps: Deps, site: Site, id: number, input: AwardUpdate) {
  const detail = await awardOnSite(deps, site, id);
  const startsOn = input.window_starts_on ?? detail.row.windowStartsOn;
  const endsOn = input.window_ends_on ?? detail.row.windowEndsOn;
  if (startsOn > endsOn) throw new ApiError(400, { window_ends_on: ['awardWindowOrder'] });
  const values: Parameters<typeof repository.updateAward>[2] = { updatedAt: deps.clock.now() };
  if (input.name !== undefined) values.name = input.name;
  if (input.window_starts_on !== undefined) values.windowStartsOn = input.window_starts_on;
  if (input.window_ends_on !== undefined) values.windowEndsOn = input.window_ends_on;
  if (input.entry_deadline !== undefined) values.entryDeadline = new Date(input.entry_deadline);
  if (input.entries_per_category !== undefined) values.entriesPerCategory = input.entries_per_category;
  if (input.judging_closed !== undefined) {
    values.judgingClosedAt = input.judging_closed ? (detail.row.judgingClosedAt ?? deps.clock.now()) : null;
  }
  if (input.announcement_release !== undefined && input.announcement_release !== null) {
    if (!(await repository.releaseOnSite(deps.db, input.announcement_release, site.id))) {
      throw new ApiError(400, { announcement_release: ['awardReleaseNotOnSite'] });
    }
    if ((await repository.winnerCount(deps.db, id)) === 0)
      throw new ApiError(409, { detail: 'awardNoWinners' });
  }
  if (input.announcement_release !== undefined) values.announcementReleaseId = input.announcement_release;
  await repository.updateAward(deps.db, id, values);
  return (await repository.findAward(deps.db, id)) as repository.AwardDetail;
}

/** The winners the site's awards announce on a release, in the reader's language (public). */
export async function releaseWinners(deps: Deps, site: Site, releaseId: number, language: string) {
  // Winners are news of the release: nobody reads them before anyone may read the release on the site.
  const readable = await publiclyReadableReleaseIds(deps.db, site.id, deps.clock.now(), [releaseId]);
  if (!readable.has(releaseId)) return [];
  const rows = await repository.announcedWinners(deps.db, site.id, releaseId);
  return rows.map((row) => ({
    category: pickLocalized(row.category as Record<string, string>, language),
    title: row.title,
    url: row.url,
    outlet: row.outlet,
    journalist: row.journalist,
  }));
}

export async function addCategory(deps: Deps, site: Site, id: number, input: AwardCategoryInput) {
  await awardOnSite(deps, site, id);
  await deps.db.transaction(async (tx) => {
    // The award's row is the lock: two servers adding at once cannot pass the limit together.
    await repository.lockAward(tx, id);
    const existing = await repository.categoryCount(tx, id);
    if (existing >= awardLimits.categories) throw new ApiError(400, { name: ['awardTooManyCategories'] });
    await repository.insertCategories(tx, id, [input.name as Record<string, string>], existing);
  });
  return (await repository.findAward(deps.db, id)) as repository.AwardDetail;
}

export async function renameCategory(deps: Deps, site: Site, categoryId: number, input: AwardCategoryInput) {
  const { award } = await categoryOnSite(deps, site, categoryId);
  await repository.updateCategory(deps.db, categoryId, input.name as Record<string, string>);
  return (await repository.findAward(deps.db, award.row.id)) as repository.AwardDetail;
}

/** The category's jury, all at once; every juror must hold the jury permission, else nothing changes. */
export async function setJurors(deps: Deps, site: Site, categoryId: number, userIds: number[]) {
  const { award } = await categoryOnSite(deps, site, categoryId);
  const judges = new Set(await repository.usersWhoJudge(deps.db, userIds));
  const refused = userIds.filter((id) => !judges.has(id));
  if (refused.length > 0) {
    const named = await repository.userNames(deps.db, refused);
    const names = refused.map((id) => named.find((user) => user.id === id)?.name || `#${id}`).join(', ');
    throw new ApiError(400, { users: ['awardJurorWithoutPermission'] }, { names });
  }
  await deps.db.transaction((tx) => repository.replaceJurors(tx, categoryId, userIds));
  return (await repository.findAward(deps.db, award.row.id)) as repository.AwardDetail;
}

const windowOf = (award: repository.AwardRow) => ({ from: award.windowStartsOn, to: award.windowEndsOn });

/** The site's award a journalist enters now, their entries and the pieces they may enter. */
export async function mine(deps: Deps, site: Site, user: AuthUser) {
  const now = deps.clock.now();
  const found = await repository.currentAward(deps.db, site.id, now);
  if (!found) return { award: null, entries: [], eligible: [] };
  // The announcement is named only once the journalist may read it (a draft or scheduled one is nobody's yet).
  const announcementId = found.announcement?.id;
  const readable =
    announcementId === undefined
      ? new Set<number>()
      : await readableReleaseIds(deps.db, { user, siteId: site.id, now }, [announcementId]);
  const award =
    announcementId !== undefined && !readable.has(announcementId) ? { ...found, announcement: null } : found;
  return {
    award,
    entries: await repository.entriesOfJournalist(deps.db, award.row.id, user.id),
    eligible: await repository.eligibleCoverage(deps.db, site.id, user.id, windowOf(award.row)),
  };
}

/**
 * A journalist enters their own approved piece, published within the window, before the deadline. The
 * per-category limit is counted under their user row's lock, so two entries sent at once cannot both pass it;
 * the same piece twice in a category is one entry (unique index).
 */
export async function enter(deps: Deps, site: Site, user: AuthUser, input: AwardEntryCreate) {
  const { award } = await categoryOnSite(deps, site, input.category);
  refuseAfterDeadline(deps, award, user);
  const eligible = await repository.eligibleCoverage(deps.db, site.id, user.id, windowOf(award.row), 1000);
  if (!eligible.some((piece) => piece.id === input.coverage)) {
    throw new ApiError(
      400,
      { coverage: ['awardEntryNotEligible'] },
      { from: award.row.windowStartsOn, to: award.row.windowEndsOn },
    );
  }
  const id = await deps.db.transaction(async (tx) => {
    await repository.lockJournalist(tx, user.id);
    const entered = await repository.entriesInCategory(tx, input.category, user.id);
    if (entered >= award.row.entriesPerCategory) {
      throw new ApiError(409, { detail: 'awardEntryLimit' }, { count: award.row.entriesPerCategory });
    }
    const row = await repository.insertEntry(tx, {
      categoryId: input.category,
      coverageId: input.coverage,
      journalistId: user.id,
      statement: input.statement,
      createdAt: deps.clock.now(),
    });
    if (!row) throw new ApiError(409, { coverage: ['awardEntryTaken'] });
    return row.id;
  });
  return (await repository.findEntry(deps.db, id)) as repository.EntryDetail;
}

/** The journalist takes their entry back, until the deadline; anyone else's entry is not found. */
export async function withdraw(deps: Deps, site: Site, user: AuthUser, entryId: number) {
  const { entry, award } = await entryOnSite(deps, site, entryId);
  if (entry.entry.journalistId !== user.id) throw notFound();
  refuseAfterDeadline(deps, award, user);
  await repository.deleteEntry(deps.db, entryId);
}

/**
 * A juror's entries: those of the award's categories they judge, each with their own score; their own entries
 * are not theirs to score, so not listed.
 */
export async function jury(deps: Deps, site: Site, user: AuthUser, awardId: number) {
  const award = await awardOnSite(deps, site, awardId);
  const categories = await repository.categoriesJudgedBy(deps.db, awardId, user.id);
  if (categories.length === 0) throw permissionDenied('awardNotJuror');
  const entries = await repository.entriesOfAward(deps.db, awardId, {
    categoryIds: categories,
    notBy: user.id,
  });
  const scores = await repository.scoresOf(
    deps.db,
    entries.map((entry) => entry.entry.id),
  );
  const own = new Map(
    scores.filter((score) => score.jurorId === user.id).map((score) => [score.entryId, score]),
  );
  return { award, entries: entries.map((entry) => ({ ...entry, own: own.get(entry.entry.id) ?? null })) };
}

/**
 * One score per juror and entry, written again until the office closes judging. A juror never scores their own
 * entry (an entry's entrant never changes, so the check holds when the score is written).
 */
export async function score(deps: Deps, site: Site, user: AuthUser, entryId: number, input: AwardScoreInput) {
  const { entry, award } = await entryOnSite(deps, site, entryId);
  if (!(await repository.isJuror(deps.db, entry.entry.categoryId, user.id))) {
    throw permissionDenied('awardNotJuror');
  }
  if (entry.entry.journalistId === user.id) throw permissionDenied('awardOwnEntry');
  if (award.row.judgingClosedAt) throw new ApiError(409, { detail: 'awardJudgingClosed' });
  await repository.upsertScore(deps.db, {
    entryId,
    jurorId: user.id,
    score: input.score,
    comment: input.comment ?? '',
    updatedAt: deps.clock.now(),
  });
  return jury(deps, site, user, award.row.id);
}

interface RankedEntry extends repository.EntryDetail {
  rank: number;
  mean: number | null;
  scores: number;
  spread: number | null;
}

/**
 * Each category's entries by mean score (highest first), then by the number of scores, then by entry; entries
 * with no score come last, unranked by merit. Equal means and counts share a rank.
 */
export async function ranking(deps: Deps, site: Site, awardId: number) {
  const award = await awardOnSite(deps, site, awardId);
  const entries = await repository.entriesOfAward(deps.db, awardId);
  const scores = await repository.scoresOf(
    deps.db,
    entries.map((entry) => entry.entry.id),
  );
  // Each entry's scores, grouped once: an award's entries times their scores is not a loop to repeat.
  const scoresByEntry = new Map<number, number[]>();
  for (const row of scores)
    scoresByEntry.set(row.entryId, [...(scoresByEntry.get(row.entryId) ?? []), row.score]);
  const categories = award.categories.map((category) => {
    const ranked = entries
      .filter((entry) => entry.entry.categoryId === category.id)
      .map((entry) => {
        const given = scoresByEntry.get(entry.entry.id) ?? [];
        const mean = given.length === 0 ? null : given.reduce((sum, value) => sum + value, 0) / given.length;
        return {
          ...entry,
          mean: mean === null ? null : Math.round(mean * 100) / 100,
          scores: given.length,
          spread: given.length === 0 ? null : Math.max(...given) - Math.min(...given),
          rank: 0,
        };
      })
      .sort((a, b) => (b.mean ?? -1) - (a.mean ?? -1) || b.scores - a.scores || a.entry.id - b.entry.id);
    ranked.forEach((entry, index) => {
      const previous = ranked[index - 1];
      entry.rank =
        previous && previous.mean === entry.mean && previous.scores === entry.scores
          ? previous.rank
          : index + 1;
    });
    return { id: category.id, name: category.name, entries: ranked as RankedEntry[] };
  });
  return { award, categories };
}

/** Winners are marked once the scores stand: after judging closes. */
export async function markWinner(deps: Deps, site: Site, entryId: number, winner: boolean) {
  const { award } = await entryOnSite(deps, site, entryId);
  if (!award.row.judgingClosedAt) throw new ApiError(409, { detail: 'awardJudgingOpen' });
  await repository.setWinner(deps.db, entryId, winner);
  return ranking(deps, site, award.row.id);
}

export async function rankingCsv(deps: Deps, site: Site, awardId: number, language: string) {
  const result = await ranking(deps, site, awardId);
  const t = (key: string) => translateMessage(language, key);
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
  return csvDocument(
    [
      t('awardCsvCategory'),
      t('awardCsvRank'),
      t('awardCsvTitle'),
      t('awardCsvOutlet'),
      t('awardCsvAddress'),
      t('awardCsvJournalist'),
      t('awardCsvMean'),
      t('awardCsvScores'),
      t('awardCsvSpread'),
      t('awardCsvWinner'),
    ],
    result.categories.flatMap((category) =>
      category.entries.map((entry) => [
        pickLocalized(category.name, language),
        entry.rank,
        entry.coverage.title,
        entry.coverage.outlet,
        entry.coverage.url,
        entry.journalist,
        entry.mean === null ? '' : number.format(entry.mean),
        entry.scores,
        entry.spread,
        entry.entry.winner ? t('awardYes') : '',
      ]),
    ),
  );
}
