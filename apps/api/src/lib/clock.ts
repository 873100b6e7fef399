/** Time as the application sees it; tests pass a clock they can move instead of waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** The same day of the month `months` later (or earlier), clamped to the month's last day, in UTC. */
export function addMonthsUtc(date: Date, months: number): Date {
  const target = new Date(date);
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

/** The calendar day (YYYY-MM-DD) a moment falls on in a time zone. */
export function dayInZone(time: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(time);
}

/**
 * A moment in words in `language` and `timeZone`, naming the zone so that the reader knows which clock it is
 * ("Tuesday 22 September 2026, 10:30 CEST"), as the mails write the times of events and embargoes.
 */
export function momentInWords(language: string, time: Date, timeZone: string): string {
  return momentFormat(language, timeZone).format(time);
}

// An invitation writes its event's time in every country's zone: building a formatter costs far more than
// formatting with one, so each language and zone gets one per process (a few hundred zones at most).
const momentFormats = new Map<string, Intl.DateTimeFormat>();
function momentFormat(language: string, timeZone: string) {
  const key = `${language} ${timeZone}`;
  let format = momentFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone,
      timeZoneName: 'short',
    });
    momentFormats.set(key, format);
  }
  return format;
}

/** How far a time zone's wall clock is ahead of UTC at a moment, in milliseconds. */
function zoneOffset(time: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(time)
      .map((part) => [part.type, Number(part.value)]),
  );
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return wall - Math.floor(time.getTime() / 1000) * 1000;
}

/** The moment a day (YYYY-MM-DD) begins in a time zone (twice corrected, for days a clock change falls on). */
export function startOfDayInZone(day: string, timeZone: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  let guess = midnightUtc - zoneOffset(new Date(midnightUtc), timeZone);
  guess = midnightUtc - zoneOffset(new Date(guess), timeZone);
  return new Date(guess);
}
