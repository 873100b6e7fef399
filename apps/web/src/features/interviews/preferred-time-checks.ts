import { wallTime } from '../../lib/zoned-time.ts';

/** What is wrong with one preferred time, read at the fair's own clock; null when it may be asked. */
export type PreferredTimeProblem = 'outsideFair' | 'past' | null;

/**
 * Each time typed (a datetime-local value, the fair's wall-clock time) must fall on one of the edition's days
 * and not be past, as the server will judge it. An empty field is the schema's to judge (required or not).
 */
export function preferredTimeProblems(
  times: readonly string[],
  edition: { starts_on: string; ends_on: string; time_zone: string },
  now: Date,
): PreferredTimeProblem[] {
  const nowThere = wallTime(now, edition.time_zone);
  return times.map((time) => {
    if (!time) return null;
    const day = time.slice(0, 10);
    if (day < edition.starts_on.slice(0, 10) || day > edition.ends_on.slice(0, 10)) return 'outsideFair';
    return time <= nowThere ? 'past' : null;
  });
}
