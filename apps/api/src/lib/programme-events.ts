import { pickLocalized, publicPages, releaseSlug } from '@pressroom/contract';
import { type Executor, programmeEvents } from '@pressroom/db';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { translator } from './public-page.ts';

// What other features read of the press programme, in one place: an exhibitor's public events (its press box
// lists them), an event's page address and its place in words. The programme's own pages use the same rules.

/** Only these are anyone's to read: a proposal or a declined event has no public page. */
export const publicEventStatuses = ['approved', 'cancelled'];

/** The most events a press box lists: an exhibitor holds a handful during a fair. */
const exhibitorEventsShown = 50;

export interface ExhibitorEventRow {
  id: number;
  status: 'approved' | 'cancelled';
  title: Record<string, string>;
  startsAt: Date;
  endsAt: Date;
  hall: string;
  room: string;
  stand: string;
}

/** The exhibitor's approved and cancelled events (shown as cancelled), by start, then end, then id. */
export async function publicEventsOfExhibitor(
  db: Executor,
  exhibitorId: number,
): Promise<ExhibitorEventRow[]> {
  const rows = await db
    .select({
      id: programmeEvents.id,
      status: programmeEvents.status,
      title: programmeEvents.title,
      startsAt: programmeEvents.startsAt,
      endsAt: programmeEvents.endsAt,
      hall: programmeEvents.hall,
      room: programmeEvents.room,
      stand: programmeEvents.stand,
    })
    .from(programmeEvents)
    .where(
      and(eq(programmeEvents.exhibitorId, exhibitorId), inArray(programmeEvents.status, publicEventStatuses)),
    )
    .orderBy(asc(programmeEvents.startsAt), asc(programmeEvents.endsAt), asc(programmeEvents.id))
    .limit(exhibitorEventsShown);
  return rows as ExhibitorEventRow[];
}

/**
 * The readable part of an event's address: its English title, else its Italian one, else any, in ASCII words
 * (only decoration: any other slug is answered with a 301 to the event's own).
 */
export const eventSlug = (title: Record<string, string>) =>
  releaseSlug(title.en || title.it || pickLocalized(title, 'en'));

/** An event's public page, without its language. */
export const eventPagePath = (event: { id: number; title: Record<string, string> }) =>
  publicPages.programmeEvent(event.id, eventSlug(event.title));

/**
 * "Hall 5, room Sala Bianca, stand A12" in the page's language. On a page each name is isolated (`mark`), so a
 * Latin room name keeps its place in an Arabic sentence; structured data and meta tags take them as they are.
 */
export function placeText(
  place: { hall: string; room: string; stand: string },
  language: string,
  mark: (text: string) => string = (text) => text,
): string {
  const t = translator(language);
  return [
    t('programmePlaceHall', { hall: mark(place.hall) }),
    place.room ? t('programmePlaceRoom', { room: mark(place.room) }) : '',
    place.stand ? t('programmePlaceStand', { stand: mark(place.stand) }) : '',
  ]
    .filter(Boolean)
    .join(language === 'ar' ? '، ' : ', ');
}
