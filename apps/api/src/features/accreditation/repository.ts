import {
  accreditationProofs,
  accreditationRequests,
  type Executor,
  fairEditions,
  pressGroups,
  users,
} from '@pressroom/db';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';

export type EditionRow = typeof fairEditions.$inferSelect;
type RequestRow = typeof accreditationRequests.$inferSelect;
type ProofRow = typeof accreditationProofs.$inferSelect;

/** A request with its edition, site and the person who asked (for the office's queue and the mails). */
export interface RequestDetail {
  request: RequestRow;
  edition: EditionRow;
  siteName: string;
  user: {
    id: number;
    email: string;
    firstName: string;
    lastName: string;
    country: string;
    countryUnmapped: string;
    language: string;
    isActive: boolean;
  };
  proofs: ProofRow[];
}

const detailColumns = {
  request: accreditationRequests,
  edition: fairEditions,
  siteName: pressGroups.name,
  user: {
    id: users.id,
    email: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
    country: users.country,
    countryUnmapped: users.countryUnmapped,
    language: users.language,
    isActive: users.isActive,
  },
};

async function withProofs(
  executor: Executor,
  rows: Omit<RequestDetail, 'proofs'>[],
): Promise<RequestDetail[]> {
  if (rows.length === 0) return [];
  const proofs = await executor
    .select()
    .from(accreditationProofs)
    .where(
      inArray(
        accreditationProofs.requestId,
        rows.map((row) => row.request.id),
      ),
    )
    .orderBy(asc(accreditationProofs.id));
  return rows.map((row) => ({
    ...row,
    proofs: proofs.filter((proof) => proof.requestId === row.request.id),
  }));
}

function detailQuery(executor: Executor) {
  return executor
    .select(detailColumns)
    .from(accreditationRequests)
    .innerJoin(fairEditions, eq(fairEditions.id, accreditationRequests.editionId))
    .innerJoin(pressGroups, eq(pressGroups.id, fairEditions.pressGroupId))
    .innerJoin(users, eq(users.id, accreditationRequests.userId));
}

export async function findRequests(executor: Executor, ids: number[]): Promise<RequestDetail[]> {
  if (ids.length === 0) return [];
  const rows = await detailQuery(executor)
    .where(inArray(accreditationRequests.id, ids))
    .orderBy(asc(accreditationRequests.id));
  return withProofs(executor, rows);
}

export async function requestsOfUser(executor: Executor, userId: number, siteId: number) {
  const rows = await detailQuery(executor)
    .where(and(eq(accreditationRequests.userId, userId), eq(fairEditions.pressGroupId, siteId)))
    .orderBy(desc(fairEditions.endsOn), desc(accreditationRequests.id));
  return withProofs(executor, rows);
}

/** The user's latest request on any site: what a renewal starts from. */
export async function latestRequestOfUser(executor: Executor, userId: number) {
  const [row] = await executor
    .select()
    .from(accreditationRequests)
    .where(eq(accreditationRequests.userId, userId))
    .orderBy(desc(accreditationRequests.createdAt), desc(accreditationRequests.id))
    .limit(1);
  return row;
}

export interface QueueFilter {
  siteIds: number[];
  edition?: number;
  status?: string;
  country?: string;
}

/** The office's queue: waiting requests first (oldest first), then the decided ones, newest first. */
export async function queue(executor: Executor, filter: QueueFilter) {
  const conditions = [inArray(fairEditions.pressGroupId, filter.siteIds)];
  if (filter.edition) conditions.push(eq(accreditationRequests.editionId, filter.edition));
  if (filter.status) conditions.push(eq(accreditationRequests.status, filter.status));
  if (filter.country) conditions.push(eq(users.country, filter.country));
  const rows = await detailQuery(executor)
    .where(and(...conditions))
    .orderBy(
      sql`case ${accreditationRequests.status} when 'received' then 0 when 'needs_information' then 1 else 2 end`,
      sql`case when ${accreditationRequests.status} in ('received', 'needs_information') then ${accreditationRequests.updatedAt} end asc`,
      desc(accreditationRequests.updatedAt),
    )
    .limit(500);
  return withProofs(executor, rows);
}

export async function queueCountries(executor: Executor, siteIds: number[]) {
  const rows = await executor
    .selectDistinct({ country: users.country })
    .from(accreditationRequests)
    .innerJoin(fairEditions, eq(fairEditions.id, accreditationRequests.editionId))
    .innerJoin(users, eq(users.id, accreditationRequests.userId))
    .where(and(inArray(fairEditions.pressGroupId, siteIds), sql`${users.country} <> ''`))
    .orderBy(asc(users.country));
  return rows.map((row) => row.country);
}

export async function editions(executor: Executor, siteIds: number[]) {
  const rows = await executor
    .select({ edition: fairEditions, siteName: pressGroups.name })
    .from(fairEditions)
    .innerJoin(pressGroups, eq(pressGroups.id, fairEditions.pressGroupId))
    .where(inArray(fairEditions.pressGroupId, siteIds))
    .orderBy(desc(fairEditions.endsOn), desc(fairEditions.id));
  const counts = await executor
    .select({
      editionId: accreditationRequests.editionId,
      status: accreditationRequests.status,
      total: count(),
    })
    .from(accreditationRequests)
    .groupBy(accreditationRequests.editionId, accreditationRequests.status);
  return rows.map((row) => ({
    ...row,
    counts: Object.fromEntries(
      counts
        .filter((entry) => entry.editionId === row.edition.id)
        .map((entry) => [entry.status, entry.total]),
    ),
  }));
}

export async function findEdition(executor: Executor, id: number) {
  const [row] = await executor
    .select({ edition: fairEditions, siteName: pressGroups.name })
    .from(fairEditions)
    .innerJoin(pressGroups, eq(pressGroups.id, fairEditions.pressGroupId))
    .where(eq(fairEditions.id, id));
  return row;
}

/** A site's editions still open for requests on `today` (YYYY-MM-DD), soonest first. */
export async function openEditions(executor: Executor, siteId: number, today: string) {
  return executor
    .select()
    .from(fairEditions)
    .where(and(eq(fairEditions.pressGroupId, siteId), sql`${fairEditions.endsOn} >= ${today}`))
    .orderBy(asc(fairEditions.startsOn), asc(fairEditions.id));
}

export async function findByBadgeId(executor: Executor, badgeId: string) {
  const [row] = await detailQuery(executor).where(eq(accreditationRequests.badgeId, badgeId));
  return row;
}

/** Proof files of the editions that ended before `endedBefore`: their purpose is over (retention). */
export async function expiredProofs(executor: Executor, endedBefore: string) {
  return executor
    .select({ id: accreditationProofs.id, storagePath: accreditationProofs.storagePath })
    .from(accreditationProofs)
    .innerJoin(accreditationRequests, eq(accreditationRequests.id, accreditationProofs.requestId))
    .innerJoin(fairEditions, eq(fairEditions.id, accreditationRequests.editionId))
    .where(sql`${fairEditions.endsOn} < ${endedBefore}`);
}

export async function allProofPaths(executor: Executor) {
  const rows = await executor
    .select({ storagePath: accreditationProofs.storagePath })
    .from(accreditationProofs);
  return new Set(rows.map((row) => row.storagePath));
}

/** An approved journalist joins the press room (as the account-level accreditation does). */
export async function grantPressRoom(executor: Executor, userId: number) {
  await executor.update(users).set({ accreditation: 'approved' }).where(eq(users.id, userId));
  await executor.execute(sql`insert into user_role_groups (user_id, role_group_id)
    select ${userId}, id from role_groups where name = 'user_press_room' on conflict do nothing`);
}

export async function pressDataOf(executor: Executor, userId: number) {
  const [row] = await executor
    .select({
      mediaType: users.mediaType,
      newspaper: users.newspaper,
      publishingHouse: users.publishingHouse,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
