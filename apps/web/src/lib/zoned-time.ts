// Times of a place (an edition of the fair) read and written in that place's IANA time zone, whatever the
// reader's own clock says: the programme shows and takes its times at the fair, and names the zone.

const partsFormats = new Map<string, Intl.DateTimeFormat>();

function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormats.set(timeZone, format);
  }
  return format;
}

/** The wall-clock time in a zone of an instant, as a datetime-local field holds it (YYYY-MM-DDTHH:mm). */
export function wallTime(instant: Date | string, timeZone: string): string {
  const parts = Object.fromEntries(
    partsFormat(timeZone)
      .formatToParts(typeof instant === 'string' ? new Date(instant) : instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** The day (YYYY-MM-DD) an instant falls on in a zone. */
export function zonedDay(instant: string, timeZone: string): string {
  return wallTime(instant, timeZone).slice(0, 10);
}

/** Minutes a zone's clock is ahead of UTC at an instant. */
function offsetMinutes(instant: number, timeZone: string): number {
  const wall = wallTime(new Date(instant), timeZone);
  return (Date.parse(`${wall}:00Z`) - Math.floor(instant / 60_000) * 60_000) / 60_000;
}

/**
 * The instant (ISO 8601, UTC) of a wall-clock time in a zone typed in a datetime-local field; '' for anything
 * else, which the contract's schema then refuses as an invalid time.
 */
export function zonedInstant(wall: string, timeZone: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(wall)) return '';
  const asUtc = Date.parse(`${wall}:00Z`);
  if (Number.isNaN(asUtc)) return '';
  // The offset at the guess, then at the corrected instant: right on both sides of a change of summer time.
  let instant = asUtc - offsetMinutes(asUtc, timeZone) * 60_000;
  instant = asUtc - offsetMinutes(instant, timeZone) * 60_000;
  return new Date(instant).toISOString();
}

/** From one time to another in the reader's language, at the zone's hour ("10:00–11:00"). */
export function formatZonedTimeRange(start: string, end: string, language: string, timeZone: string): string {
  return new Intl.DateTimeFormat(language, { timeStyle: 'short', timeZone }).formatRange(
    new Date(start),
    new Date(end),
  );
}

/** From one time to another with the day, in the reader's language, at the zone's hour. */
export function formatZonedDayRange(start: string, end: string, language: string, timeZone: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short', timeZone }).formatRange(
    new Date(start),
    new Date(end),
  );
}

/** A moment with its day in the reader's language, at the zone's hour. */
export function formatZonedMoment(value: string, language: string, timeZone: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short', timeZone }).format(
    new Date(value),
  );
}

/** A day (YYYY-MM-DD) in the reader's language: "Tuesday 22 September". */
export function formatDay(day: string, language: string, style: 'long' | 'short' = 'long'): string {
  return new Intl.DateTimeFormat(language, {
    weekday: style,
    day: 'numeric',
    month: style === 'long' ? 'long' : 'short',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
}

/** The zone named for a reader: its city as the runtime calls it in their language, and the offset. */
export function zoneName(timeZone: string, language: string, at: string | Date = new Date()): string {
  const parts = new Intl.DateTimeFormat(language, { timeZone, timeZoneName: 'longGeneric' }).formatToParts(
    typeof at === 'string' ? new Date(at) : at,
  );
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/** Every day from one to another (YYYY-MM-DD), both included; at most `limit`. */
export function daysBetween(first: string, last: string, limit = 31): string[] {
  const days: string[] = [];
  let at = Date.parse(`${first.slice(0, 10)}T00:00:00Z`);
  const end = Date.parse(`${last.slice(0, 10)}T00:00:00Z`);
  while (at <= end && days.length < limit) {
    days.push(new Date(at).toISOString().slice(0, 10));
    at += 86_400_000;
  }
  return days;
}

/** Whether a run of days ending on `lastDay` (YYYY-MM-DD) is over at `now`, read on the place's own calendar. */
export function daysOver(lastDay: string, timeZone: string, now: Date = new Date()): boolean {
  return zonedDay(now.toISOString(), timeZone) > lastDay.slice(0, 10);
}

/** A run of days as the limits of a datetime-local field: from the first day's start to the last's end. */
export function dayLimits(firstDay: string, lastDay: string) {
  return { min: `${firstDay.slice(0, 10)}T00:00`, max: `${lastDay.slice(0, 10)}T23:59` };
}

/** A run of days, first to last, in the reader's language ("September 22 – 26, 2027"). */
export function formatDayRange(firstDay: string, lastDay: string, language: string): string {
  const day = (value: string) => new Date(`${value.slice(0, 10)}T12:00:00Z`);
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).formatRange(
    day(firstDay),
    day(lastDay),
  );
}
