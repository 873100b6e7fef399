// Small pieces both exhibitor screens use.

/** Hidden from sight, read by screen readers. */
export const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** An edition's days in the reader's language ("22–26 September 2026"). */
export function editionDates(edition: { starts_on: string; ends_on: string }, language: string): string {
  const day = (value: string) => new Date(`${value}T12:00:00Z`);
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).formatRange(
    day(edition.starts_on),
    day(edition.ends_on),
  );
}

/** A name of either direction kept whole inside a sentence of the other (Unicode first-strong isolate). */
export const isolated = (text: string) => `\u2068${text}\u2069`;
