import type {
  ProgrammeCancelInput,
  ProgrammeDeclineInput,
  ProgrammeEventCreateInput,
  ProgrammeEventProposeInput,
  ProgrammeEventUpdateInput,
  ProgrammeListFilter,
} from '@pressroom/contract';
import type { Executor } from '@pressroom/db';
import type { FastifyInstance } from 'fastify';
import {
  holdableGalleryIds,
  holdableReleaseIds,
  type Reader,
  readableGalleryIds,
  readableReleaseIds,
} from '../../access/index.ts';
import { ApiError, notFound, permissionDenied } from '../../lib/api-error.ts';
import { dayInZone, startOfDayInZone } from '../../lib/clock.ts';
import type { AuthUser } from '../../lib/identity.ts';
import type { Site } from '../../plugins/sites.ts';
import { attendeeMail, decisionMail, proposedMail, siteAddressOf } from './mails.ts';
import type { EditionContext, EventDetail, EventRow } from './repository.ts';
import * as repository from './repository.ts';
import * as signupsRepository from './signups-repository.ts';
import { promoteWaiting } from './waiting-list.ts';

export type Deps = Pick<FastifyInstance, 'db' | 'mail' | 'clock' | 'config' | 'sites'>;
type Parsed<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };
type ParsedUpdate = {
  [K in keyof ProgrammeEventUpdateInput]?: Exclude<ProgrammeEventUpdateInput[K], undefined>;
};

/** The press office keeps the programme; the association's staff do not (an event is the press's). */
export const isOffice = (user: AuthUser) => user.permissions.has('press_release.manage_all');

/** A company's administrator speaks for its exhibitors' events; agents do not (an event commits the company). */
export const speaksFor = (user: AuthUser, companyId: number | null | undefined) =>
  isOffice(user) ||
  (companyId != null &&
    user.companyId === companyId &&
    user.permissions.has('press_release.publish_own_company'));

/** An event must lie within the fair's days, read in the edition's time zone. */
function checkWithinFair(edition: EditionContext, startsAt: Date, endsAt: Date) {
  const first = dayInZone(startsAt, edition.timeZone);
  const last = dayInZone(new Date(endsAt.getTime() - 1), edition.timeZone);
  if (first < edition.startsOn || last > edition.endsOn) {
    throw new ApiError(
      400,
      { starts_at: ['programmeOutsideFair'] },
      { from: edition.startsOn, to: edition.endsOn },
    );
  }
}

/**
 * Linked material must be the event's site's and readable by the user (their company's drafts, anyone's
 * published releases): what they may not read is as unknown as what does not exist. A mark holding material
 * until the start is the press office's or the material's own company's to add (the access rules).
 */
async function checkLinks(
  deps: Deps,
  user: AuthUser,
  siteId: number,
  input: LinkInput,
  before: { releases: LinkedItem[]; galleries: LinkedItem[] } = { releases: [], galleries: [] },
) {
  const releases = input.releases ? [...input.releases] : undefined;
  const galleries = input.galleries ? [...input.galleries] : undefined;
  const found = await repository.linkableOnSite(deps.db, siteId, releases ?? [], galleries ?? []);
  const reader: Reader = { user, siteId, now: deps.clock.now() };
  const [readableReleases, readableGalleries] = await Promise.all([
    readableReleaseIds(deps.db, reader, releases ?? []),
    readableGalleryIds(deps.db, reader, galleries ?? []),
  ]);
  if (releases && (found.releases !== releases.length || readableReleases.size !== new Set(releases).size))
    throw new ApiError(400, { releases: ['programmeLinkUnknown'] });
  if (
    galleries &&
    (found.galleries !== galleries.length || readableGalleries.size !== new Set(galleries).size)
  ) {
    throw new ApiError(400, { galleries: ['programmeLinkUnknown'] });
  }
  const newlyMarked = (marks: readonly number[] | undefined, links: LinkedItem[]) =>
    (marks ?? []).filter((id) => !links.some((link) => link.id === id && link.atStart));
  const releaseMarks = newlyMarked(input.releases_at_start, before.releases);
  const galleryMarks = newlyMarked(input.galleries_at_start, before.galleries);
  const [holdableReleases, holdableGalleries] = await Promise.all([
    holdableReleaseIds(deps.db, user, releaseMarks),
    holdableGalleryIds(deps.db, user, galleryMarks),
  ]);
  if (!releaseMarks.every((id) => holdableReleases.has(id))) {
    throw new ApiError(400, { releases_at_start: ['programmeHoldNotOwn'] });
  }
  if (!galleryMarks.every((id) => holdableGalleries.has(id))) {
    throw new ApiError(400, { galleries_at_start: ['programmeHoldNotOwn'] });
  }
}

interface LinkedItem {
  id: number;
  atStart: boolean;
}

interface LinkInput {
  releases?: readonly number[];
  galleries?: readonly number[];
  releases_at_start?: readonly number[];
  galleries_at_start?: readonly number[];
}

async function exhibitorOfEdition(deps: Deps, exhibitorId: number, editionId: number) {
  const exhibitor = await repository.findExhibitor(deps.db, exhibitorId);
  if (!exhibitor || exhibitor.editionId !== editionId) {
    throw new ApiError(400, { exhibitor: ['programmeExhibitorNotInEdition'] });
  }
  return exhibitor;
}

/** The edition, when it is one of the configured sites'. */
async function editionOnSites(deps: Deps, id: number) {
  const edition = await repository.findEdition(deps.db, id);
  const known = [...deps.sites.byName.values()].some((site) => site.id === edition?.pressGroupId);
  if (!edition || !known) throw new ApiError(400, { edition: ['fieldInvalid'] });
  return edition;
}

function fieldsOf(input: Parsed<Omit<ProgrammeEventProposeInput, 'exhibitor'>>) {
  return {
    type: input.type,
    title: input.title as Record<string, string>,
    description: input.description as Record<string, string>,
    startsAt: new Date(input.starts_at),
    endsAt: new Date(input.ends_at),
    hall: input.hall,
    room: input.room,
    stand: input.stand,
    languages: [...input.languages],
    capacity: input.capacity,
    signupRequired: input.signup_required,
  };
}

const linkChangeOf = (input: {
  releases?: readonly number[];
  galleries?: readonly number[];
  releases_at_start?: readonly number[];
  galleries_at_start?: readonly number[];
}): repository.LinkChange => ({
  releases: input.releases ? [...input.releases] : undefined,
  galleries: input.galleries ? [...input.galleries] : undefined,
  releasesAtStart: input.releases_at_start ? [...input.releases_at_start] : undefined,
  galleriesAtStart: input.galleries_at_start ? [...input.galleries_at_start] : undefined,
});

/** Marks named without their links must name links the event has (the schema checks them with the links). */
function checkMarks(detail: EventDetail, input: ParsedUpdate) {
  const linked = (ids: number[] | undefined, links: { id: number }[]) =>
    !ids || ids.every((id) => links.some((link) => link.id === id));
  if (
    (!input.releases && !linked(input.releases_at_start as number[] | undefined, detail.releases)) ||
    (!input.galleries && !linked(input.galleries_at_start as number[] | undefined, detail.galleries))
  ) {
    throw new ApiError(400, { releases_at_start: ['programmeAtStartNotLinked'] });
  }
}

/**
 * The event as the user reads it in the back office: its links those they may read (the press office every
 * one, a company's administrator their company's material and what the event's site publishes).
 */
async function reload(deps: Deps, user: AuthUser, id: number) {
  const plain = (await repository.findDetail(deps.db, id)) as EventDetail;
  return (await repository.findDetail(deps.db, id, 'en', {
    user,
    siteId: plain.edition.pressGroupId,
    now: deps.clock.now(),
  })) as EventDetail;
}

/** The press office's event: approved as it is created, on the fair's days, organised by the fair or an exhibitor. */
export async function createEvent(deps: Deps, user: AuthUser, input: Parsed<ProgrammeEventCreateInput>) {
  const edition = await editionOnSites(deps, input.edition);
  if (input.exhibitor !== null) await exhibitorOfEdition(deps, input.exhibitor, edition.id);
  const fields = fieldsOf(input);
  checkWithinFair(edition, fields.startsAt, fields.endsAt);
  await checkLinks(deps, user, edition.pressGroupId, input);
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    const row = await repository.insertEvent(tx, {
      editionId: edition.id,
      exhibitorId: input.exhibitor,
      status: 'approved',
      ...fields,
      decidedBy: user.id,
      decidedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    await repository.replaceLinks(tx, row.id, linkChangeOf(input));
    return row.id;
  });
  return reload(deps, user, id);
}

/** A company's administrator proposes an event of their exhibitor; the press office is told. */
export async function proposeEvent(deps: Deps, user: AuthUser, input: Parsed<ProgrammeEventProposeInput>) {
  const exhibitor = await repository.findExhibitor(deps.db, input.exhibitor);
  if (!exhibitor || !speaksFor(user, exhibitor.companyId))
    throw new ApiError(400, { exhibitor: ['fieldInvalid'] });
  const edition = await editionOnSites(deps, exhibitor.editionId);
  const fields = fieldsOf(input);
  checkWithinFair(edition, fields.startsAt, fields.endsAt);
  await checkLinks(deps, user, edition.pressGroupId, input);
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    const row = await repository.insertEvent(tx, {
      editionId: edition.id,
      exhibitorId: exhibitor.exhibitorId,
      status: 'proposed',
      ...fields,
      proposedBy: user.id,
      createdAt: now,
      updatedAt: now,
    });
    await repository.replaceLinks(tx, row.id, linkChangeOf(input));
    const detail = (await repository.findDetail(tx, row.id)) as EventDetail;
    await deps.mail.enqueue(
      tx,
      proposedMail(
        detail,
        deps.config.pressOfficeEmail,
        { siteAddress: siteAddressOf(deps, edition) },
        user.email,
      ),
    );
    return row.id;
  });
  return reload(deps, user, id);
}

/** An event the user may change: any for the press office, their company's for its administrator. */
async function manageable(deps: Deps, user: AuthUser, id: number) {
  const detail = await repository.findDetail(deps.db, id);
  if (!detail || !speaksFor(user, detail.organiser?.companyId)) throw notFound();
  return detail;
}

/** Once the fair's last day is over (in its own zone), its programme is a record: nothing moves or goes. */
function refuseIfEnded(deps: Deps, edition: EditionContext) {
  if (dayInZone(deps.clock.now(), edition.timeZone) > edition.endsOn) {
    throw new ApiError(409, { detail: 'programmeEditionEnded' });
  }
}

export async function eventForOffice(deps: Deps, user: AuthUser, id: number) {
  await manageable(deps, user, id);
  return reload(deps, user, id);
}

/** The back office's list: every status; a company administrator sees their company's events only. */
export async function listForOffice(
  deps: Deps,
  user: AuthUser,
  site: Site,
  query: ProgrammeListFilter & { status?: string },
) {
  const edition = await editionFor(deps, site, query.edition);
  if (!edition) return { edition: null, events: [] };
  const companyId = isOffice(user) ? undefined : (user.companyId ?? -1);
  const statuses = query.status ? [query.status] : ['proposed', 'approved', 'declined', 'cancelled'];
  const events = await repository.listEvents(
    deps.db,
    { ...filterOf(edition, query), statuses, companyId },
    user.language,
    { user, siteId: edition.pressGroupId, now: deps.clock.now() },
  );
  return { edition, events };
}

/**
 * A PATCH writes what it names. Once approved, a change of time or place raises SEQUENCE and is mailed to
 * everyone signed up or waiting; a larger capacity promotes the waiting list, a smaller one never drops below
 * the places taken. A company's administrator changes their proposals only, the press office any open event.
 */
export async function updateEvent(deps: Deps, user: AuthUser, id: number, input: ParsedUpdate) {
  const detail = await manageable(deps, user, id);
  const { event, edition } = detail;
  refuseIfEnded(deps, edition);
  if (
    event.status === 'declined' ||
    event.status === 'cancelled' ||
    (!isOffice(user) && event.status !== 'proposed')
  ) {
    throw new ApiError(409, { detail: 'programmeNotEditable' });
  }
  if (input.exhibitor !== undefined && input.exhibitor !== event.exhibitorId) {
    if (input.exhibitor === null) {
      if (!isOffice(user)) throw new ApiError(400, { exhibitor: ['fieldInvalid'] });
    } else {
      const exhibitor = await exhibitorOfEdition(deps, input.exhibitor, edition.id);
      if (!speaksFor(user, exhibitor.companyId)) throw new ApiError(400, { exhibitor: ['fieldInvalid'] });
    }
  }
  checkMarks(detail, input);
  const startsAt = input.starts_at ? new Date(input.starts_at) : event.startsAt;
  const endsAt = input.ends_at ? new Date(input.ends_at) : event.endsAt;
  if (startsAt >= endsAt) throw new ApiError(400, { ends_at: ['programmeTimesOrder'] });
  if (endsAt.getTime() - startsAt.getTime() > 24 * 3_600_000)
    throw new ApiError(400, { ends_at: ['programmeTooLong'] });
  checkWithinFair(edition, startsAt, endsAt);
  await checkLinks(deps, user, edition.pressGroupId, input, detail);

  const moved =
    startsAt.getTime() !== event.startsAt.getTime() ||
    endsAt.getTime() !== event.endsAt.getTime() ||
    (input.hall !== undefined && input.hall !== event.hall) ||
    (input.room !== undefined && input.room !== event.room) ||
    (input.stand !== undefined && input.stand !== event.stand);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const locked = (await repository.lockEvent(tx, id)) as EventRow;
    if (input.capacity !== undefined && input.capacity !== null && input.capacity < locked.signedUp) {
      throw new ApiError(400, { capacity: ['programmeCapacityBelowSignups'] }, { count: locked.signedUp });
    }
    const published = locked.status === 'approved';
    await repository.updateEvent(tx, id, {
      ...(input.exhibitor !== undefined ? { exhibitorId: input.exhibitor } : {}),
      ...(input.type !== undefined ? { type: input.type } : {}),
      ...(input.title !== undefined ? { title: input.title as Record<string, string> } : {}),
      ...(input.description !== undefined
        ? { description: input.description as Record<string, string> }
        : {}),
      ...(input.starts_at !== undefined ? { startsAt } : {}),
      ...(input.ends_at !== undefined ? { endsAt } : {}),
      ...(input.hall !== undefined ? { hall: input.hall } : {}),
      ...(input.room !== undefined ? { room: input.room } : {}),
      ...(input.stand !== undefined ? { stand: input.stand } : {}),
      ...(input.languages !== undefined ? { languages: [...input.languages] } : {}),
      ...(input.capacity !== undefined ? { capacity: input.capacity } : {}),
      ...(input.signup_required !== undefined ? { signupRequired: input.signup_required } : {}),
      ...(moved && published ? { sequence: locked.sequence + 1 } : {}),
      updatedAt: now,
    });
    await repository.replaceLinks(tx, id, linkChangeOf(input));
    const changed = (await repository.findDetail(tx, id)) as EventDetail;
    if (moved && published) await tellAttendees(deps, tx, changed, 'changed');
    if (published) await promoteWaiting(deps, tx, changed);
  });
  return reload(deps, user, id);
}

/** Mails everyone signed up or waiting, each in the language they signed up in. */
async function tellAttendees(deps: Deps, tx: Executor, detail: EventDetail, news: 'changed' | 'cancelled') {
  const where = { siteAddress: siteAddressOf(deps, detail.edition) };
  for (const recipient of await signupsRepository.recipients(tx, detail.event.id)) {
    await deps.mail.enqueue(tx, attendeeMail(detail, news, recipient, where));
  }
}

async function decidable(deps: Deps, user: AuthUser, id: number) {
  if (!isOffice(user)) throw permissionDenied();
  const detail = await repository.findDetail(deps.db, id);
  if (!detail) throw notFound();
  if (detail.event.status !== 'proposed') throw new ApiError(409, { detail: 'programmeNotProposed' });
  return detail;
}

/** The proposer hears of the decision, in their language. */
async function tellProposer(
  deps: Deps,
  tx: Executor,
  detail: EventDetail,
  decision: 'approved' | 'declined',
) {
  if (detail.event.proposedBy === null) return;
  const proposer = await repository.userContact(tx, detail.event.proposedBy);
  if (!proposer?.isActive) return;
  await deps.mail.enqueue(
    tx,
    decisionMail(detail, decision, proposer, { siteAddress: siteAddressOf(deps, detail.edition) }),
  );
}

export async function approve(deps: Deps, user: AuthUser, id: number) {
  await decidable(deps, user, id);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const row = await repository.updateIfStatus(tx, id, ['proposed'], {
      status: 'approved',
      decidedBy: user.id,
      decidedAt: now,
      updatedAt: now,
    });
    if (!row) throw new ApiError(409, { detail: 'programmeNotProposed' });
    await tellProposer(deps, tx, (await repository.findDetail(tx, id)) as EventDetail, 'approved');
  });
  return reload(deps, user, id);
}

export async function decline(deps: Deps, user: AuthUser, id: number, input: Parsed<ProgrammeDeclineInput>) {
  await decidable(deps, user, id);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const row = await repository.updateIfStatus(tx, id, ['proposed'], {
      status: 'declined',
      declineReason: input.reason,
      decidedBy: user.id,
      decidedAt: now,
      updatedAt: now,
    });
    if (!row) throw new ApiError(409, { detail: 'programmeNotProposed' });
    await tellProposer(deps, tx, (await repository.findDetail(tx, id)) as EventDetail, 'declined');
  });
  return reload(deps, user, id);
}

/**
 * Cancels an approved event (SEQUENCE raised, everyone signed up or waiting mailed) or withdraws a proposal.
 * The press office cancels any; a company's administrator their company's.
 */
export async function cancel(deps: Deps, user: AuthUser, id: number, input: Parsed<ProgrammeCancelInput>) {
  const detail = await manageable(deps, user, id);
  refuseIfEnded(deps, detail.edition);
  if (detail.event.status !== 'approved' && detail.event.status !== 'proposed') {
    throw new ApiError(409, { detail: 'programmeNotEditable' });
  }
  const published = detail.event.status === 'approved';
  await deps.db.transaction(async (tx) => {
    const row = await repository.updateIfStatus(tx, id, [detail.event.status], {
      status: 'cancelled',
      cancelReason: input.reason,
      sequence: detail.event.sequence + (published ? 1 : 0),
      updatedAt: deps.clock.now(),
    });
    if (!row) throw new ApiError(409, { detail: 'programmeNotEditable' });
    if (published)
      await tellAttendees(deps, tx, (await repository.findDetail(tx, id)) as EventDetail, 'cancelled');
  });
  return reload(deps, user, id);
}

// ------------------------------------------------------------------------------------------- the public side

/** The edition asked for (when on this site), else the site's current one. */
export async function editionFor(deps: Deps, site: Site, editionId?: number) {
  if (editionId !== undefined) {
    const edition = await repository.findEdition(deps.db, editionId);
    if (!edition || edition.pressGroupId !== site.id) throw notFound();
    return edition;
  }
  return repository.currentEdition(deps.db, site.id, deps.clock.now().toISOString().slice(0, 10));
}

function filterOf(edition: EditionContext, query: ProgrammeListFilter) {
  const between = query.day
    ? {
        from: startOfDayInZone(query.day, edition.timeZone),
        to: startOfDayInZone(nextDay(query.day), edition.timeZone),
      }
    : undefined;
  return {
    editionId: edition.id,
    between,
    type: query.type,
    hall: query.hall,
    organiser: query.organiser,
    exhibitorId: query.exhibitor,
    language: query.language,
  };
}

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * Who reads the programme outside the back office, for its linked material: the access rules decide (the press
 * reads releases under embargo as it does anywhere, everyone else what the public may read).
 */
export const readerOf = (deps: Deps, user: AuthUser | null, site: Site): Reader => ({
  user,
  siteId: site.id,
  now: deps.clock.now(),
});

/** The public programme: approved events, and cancelled ones shown as cancelled. */
export async function publicList(
  deps: Deps,
  site: Site,
  query: ProgrammeListFilter,
  language: string,
  reader: Reader,
) {
  const edition = await editionFor(deps, site, query.edition);
  if (!edition) return { edition: null, events: [] };
  const events = await repository.listEvents(
    deps.db,
    { ...filterOf(edition, query), statuses: ['approved', 'cancelled'] },
    language,
    reader,
  );
  return { edition, events };
}

export async function publicEvent(deps: Deps, site: Site, id: number, language: string, reader: Reader) {
  const detail = await repository.findDetail(deps.db, id, language, reader);
  if (!detail || detail.edition.pressGroupId !== site.id) throw notFound();
  if (detail.event.status !== 'approved' && detail.event.status !== 'cancelled') throw notFound();
  return detail;
}

/** The reader's own sign-ups among the events shown (none for a reader not signed in). */
export async function mySignups(deps: Deps, user: AuthUser | null, events: EventDetail[]) {
  if (!user) return new Map<number, { status: string; position: number | null }>();
  return signupsRepository.signupsOf(
    deps.db,
    user.id,
    events.map((detail) => detail.event.id),
  );
}
