import { interviewMinutes, type ProgrammeClash } from '@pressroom/contract';
import { ApiError, notFound, permissionDenied } from '../../lib/api-error.ts';
import type { AuthUser } from '../../lib/identity.ts';
import type { Site } from '../../plugins/sites.ts';
import type { EventDetail } from './repository.ts';
import * as repository from './repository.ts';
import { type Deps, readerOf } from './service.ts';
import * as signupsRepository from './signups-repository.ts';
import { join, leave } from './waiting-list.ts';

/**
 * Who may sign up: a journalist accredited for the edition; where the edition asks no proof, any press-room
 * user (their accreditation would be approved on asking anyway).
 */
async function mayAttend(deps: Deps, user: AuthUser, detail: EventDetail) {
  if (!detail.edition.proofRequired && user.permissions.has('press_area.access')) return true;
  return signupsRepository.isAccredited(deps.db, user.id, detail.edition.id);
}

async function openEvent(deps: Deps, site: Site, id: number) {
  const detail = await repository.findDetail(deps.db, id);
  if (!detail || detail.edition.pressGroupId !== site.id) throw notFound();
  if (detail.event.status === 'proposed' || detail.event.status === 'declined') throw notFound();
  if (detail.event.status !== 'approved') throw new ApiError(409, { detail: 'programmeNotOpen' });
  if (detail.event.startsAt.getTime() <= deps.clock.now().getTime()) {
    throw new ApiError(409, { detail: 'programmeStarted' });
  }
  return detail;
}

/**
 * The journalist's other events and accepted interviews at a time overlapping this event's, the events named in
 * the reader's language (the request's: the screen they read, whatever their account's).
 */
async function clashesWith(
  deps: Deps,
  user: AuthUser,
  detail: EventDetail,
  language: string,
): Promise<ProgrammeClash[]> {
  const found = await signupsRepository.clashes(
    deps.db,
    user.id,
    { start: detail.event.startsAt, end: detail.event.endsAt, exceptEventId: detail.event.id },
    interviewMinutes,
    language,
  );
  return [
    ...found.events.map((row) => ({
      kind: 'event' as const,
      id: row.id,
      title: row.title,
      starts_at: row.startsAt.toISOString(),
      ends_at: row.endsAt.toISOString(),
    })),
    ...found.interviews.map((row) => ({
      kind: 'interview' as const,
      id: row.id,
      title: `${row.companyName}: ${row.topic}`,
      starts_at: row.scheduledAt.toISOString(),
      ends_at: row.endsAt.toISOString(),
    })),
  ].sort((a, b) => a.starts_at.localeCompare(b.starts_at));
}

/** Signs up, or joins the waiting list (its rule: `waiting-list.ts`), answered with what clashes. */
export async function signUp(deps: Deps, user: AuthUser, site: Site, id: number, language: string) {
  const detail = await openEvent(deps, site, id);
  if (!(await mayAttend(deps, user, detail))) throw permissionDenied('programmeNotAccredited');
  const signup = await join(deps, id, user);
  return answer(deps, user, detail, signup, language);
}

async function answer(
  deps: Deps,
  user: AuthUser,
  detail: EventDetail,
  signup: repository.SignupRow,
  language: string,
) {
  return {
    event: detail.event.id,
    status: signup.status as 'signed_up' | 'waiting' | 'cancelled',
    position: signup.status === 'waiting' ? await signupsRepository.waitingPosition(deps.db, signup) : null,
    clashes: signup.status === 'cancelled' ? [] : await clashesWith(deps, user, detail, language),
  };
}

/**
 * What of the journalist's would clash with an event of the site, asked before signing up (the event's page
 * shows it beside the button): any event a reader can open, whether or not they hold a place at it.
 */
export async function clashesBefore(deps: Deps, user: AuthUser, site: Site, id: number, language: string) {
  const detail = await repository.findDetail(deps.db, id);
  if (!detail || detail.edition.pressGroupId !== site.id) throw notFound();
  if (detail.event.status !== 'approved') {
    if (detail.event.status === 'cancelled') return [];
    throw notFound();
  }
  return clashesWith(deps, user, detail, language);
}

/** Cancels a sign-up; a place freed goes to the first waiting, who is mailed (`waiting-list.ts`). */
export async function cancelSignup(deps: Deps, user: AuthUser, site: Site, id: number, language: string) {
  const detail = await repository.findDetail(deps.db, id);
  if (!detail || detail.edition.pressGroupId !== site.id) throw notFound();
  const signup = await leave(deps, detail, user.id);
  return answer(deps, user, detail, signup, language);
}

/** "My programme": the journalist's events on this site, each with what clashes with it. */
export async function myProgramme(deps: Deps, user: AuthUser, site: Site, language: string) {
  const ids = await signupsRepository.myEventIds(deps.db, user.id, site.id);
  const details = await repository.detailsOf(deps.db, ids, language, readerOf(deps, user, site));
  const signups = await signupsRepository.signupsOf(deps.db, user.id, ids);
  const rows = [];
  for (const detail of details) {
    rows.push({
      detail,
      signup: signups.get(detail.event.id) ?? { status: 'signed_up', position: null },
      clashes: detail.event.status === 'approved' ? await clashesWith(deps, user, detail, language) : [],
    });
  }
  return rows;
}
