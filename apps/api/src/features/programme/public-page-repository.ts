import type { ProgrammeEventType, ProgrammeOrganiserKind } from '@pressroom/contract';
import { companies, type Executor, exhibitors, fairEditions, programmeEvents } from '@pressroom/db';
import { and, asc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { currentEdition, type EditionRow } from '../../lib/current-edition.ts';

// What the programme's server-rendered pages read: the public events (approved or cancelled) of the site's
// current edition, with the organising exhibitor's shown name, and nothing a journalist's session adds.

// The site's edition is one rule for every feature (lib/current-edition.ts).
export { currentEdition, type EditionRow };

/** Only these are anyone's to read: a proposal or a declined event has no public page. */
const publicStatuses = ['approved', 'cancelled'];

/** The most events a programme page lists: a fair's press programme has a few hundred. */
const programmePageLimit = 2000;

/** The name the press sees of the organising exhibitor's company (its public variant when given). */
const organiserName = sql<
  string | null
>`coalesce(nullif(${companies.pubBusinessName}, ''), ${companies.businessName})`;

const eventSelection = {
  id: programmeEvents.id,
  editionId: programmeEvents.editionId,
  exhibitorId: programmeEvents.exhibitorId,
  type: programmeEvents.type,
  status: programmeEvents.status,
  title: programmeEvents.title,
  description: programmeEvents.description,
  startsAt: programmeEvents.startsAt,
  endsAt: programmeEvents.endsAt,
  hall: programmeEvents.hall,
  room: programmeEvents.room,
  stand: programmeEvents.stand,
  languages: programmeEvents.languages,
  signupRequired: programmeEvents.signupRequired,
  sequence: programmeEvents.sequence,
  cancelReason: programmeEvents.cancelReason,
  updatedAt: programmeEvents.updatedAt,
  organiserName,
};

export interface PublicEventRow {
  id: number;
  editionId: number;
  exhibitorId: number | null;
  type: ProgrammeEventType;
  status: 'approved' | 'cancelled';
  title: Record<string, string>;
  description: Record<string, string>;
  startsAt: Date;
  endsAt: Date;
  hall: string;
  room: string;
  stand: string;
  languages: string[];
  signupRequired: boolean;
  sequence: number;
  cancelReason: string;
  updatedAt: Date;
  /** The exhibitor's company name; null when the fair organises. */
  organiserName: string | null;
}

const fromEvents = (db: Executor) =>
  db
    .select(eventSelection)
    .from(programmeEvents)
    .leftJoin(exhibitors, eq(exhibitors.id, programmeEvents.exhibitorId))
    .leftJoin(companies, eq(companies.id, exhibitors.companyId));

export interface PublicEventFilter {
  type?: ProgrammeEventType;
  hall?: string;
  organiser?: ProgrammeOrganiserKind;
  language?: string;
}

/** The edition's public events matching the filters, by start (then end, then id). */
export async function publicEvents(
  db: Executor,
  editionId: number,
  filter: PublicEventFilter,
): Promise<PublicEventRow[]> {
  const where: SQL[] = [
    eq(programmeEvents.editionId, editionId),
    inArray(programmeEvents.status, publicStatuses),
  ];
  if (filter.type) where.push(eq(programmeEvents.type, filter.type));
  if (filter.hall) where.push(sql`lower(${programmeEvents.hall}) = lower(${filter.hall})`);
  if (filter.organiser === 'fair') where.push(isNull(programmeEvents.exhibitorId));
  if (filter.organiser === 'exhibitor') where.push(isNotNull(programmeEvents.exhibitorId));
  if (filter.language) {
    where.push(sql`${programmeEvents.languages} @> ${JSON.stringify([filter.language])}::jsonb`);
  }
  const rows = await fromEvents(db)
    .where(and(...where))
    .orderBy(asc(programmeEvents.startsAt), asc(programmeEvents.endsAt), asc(programmeEvents.id))
    .limit(programmePageLimit);
  return rows as PublicEventRow[];
}

/** The halls the edition's public events take place in (the hall filter's choices). */
export async function hallsOfEvents(db: Executor, editionId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ hall: programmeEvents.hall })
    .from(programmeEvents)
    .where(and(eq(programmeEvents.editionId, editionId), inArray(programmeEvents.status, publicStatuses)))
    .limit(programmePageLimit);
  return rows.map((row) => row.hall);
}

/** One public event with its edition; null for an unknown event or one nobody may read yet. */
export async function publicEvent(
  db: Executor,
  id: number,
): Promise<{ event: PublicEventRow; edition: EditionRow } | null> {
  const [event] = await fromEvents(db)
    .where(and(eq(programmeEvents.id, id), inArray(programmeEvents.status, publicStatuses)))
    .limit(1);
  if (!event) return null;
  const [edition] = await db.select().from(fairEditions).where(eq(fairEditions.id, event.editionId));
  return edition ? { event: event as PublicEventRow, edition } : null;
}

/** The edition's public events as the sitemap names them: id, title and last change. */
export async function eventsForSitemap(db: Executor, editionId: number) {
  return db
    .select({ id: programmeEvents.id, title: programmeEvents.title, updatedAt: programmeEvents.updatedAt })
    .from(programmeEvents)
    .where(and(eq(programmeEvents.editionId, editionId), inArray(programmeEvents.status, publicStatuses)))
    .orderBy(asc(programmeEvents.startsAt), asc(programmeEvents.id))
    .limit(programmePageLimit);
}
