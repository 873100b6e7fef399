import { type ProgrammeCheckInInput, translateMessage } from '@pressroom/contract';
import { ApiError, notFound } from '../../lib/api-error.ts';
import { badgeCodeOf, badgeIdOfToken } from '../../lib/badge-tokens.ts';
import { dayInZone } from '../../lib/clock.ts';
import { csvDocument } from '../../lib/csv.ts';
import type { AuthUser } from '../../lib/identity.ts';
import type { Site } from '../../plugins/sites.ts';
import { attendancePdf } from './attendance-pdf.ts';
import * as attendanceRepository from './attendance-repository.ts';
import { asLanguage } from './mails.ts';
import { presentAttendee } from './presenters.ts';
import type { EventDetail } from './repository.ts';
import * as repository from './repository.ts';
import { type Deps, editionFor, isOffice, speaksFor } from './service.ts';
import * as signupsRepository from './signups-repository.ts';

// At the door: the press office, or the organising exhibitor's administrator, checks journalists in by the
// code their accreditation badge's QR holds (scanned or typed) or by a ticked name; the list, its CSV and
// the numbers per event follow.

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The badge a scanned or typed code names: the QR's address or token (signed), the badge id itself, or the
 * short code printed under the QR (unique within the edition); null for anything else.
 */
function badgeOf(secret: string, code: string): attendanceRepository.BadgeKey | null {
  const trimmed = code.trim();
  if (uuidPattern.test(trimmed)) return { id: trimmed.toLowerCase() };
  const short = badgeCodeOf(trimmed);
  if (short) return { code: short };
  const id = badgeIdOfToken(secret, trimmed.split('/').filter(Boolean).pop() ?? '');
  return id ? { id } : null;
}

async function doorOf(deps: Deps, user: AuthUser, id: number) {
  const detail = await repository.findDetail(deps.db, id);
  if (!detail || !speaksFor(user, detail.organiser?.companyId)) throw notFound();
  if (detail.event.status === 'proposed' || detail.event.status === 'declined') throw notFound();
  return detail;
}

async function attendanceRows(deps: Deps, eventId: number) {
  const rows = await attendanceRepository.attendees(deps.db, eventId);
  let waiting = 0;
  return rows.map((row) => {
    const position = row.signup.status === 'waiting' ? ++waiting : null;
    return presentAttendee({ ...row, position });
  });
}

export async function attendance(deps: Deps, user: AuthUser, id: number) {
  const detail = await doorOf(deps, user, id);
  const attendees = await attendanceRows(deps, id);
  const signedUp = attendees.filter((row) => row.status === 'signed_up');
  const attended = signedUp.filter((row) => row.checked_in_at !== null).length;
  const ended = detail.event.endsAt.getTime() <= deps.clock.now().getTime();
  return {
    event: {
      id: detail.event.id,
      title: detail.event.title as Record<string, string>,
      starts_at: detail.event.startsAt.toISOString(),
      ends_at: detail.event.endsAt.toISOString(),
    },
    attendees,
    signed_up: signedUp.length,
    waiting: attendees.length - signedUp.length,
    attended,
    no_shows: ended ? signedUp.length - attended : 0,
  };
}

/**
 * Whether a journalist ticked by name would pass with their badge: an active account and an approved
 * accreditation for the edition, or, where the edition asks no proof, no accreditation refused or revoked.
 */
async function mayEnter(deps: Deps, detail: EventDetail, userId: number) {
  const standing = await attendanceRepository.doorStanding(deps.db, detail.edition.id, userId);
  if (!standing?.isActive) return false;
  if (standing.accreditation === null) return !detail.edition.proofRequired;
  return standing.accreditation === 'approved';
}

/**
 * A journalist is checked in on the event's day, at the fair's time (from its start's day to its end's): a
 * check-in ten days before is a mistake (the wrong event, a test of the scanner) unless the door says
 * otherwise. Refused with the event's day in the reader's words; the door confirms to record it all the same.
 */
function refuseOutsideTheDay(detail: EventDetail, now: Date) {
  const { startsAt, endsAt } = detail.event;
  const zone = detail.edition.timeZone;
  const today = dayInZone(now, zone);
  const lastDay = dayInZone(new Date(Math.max(startsAt.getTime(), endsAt.getTime() - 1)), zone);
  if (dayInZone(startsAt, zone) <= today && today <= lastDay) return;
  throw new ApiError(
    409,
    { detail: 'programmeCheckInOutsideDay', code: 'not_event_day' },
    {},
    {},
    {
      day: (language) =>
        new Intl.DateTimeFormat(language, { dateStyle: 'full', timeZone: zone }).format(startsAt),
    },
  );
}

/**
 * Checks a journalist in by badge code or user id. The answer says at once whether the badge is valid for the
 * edition and whether its holder is signed up; only a valid, signed-up holder is recorded (once).
 * A check-in to record outside the event's days is refused unless confirmed (refuseOutsideTheDay); what the
 * badge is worth is answered on any day. `unknownBadge`: the code named no badge of the edition (the door's
 * failures are counted on it).
 */
export async function checkIn(deps: Deps, user: AuthUser, id: number, input: ProgrammeCheckInInput) {
  const detail = await doorOf(deps, user, id);
  let holderId: number;
  let badgeValid = true;
  if ('badge' in input) {
    const badge = badgeOf(deps.config.secretKey, input.badge);
    const holder = badge ? await attendanceRepository.badgeHolder(deps.db, detail.edition.id, badge) : null;
    if (!holder) {
      return {
        answer: { badge_valid: false, signed_up: false, already_checked_in: false, attendee: null },
        unknownBadge: true,
      };
    }
    badgeValid = holder.status === 'approved' && holder.isActive;
    holderId = holder.userId;
  } else {
    holderId = input.user;
    badgeValid = await mayEnter(deps, detail, holderId);
  }
  const signup = await signupsRepository.findSignup(deps.db, id, holderId);
  const signedUp = signup?.status === 'signed_up';
  if (!signup || !signedUp || !badgeValid) {
    if (!('badge' in input) && !signup) throw new ApiError(400, { user: ['programmeNotSignedUp'] });
    const attendee = signup
      ? (await attendanceRows(deps, id)).find((row) => row.user === holderId)
      : undefined;
    return {
      answer: {
        badge_valid: badgeValid,
        signed_up: signedUp,
        already_checked_in: false,
        attendee: attendee ?? null,
      },
      unknownBadge: false,
    };
  }
  // A second scan records nothing: it is answered on any day.
  if (!input.outside_day_confirmed && signup.checkedInAt === null)
    refuseOutsideTheDay(detail, deps.clock.now());
  const recorded = await attendanceRepository.checkIn(deps.db, signup.id, user.id, deps.clock.now());
  const attendee = (await attendanceRows(deps, id)).find((row) => row.user === holderId) ?? null;
  return {
    answer: { badge_valid: true, signed_up: true, already_checked_in: recorded === null, attendee },
    unknownBadge: false,
  };
}

/** The attendance as CSV, headed in the reader's language: who came, who did not, who waited. */
export async function attendanceCsv(deps: Deps, user: AuthUser, id: number) {
  const list = await attendance(deps, user, id);
  const language = asLanguage(user.language);
  const t = (key: string) => translateMessage(language, key);
  const ended = Date.parse(list.event.ends_at) <= deps.clock.now().getTime();
  const statusLabel = (status: string, checkedIn: string | null) => {
    if (status === 'waiting') return t('programmeSignupWaiting');
    return ended && !checkedIn ? t('programmeNoShow') : t('programmeSignupSignedUp');
  };
  return csvDocument(
    [
      t('programmeCsvName'),
      t('programmeCsvOutlet'),
      t('programmeCsvEmail'),
      t('programmeCsvStatus'),
      t('programmeCsvCheckedIn'),
    ],
    list.attendees.map((row) => [
      row.name,
      row.outlet,
      row.email,
      statusLabel(row.status, row.checked_in_at),
      row.checked_in_at,
    ]),
  );
}

/** The attendance as a PDF, for the door's paper copy or the exhibitor's report. */
export async function attendanceReport(deps: Deps, user: AuthUser, id: number) {
  const detail = await doorOf(deps, user, id);
  const list = await attendance(deps, user, id);
  return attendancePdf(list, {
    language: user.language,
    siteName: detail.edition.siteName,
    timeZone: detail.edition.timeZone,
  });
}

/** Numbers per event of an edition: every event for the press office, a company's own for its administrator. */
export async function figures(
  deps: Deps,
  user: AuthUser,
  site: Site,
  query: { edition?: number; exhibitor?: number },
) {
  const edition = await editionFor(deps, site, query.edition);
  if (!edition) return [];
  const companyId = isOffice(user) ? undefined : (user.companyId ?? -1);
  const rows = await attendanceRepository.figures(deps.db, {
    editionId: edition.id,
    exhibitorId: query.exhibitor,
    companyId,
  });
  const now = deps.clock.now().getTime();
  return rows.map((row) => ({
    event: row.id,
    title: row.title as Record<string, string>,
    starts_at: row.startsAt.toISOString(),
    capacity: row.capacity,
    signed_up: row.signedUp,
    waiting: row.waiting,
    attended: row.attended,
    no_shows: row.endsAt.getTime() <= now ? row.signedUp - row.attended : 0,
  }));
}
