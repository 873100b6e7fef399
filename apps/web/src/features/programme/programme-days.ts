import type { ProgrammeEvent } from '@pressroom/contract';
import { daysBetween, zonedDay } from '../../lib/zoned-time.ts';

export interface ProgrammeDay {
  /** YYYY-MM-DD at the fair. */
  day: string;
  events: ProgrammeEvent[];
}

/**
 * The fair's days, each with its events in order of start, as the fair's clock tells them: an event at 00:30
 * in Rome belongs to that day, whatever the reader's zone. An event outside the edition's days (moved, or an
 * edition without dates) still gets its own day.
 */
export function programmeDays(
  events: readonly ProgrammeEvent[],
  timeZone: string,
  startsOn?: string,
  endsOn?: string,
): ProgrammeDay[] {
  const byDay = new Map<string, ProgrammeEvent[]>();
  if (startsOn && endsOn) for (const day of daysBetween(startsOn, endsOn)) byDay.set(day, []);
  for (const event of events) {
    const day = zonedDay(event.starts_at, timeZone);
    byDay.set(day, [...(byDay.get(day) ?? []), event]);
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, dayEvents]) => ({
      day,
      events: [...dayEvents].sort(
        (a, b) => a.starts_at.localeCompare(b.starts_at) || a.ends_at.localeCompare(b.ends_at) || a.id - b.id,
      ),
    }));
}

/** The day a reader lands on: the one asked for, else today during the fair, else the first with events. */
export function openingDay(
  days: readonly ProgrammeDay[],
  asked: string | null,
  today: string,
): string | null {
  if (asked && days.some((entry) => entry.day === asked)) return asked;
  if (days.some((entry) => entry.day === today)) return today;
  return (days.find((entry) => entry.events.length > 0) ?? days[0])?.day ?? null;
}

/** The halls of a programme, for its filter, in the order people read them ("2" before "10"). */
export function hallsOf(events: readonly ProgrammeEvent[]): string[] {
  return [...new Set(events.map((event) => event.place.hall).filter(Boolean))].sort((a, b) =>
    a.localeCompare(b, undefined, { numeric: true }),
  );
}
