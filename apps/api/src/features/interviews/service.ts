import {
  type ExhibitorInterviewsQuery,
  type InterviewAcceptInput,
  type InterviewCancelInput,
  type InterviewDeclineInput,
  type InterviewRequestCreateInput,
  interviewRequestsPerExhibitorPerDay,
  type Language,
  openInterviewsPerJournalist,
  privacyNoticeVersion,
} from '@pressroom/contract';
import type { Executor } from '@pressroom/db';
import type { FastifyInstance } from 'fastify';
import { ApiError, notFound, permissionDenied } from '../../lib/api-error.ts';
import { addMonthsUtc, dayInZone } from '../../lib/clock.ts';
import type { AuthUser } from '../../lib/identity.ts';
import type { Site } from '../../plugins/sites.ts';
import { interviewCalendar } from './calendar.ts';
import { contactLanguage, exhibitorMail, journalistMail, requestedMail } from './mails.ts';
import type { InterviewDetail } from './repository.ts';
import * as repository from './repository.ts';

type Deps = Pick<FastifyInstance, 'db' | 'mail' | 'clock' | 'config'>;
type Parsed<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

/**
 * Who answers for an exhibitor: the company's own administrators (press_release.publish_own_company, their
 * company's), and nobody else. A request goes to the exhibitor's company: the press office sees numbers per
 * exhibitor only (`counts`), the association's staff nothing; agents do not answer, an interview commits the
 * company. The press contacts are reached by mail (they are not accounts).
 */
function answersFor(user: AuthUser, companyId: number): boolean {
  return user.companyId === companyId && user.permissions.has('press_release.publish_own_company');
}

/** Whether the user answers some company's requests (their own): the guard of the exhibitor side's calls. */
export function answersForSomeCompany(user: AuthUser): boolean {
  return user.companyId !== null && answersFor(user, user.companyId);
}

/** The press office counts every exhibitor's requests (numbers, never names nor contact details). */
const countsEveryExhibitor = (user: AuthUser) => user.permissions.has('press_release.manage_all');

/** Every time must be on one of the fair's days, and not already past. */
function checkWithinFair(
  deps: Deps,
  field: string,
  times: readonly Date[],
  edition: repository.ExhibitorContext['edition'],
) {
  const now = deps.clock.now().getTime();
  const outside = times.some((time) => {
    const day = dayInZone(time, edition.timeZone);
    return day < edition.startsOn || day > edition.endsOn || time.getTime() <= now;
  });
  if (outside) {
    throw new ApiError(
      400,
      { [field]: ['interviewTimeOutsideFair'] },
      { from: edition.startsOn, to: edition.endsOn },
    );
  }
}

/** Mails write times in the edition's own time zone, where the reader will be. */
const setting = (edition: { timeZone: string }, site: { address: string }) => ({
  siteAddress: site.address,
  timeZone: edition.timeZone,
});

/** The press room's address as the invitations' organiser ("Press Office <press@host>" or a bare address). */
function organizer(deps: Deps, siteName: string) {
  const from = deps.config.mailFrom;
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
  return { name: siteName, email: address };
}

async function contactsOf(db: Executor, detail: InterviewDetail) {
  const rows = await repository.contactAddresses(db, detail.context.companyId);
  return rows.map((row) => ({
    email: row.email,
    language: contactLanguage(row.languages, detail.request.language),
  }));
}

type Contact = Awaited<ReturnType<typeof contactsOf>>[number];

/** The invitation (or its cancellation) with the press contacts read once by the caller. */
function calendarFor(deps: Deps, detail: InterviewDetail, contacts: Contact[], language: string) {
  return interviewCalendar(
    detail,
    {
      organizer: organizer(deps, detail.context.siteName),
      contacts: contacts.map((contact) => contact.email),
    },
    language,
    deps.clock.now(),
  );
}

/**
 * A journalist accredited for the exhibitor's edition asks for an interview. What they agree to share is
 * recorded with the consent (when, site, notice version, language) in the same row, before anything reaches
 * the exhibitor; the press contacts' mails are queued in the same transaction.
 */
export async function requestInterview(
  deps: Deps,
  user: AuthUser,
  context: { site: Site; language: Language },
  input: Parsed<InterviewRequestCreateInput>,
): Promise<InterviewDetail> {
  const exhibitor = await repository.findExhibitor(deps.db, input.exhibitor);
  if (!exhibitor || exhibitor.edition.pressGroupId !== context.site.id) throw notFound();
  const outlet = await repository.approvedOutlet(deps.db, user.id, exhibitor.edition.id);
  if (outlet === null) throw permissionDenied('interviewNotAccredited');
  const times = input.preferred_times.map((time) => new Date(time));
  checkWithinFair(deps, 'preferred_times', times, exhibitor.edition);
  const now = deps.clock.now();

  const id = await deps.db.transaction(async (tx) => {
    await repository.lockJournalistAndExhibitor(tx, user.id, exhibitor.exhibitorId);
    if (await repository.hasOpenRequestWith(tx, user.id, exhibitor.exhibitorId)) {
      throw new ApiError(409, { detail: 'interviewAlreadyOpen' });
    }
    const open = await repository.openCountOfJournalist(tx, user.id, exhibitor.edition.id);
    if (open >= openInterviewsPerJournalist) {
      throw new ApiError(429, { detail: 'interviewTooManyOpen' }, { count: open });
    }
    const dayStart = new Date(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
    const today = await repository.requestsToExhibitorSince(tx, exhibitor.exhibitorId, dayStart);
    if (today >= interviewRequestsPerExhibitorPerDay)
      throw new ApiError(429, { detail: 'interviewExhibitorBusy' });
    const row = await repository.insertRequest(tx, {
      exhibitorId: exhibitor.exhibitorId,
      journalistId: user.id,
      topic: input.topic,
      language: input.language,
      format: input.format,
      preferredTimes: times.map((time) => time.toISOString()),
      message: input.message,
      journalistName: `${user.firstName} ${user.lastName}`.trim() || user.email,
      outlet,
      email: user.email,
      phone: input.phone,
      consentAt: now,
      consentPressGroupId: context.site.id,
      consentNoticeVersion: privacyNoticeVersion,
      consentLanguage: context.language,
      createdAt: now,
      updatedAt: now,
    });
    const detail: InterviewDetail = { request: row, context: exhibitor, journalistLanguage: user.language };
    for (const contact of await contactsOf(tx, detail)) {
      await deps.mail.enqueue(tx, requestedMail(detail, contact, setting(exhibitor.edition, context.site)));
    }
    return row.id;
  });
  return (await repository.findDetail(deps.db, id)) as InterviewDetail;
}

export async function requestsOfJournalist(deps: Deps, user: AuthUser) {
  return repository.requestsOfJournalist(deps.db, user.id);
}

/**
 * The exhibitor side's list, a page at a time: a company administrator's own company only. With the editions
 * those requests belong to, whatever the filters.
 */
export async function requestsForExhibitor(deps: Deps, user: AuthUser, query: ExhibitorInterviewsQuery) {
  const companyId = query.company ?? user.companyId;
  if (companyId === null || !answersFor(user, companyId)) throw permissionDenied();
  const { count, rows } = await repository.requestsToCompany(
    deps.db,
    { companyId, editionId: query.edition, status: query.status },
    { offset: (query.page - 1) * query.page_size, limit: query.page_size },
  );
  const editions = await repository.editionsWithRequests(deps.db, companyId);
  return { count, rows, editions, page: query.page, pageSize: query.page_size };
}

/** A request the user answers for; another company's is as absent as one that does not exist. */
async function answerable(deps: Deps, user: AuthUser, id: number) {
  const detail = await repository.findDetail(deps.db, id);
  if (!detail || detail.request.journalistId === null || !answersFor(user, detail.context.companyId)) {
    throw notFound();
  }
  return detail;
}

/** Changes the request if its status is still one expected, else the 409 that says it moved on. */
async function change(
  tx: Executor,
  detail: InterviewDetail,
  expected: readonly string[],
  values: Parameters<typeof repository.updateIfStatus>[3],
  conflict: 'interviewNotPending' | 'interviewNotOpen',
): Promise<InterviewDetail> {
  const row = await repository.updateIfStatus(tx, detail.request.id, expected, values);
  if (!row) throw new ApiError(409, { detail: conflict });
  return { ...detail, request: row };
}

const siteOf = (detail: InterviewDetail, address: string) => ({ address, name: detail.context.siteName });

export async function accept(
  deps: Deps,
  user: AuthUser,
  id: number,
  input: Parsed<InterviewAcceptInput>,
  siteAddress: string,
) {
  const detail = await answerable(deps, user, id);
  const scheduledAt = new Date(input.scheduled_at);
  checkWithinFair(deps, 'scheduled_at', [scheduledAt], detail.context.edition);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const accepted = await change(
      tx,
      detail,
      ['pending'],
      { status: 'accepted', scheduledAt, place: input.place, updatedAt: now },
      'interviewNotPending',
    );
    const where = setting(detail.context.edition, siteOf(detail, siteAddress));
    const contacts = await contactsOf(tx, accepted);
    await deps.mail.enqueue(
      tx,
      journalistMail(
        accepted,
        'accepted',
        where,
        calendarFor(deps, accepted, contacts, accepted.journalistLanguage),
      ),
    );
    for (const contact of contacts) {
      const calendar = calendarFor(deps, accepted, contacts, contact.language);
      await deps.mail.enqueue(tx, exhibitorMail(accepted, 'accepted', contact, where, calendar));
    }
  });
  return (await repository.findDetail(deps.db, id)) as InterviewDetail;
}

export async function decline(
  deps: Deps,
  user: AuthUser,
  id: number,
  input: Parsed<InterviewDeclineInput>,
  siteAddress: string,
) {
  const detail = await answerable(deps, user, id);
  await deps.db.transaction(async (tx) => {
    const declined = await change(
      tx,
      detail,
      ['pending'],
      { status: 'declined', declineReason: input.reason, updatedAt: deps.clock.now() },
      'interviewNotPending',
    );
    await deps.mail.enqueue(
      tx,
      journalistMail(declined, 'declined', setting(detail.context.edition, siteOf(detail, siteAddress))),
    );
  });
  return (await repository.findDetail(deps.db, id)) as InterviewDetail;
}

/**
 * Either side cancels a request still open. An accepted interview's invitation is withdrawn: METHOD:CANCEL with
 * a higher SEQUENCE, mailed to both sides; a waiting request's cancellation is only told to the other side.
 */
async function cancel(
  deps: Deps,
  detail: InterviewDetail,
  by: 'journalist' | 'exhibitor',
  input: Parsed<InterviewCancelInput>,
  siteAddress: string,
) {
  const wasAccepted = detail.request.status === 'accepted';
  await deps.db.transaction(async (tx) => {
    const cancelled = await change(
      tx,
      detail,
      [wasAccepted ? 'accepted' : 'pending'],
      {
        status: 'cancelled',
        cancelledBy: by,
        cancelReason: input.reason,
        sequence: detail.request.sequence + (wasAccepted ? 1 : 0),
        updatedAt: deps.clock.now(),
      },
      'interviewNotOpen',
    );
    const where = setting(detail.context.edition, siteOf(detail, siteAddress));
    const contacts = await contactsOf(tx, cancelled);
    const calendarIn = (language: string) =>
      wasAccepted ? calendarFor(deps, cancelled, contacts, language) : undefined;
    if (by === 'exhibitor') {
      await deps.mail.enqueue(
        tx,
        journalistMail(cancelled, 'cancelled', where, calendarIn(cancelled.journalistLanguage)),
      );
    }
    if (by === 'journalist' || wasAccepted) {
      for (const contact of contacts) {
        await deps.mail.enqueue(
          tx,
          exhibitorMail(cancelled, 'cancelled', contact, where, calendarIn(contact.language)),
        );
      }
    }
  });
  return (await repository.findDetail(deps.db, detail.request.id)) as InterviewDetail;
}

function openOrConflict(detail: InterviewDetail) {
  if (detail.request.status !== 'pending' && detail.request.status !== 'accepted') {
    throw new ApiError(409, { detail: 'interviewNotOpen' });
  }
}

export async function cancelByJournalist(
  deps: Deps,
  user: AuthUser,
  id: number,
  input: Parsed<InterviewCancelInput>,
  siteAddress: string,
) {
  const detail = await repository.findDetail(deps.db, id);
  if (!detail || detail.request.journalistId !== user.id) throw notFound();
  openOrConflict(detail);
  return cancel(deps, detail, 'journalist', input, siteAddress);
}

export async function cancelByExhibitor(
  deps: Deps,
  user: AuthUser,
  id: number,
  input: Parsed<InterviewCancelInput>,
  siteAddress: string,
) {
  const detail = await answerable(deps, user, id);
  openOrConflict(detail);
  return cancel(deps, detail, 'exhibitor', input, siteAddress);
}

/** The invitation as a file, for the journalist who asked or the exhibitor's side, once it was accepted. */
export async function calendarFile(deps: Deps, user: AuthUser, id: number) {
  const detail = await repository.findDetail(deps.db, id);
  const mine = detail?.request.journalistId === user.id;
  if (
    !detail ||
    detail.request.scheduledAt === null ||
    !(mine || answersFor(user, detail.context.companyId))
  ) {
    throw notFound();
  }
  const contacts = await contactsOf(deps.db, detail);
  return calendarFor(deps, detail, contacts, mine ? detail.journalistLanguage : user.language);
}

/**
 * Requests per exhibitor of an edition, by outcome: every exhibitor for the press office, else the user's own
 * company's. Numbers only.
 */
export async function counts(deps: Deps, user: AuthUser, editionId: number) {
  const everyExhibitor = countsEveryExhibitor(user);
  const ownCompany = user.companyId;
  if (!everyExhibitor && (ownCompany === null || !answersFor(user, ownCompany))) throw permissionDenied();
  const edition = await repository.findEdition(deps.db, editionId);
  if (!edition) throw notFound();
  const rows = await repository.countsOfEdition(deps.db, editionId, everyExhibitor ? undefined : ownCompany!);
  return { edition, rows };
}

/** The retention rule: six months after its edition, a request keeps its numbers and loses its people. */
export async function anonymiseEnded(deps: Pick<Deps, 'db'>, now: Date) {
  return repository.anonymiseEndedBefore(deps.db, addMonthsUtc(now, -6).toISOString().slice(0, 10));
}
