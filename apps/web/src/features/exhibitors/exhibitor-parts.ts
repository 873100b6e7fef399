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

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** "Hall 5, room Sala Verdi, stand B12" of a programme event, each name kept whole in a sentence of the other direction. */
export function eventPlace(place: { hall: string; room: string; stand: string }, t: Translate): string {
  return [
    t('exhibitors.eventPlace', { hall: isolated(place.hall) }),
    place.room && t('exhibitors.eventRoom', { room: isolated(place.room) }),
    place.stand && t('exhibitors.eventStand', { stand: isolated(place.stand) }),
  ]
    .filter(Boolean)
    .join(t('exhibitors.eventPlaceSeparator'));
}
