/**
 * The demo's fair as the day of its seeding sees it. A newcomer meets the demo on their first start, whenever
 * that is: with fixed dates the fair would soon be over, and with it every button a journalist presses during
 * fair week (accreditation, interviews, sign-ups). So the current edition opens ten days after the seeding and
 * runs five days, and the past one (the archive, the figures, the coverage) ran on the same days a year
 * earlier. Every dated thing of the demo is placed from these days.
 */
import type { Language } from '@pressroom/contract';

export interface DemoEditionDays {
  /** The year the edition opens in, as its name and the archive's folders say it. */
  year: number;
  startsOn: string;
  endsOn: string;
}

export interface DemoCalendar {
  /** The day of the seeding (UTC), YYYY-MM-DD. */
  today: string;
  current: DemoEditionDays;
  past: DemoEditionDays;
}

const daysBeforeTheFair = 10;
const fairLength = 5;

/** The day `days` after `day` (before, when negative), both YYYY-MM-DD. */
export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The same day a year earlier; 29 February gives the 28th. */
function yearEarlier(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  const earlier = new Date(Date.UTC(year - 1, month - 1, date));
  return earlier.getUTCMonth() === month - 1
    ? earlier.toISOString().slice(0, 10)
    : new Date(Date.UTC(year - 1, month - 1, 28)).toISOString().slice(0, 10);
}

function edition(startsOn: string): DemoEditionDays {
  return { year: Number(startsOn.slice(0, 4)), startsOn, endsOn: shiftDay(startsOn, fairLength - 1) };
}

export function demoCalendar(now: Date): DemoCalendar {
  const today = now.toISOString().slice(0, 10);
  const current = edition(shiftDay(today, daysBeforeTheFair));
  return { today, current, past: edition(yearEarlier(current.startsOn)) };
}

/** An edition's month as a folder of pictures names it: "September 2025", "Settembre 2025". */
export function monthOf(day: string, language: string): string {
  const name = new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
  return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
}

/** An edition's days as the demo's texts write them: "22–26 September", "30 settembre – 4 ottobre". */
export function daysOf(edition: { startsOn: string; endsOn: string }, language: Language): string {
  const day = (date: string) => Number(date.slice(8, 10));
  const month = (date: string) =>
    new Intl.DateTimeFormat(language, { month: 'long', timeZone: 'UTC' }).format(
      new Date(`${date}T12:00:00Z`),
    );
  const [first, last] = [edition.startsOn, edition.endsOn];
  return month(first) === month(last)
    ? `${day(first)}–${day(last)} ${month(last)}`
    : `${day(first)} ${month(first)} – ${day(last)} ${month(last)}`;
}
