import {
  type ProgrammeEventType,
  type ProgrammeOrganiserKind,
  pickLocalized,
  publicPages,
  releaseSlug,
} from '@pressroom/contract';
import type { FastifyInstance } from 'fastify';
import { eventSlug } from '../../lib/programme-events.ts';
import * as repository from './public-page-repository.ts';

// What the programme's public pages show: the site's current edition and its approved and cancelled events,
// each with its title and description in the reader's language (else the one there is), its organiser and
// whether it was moved since its approval. Only the request's site's events: another's answer null.

const todayOf = (app: FastifyInstance) => app.clock.now().toISOString().slice(0, 10);
const hallOrder = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** A text of the event in the page's language when written in it, else in the language there is, saying which. */
interface ShownText {
  text: string;
  language: string;
}

const shownIn = (texts: Record<string, string>, language: string): ShownText => {
  const text = pickLocalized(texts, language);
  const written = texts[language]
    ? language
    : (Object.entries(texts).find(([, value]) => value === text)?.[0] ?? language);
  return { text, language: written };
};

// An event's address is one rule with the exhibitors' press boxes (lib/programme-events.ts).

export interface ShownEvent {
  id: number;
  /** The event's page without its language. */
  path: string;
  type: ProgrammeEventType;
  status: 'approved' | 'cancelled';
  /** Approved, then moved in time or place (its calendar revision raised). */
  rescheduled: boolean;
  title: ShownText;
  description: ShownText;
  startsAt: Date;
  endsAt: Date;
  place: { hall: string; room: string; stand: string };
  languages: string[];
  organiser: { kind: ProgrammeOrganiserKind; exhibitor: { id: number; name: string; path: string } | null };
  signupRequired: boolean;
  cancelReason: string;
  updatedAt: Date;
}

export interface ShownEdition {
  id: number;
  name: string;
  startsOn: string;
  endsOn: string;
  timeZone: string;
}

const shownEdition = (edition: repository.EditionRow): ShownEdition => ({
  id: edition.id,
  name: edition.name,
  startsOn: edition.startsOn,
  endsOn: edition.endsOn,
  timeZone: edition.timeZone,
});

function shownEvent(row: repository.PublicEventRow, language: string): ShownEvent {
  return {
    id: row.id,
    path: publicPages.programmeEvent(row.id, eventSlug(row.title)),
    type: row.type,
    status: row.status,
    // A cancellation raises the revision too; only an approved event's raised revision is a move.
    rescheduled: row.status === 'approved' && row.sequence > 0,
    title: shownIn(row.title, language),
    description: shownIn(row.description, language),
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    place: { hall: row.hall, room: row.room, stand: row.stand },
    languages: row.languages,
    organiser:
      row.exhibitorId === null
        ? { kind: 'fair', exhibitor: null }
        : {
            kind: 'exhibitor',
            exhibitor: {
              id: row.exhibitorId,
              name: row.organiserName ?? '',
              path: publicPages.exhibitor(row.exhibitorId, releaseSlug(row.organiserName ?? '')),
            },
          },
    signupRequired: row.signupRequired,
    cancelReason: row.cancelReason,
    updatedAt: row.updatedAt,
  };
}

/**
 * The programme page's content: the site's current edition, its events matching the filters by start, and the
 * halls to filter by (5 before 10); null while the site has no edition.
 */
export async function programmeForPage(
  app: FastifyInstance,
  siteId: number,
  language: string,
  filter: repository.PublicEventFilter,
) {
  const edition = await repository.currentEdition(app.db, siteId, todayOf(app));
  if (!edition) return null;
  const [rows, halls] = await Promise.all([
    repository.publicEvents(app.db, edition.id, filter),
    repository.hallsOfEvents(app.db, edition.id),
  ]);
  return {
    edition: shownEdition(edition),
    events: rows.map((row) => shownEvent(row, language)),
    halls: halls.sort(hallOrder.compare),
  };
}

/** One event's page: null for an unknown or unapproved event, or another site's. */
export async function eventForPage(app: FastifyInstance, siteId: number, id: number, language: string) {
  const found = await repository.publicEvent(app.db, id);
  if (!found || found.edition.pressGroupId !== siteId) return null;
  return { edition: shownEdition(found.edition), event: shownEvent(found.event, language) };
}

/** The public events of the site's current edition, each with its page and last change, for the sitemap. */
export async function eventsForSitemap(app: FastifyInstance, siteId: number) {
  const edition = await repository.currentEdition(app.db, siteId, todayOf(app));
  if (!edition) return [];
  const rows = await repository.eventsForSitemap(app.db, edition.id);
  return rows.map((row) => ({
    path: publicPages.programmeEvent(row.id, eventSlug(row.title)),
    lastModified: row.updatedAt,
  }));
}
