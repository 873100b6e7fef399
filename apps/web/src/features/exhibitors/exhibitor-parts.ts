// Small pieces both exhibitor screens use.

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
