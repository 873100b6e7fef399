// The fair's days and hours are those of the place it is held: the server reads every time in its
// FAIR_TIME_ZONE (Europe/Rome unless configured otherwise), so the screens write and read them there too,
// whatever the reader's own clock says.
export const fairTimeZone = 'Europe/Rome';

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: fairTimeZone,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The wall-clock time at the fair of an instant, as a datetime-local field holds it (YYYY-MM-DDTHH:mm). */
export function fairWallTime(instant: Date): string {
  const parts = Object.fromEntries(partsFormat.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** Minutes the fair's clock is ahead of UTC at an instant. */
function offsetMinutes(instant: number): number {
  const wall = fairWallTime(new Date(instant));
  return (Date.parse(`${wall}:00Z`) - Math.floor(instant / 60_000) * 60_000) / 60_000;
}

/**
 * The instant (ISO 8601, UTC) of a wall-clock time at the fair typed in a datetime-local field; '' for anything
 * else, which the contract's schema then refuses as an invalid time.
 */
export function fairInstant(wall: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(wall)) return '';
  const asUtc = Date.parse(`${wall}:00Z`);
  if (Number.isNaN(asUtc)) return '';
  // The offset at the guess, then at the corrected instant: right on both sides of a change of summer time.
  let instant = asUtc - offsetMinutes(asUtc) * 60_000;
  instant = asUtc - offsetMinutes(instant) * 60_000;
  return new Date(instant).toISOString();
}

/** The fair's days as the limits of a datetime-local field: from the first day's start to the last's end. */
export function fairDayLimits(startsOn: string, endsOn: string) {
  return { min: `${startsOn.slice(0, 10)}T00:00`, max: `${endsOn.slice(0, 10)}T23:59` };
}

/** A moment written in the reader's language, at the fair's time. */
export function formatFairTime(value: string, language: string): string {
  return new Intl.DateTimeFormat(language, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: fairTimeZone,
  }).format(new Date(value));
}

/** The fair's days, first to last, in the reader's language. */
export function formatFairDays(startsOn: string, endsOn: string, language: string): string {
  const day = (value: string) => new Date(`${value.slice(0, 10)}T12:00:00Z`);
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).formatRange(
    day(startsOn),
    day(endsOn),
  );
}
