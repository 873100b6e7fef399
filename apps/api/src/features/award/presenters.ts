import type { Award, AwardEntry, AwardRanking, JuryList, MyAward } from '@pressroom/contract';
import type { AwardDetail, EntryCoverage, EntryDetail } from './repository.ts';
import type { jury, ranking } from './service.ts';

/** The award; jurors are named to the press office only (`withJurors`). */
export function presentAward(detail: AwardDetail, now: Date, withJurors = false): Award {
  const { row } = detail;
  return {
    id: row.id,
    edition: { id: detail.edition.id, name: detail.edition.name, time_zone: detail.edition.timeZone },
    name: row.name as Record<string, string>,
    window_starts_on: row.windowStartsOn,
    window_ends_on: row.windowEndsOn,
    entry_deadline: row.entryDeadline.toISOString(),
    entries_per_category: row.entriesPerCategory,
    open: now.getTime() <= row.entryDeadline.getTime(),
    judging_closed: row.judgingClosedAt !== null,
    categories: detail.categories.map((category) => ({
      id: category.id,
      name: category.name as Record<string, string>,
      jurors: withJurors ? category.jurors : [],
    })),
    announcement_release: detail.announcement,
  };
}

const presentCoverage = (coverage: EntryCoverage) => ({
  id: coverage.id,
  url: coverage.url,
  title: coverage.title,
  outlet: coverage.outlet,
  published_on: coverage.publishedOn,
});

export function presentEntry(detail: EntryDetail): AwardEntry {
  return {
    id: detail.entry.id,
    category: detail.entry.categoryId,
    statement: detail.entry.statement,
    winner: detail.entry.winner,
    created_at: detail.entry.createdAt.toISOString(),
    coverage: presentCoverage(detail.coverage),
  };
}

export function presentMyAward(
  mine: { award: AwardDetail | null; entries: EntryDetail[]; eligible: EntryCoverage[] },
  now: Date,
): MyAward {
  return {
    award: mine.award ? presentAward(mine.award, now) : null,
    entries: mine.entries.map(presentEntry),
    eligible: mine.eligible.map(presentCoverage),
  };
}

export function presentJury(list: Awaited<ReturnType<typeof jury>>, now: Date): JuryList {
  return {
    award: presentAward(list.award, now),
    entries: list.entries.map((entry) => ({
      ...presentEntry(entry),
      journalist: entry.journalist,
      score: entry.own?.score ?? null,
      comment: entry.own?.comment ?? '',
    })),
  };
}

export function presentRanking(result: Awaited<ReturnType<typeof ranking>>, now: Date): AwardRanking {
  return {
    award: presentAward(result.award, now, true),
    categories: result.categories.map((category) => ({
      id: category.id,
      name: category.name as Record<string, string>,
      entries: category.entries.map((entry) => ({
        ...presentEntry(entry),
        journalist: entry.journalist,
        rank: entry.rank,
        mean: entry.mean,
        scores: entry.scores,
        spread: entry.spread,
      })),
    })),
  };
}
