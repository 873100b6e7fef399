import {
  companies,
  consents,
  type Executor,
  roleGroups,
  userPermissions,
  userRoleGroups,
  users,
} from '@pressroom/db';
import { and, asc, count, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { ListColumns, ListSource } from '../../lib/datatables.ts';

export type ManagedUser = typeof users.$inferSelect & {
  roles: string[];
  extraPermissions: string[];
  companyName: string | null;
};

const parseJson = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

const rolesOfUser = sql<string[]>`coalesce((
  select json_agg(rg.name order by rg.name) from user_role_groups urg
  join role_groups rg on rg.id = urg.role_group_id where urg.user_id = "users"."id"), '[]'::json)`;

const extrasOfUser = sql<string[]>`coalesce((
  select json_agg(up.permission order by up.permission) from user_permissions up
  where up.user_id = "users"."id"), '[]'::json)`;

const selection = {
  user: users,
  roles: rolesOfUser,
  extras: extrasOfUser,
  companyName: companies.businessName,
};

function toManaged(row: {
  user: typeof users.$inferSelect;
  roles: unknown;
  extras: unknown;
  companyName: string | null;
}) {
  return {
    ...row.user,
    roles: parseJson<string[]>(row.roles),
    extraPermissions: parseJson<string[]>(row.extras),
    companyName: row.companyName,
  };
}

export const userColumns: ListColumns = {
  id: { expression: users.id, searchable: false },
  email: { expression: users.email },
  first_name: { expression: users.firstName },
  last_name: { expression: users.lastName },
  name: { expression: sql`${users.firstName} || ' ' || ${users.lastName}` },
  user_type: { expression: users.userType },
  company: { expression: companies.businessName },
  newspaper: { expression: users.newspaper },
  date_joined: { expression: users.dateJoined, searchable: false },
  last_login: { expression: users.lastLogin, searchable: false },
  is_active: { expression: users.isActive, searchable: false },
  roles: { expression: rolesOfUser, orderable: false },
};

export interface UserFilters {
  role?: string;
  status?: 'active' | 'inactive' | 'pending';
  companyId?: number;
  /** Pending accreditation only (the accreditation queue). */
  pendingAccreditation?: boolean;
}

function scope(filters: UserFilters): SQL | undefined {
  return and(
    filters.role
      ? sql`exists (select 1 from user_role_groups urg join role_groups rg on rg.id = urg.role_group_id
          where urg.user_id = "users"."id" and rg.name = ${filters.role})`
      : undefined,
    filters.status === 'active' ? eq(users.isActive, true) : undefined,
    filters.status === 'inactive' ? eq(users.isActive, false) : undefined,
    filters.status === 'pending' || filters.pendingAccreditation
      ? and(eq(users.accreditation, 'pending'), isNotNull(users.emailVerifiedAt))
      : undefined,
    filters.companyId !== undefined ? eq(users.companyId, filters.companyId) : undefined,
  );
}

export function userSource(db: Executor, filters: UserFilters): ListSource<ManagedUser> {
  const base = scope(filters);
  return {
    async count(where) {
      const [row] = await db
        .select({ value: count() })
        .from(users)
        .leftJoin(companies, eq(companies.id, users.companyId))
        .where(and(base, where));
      return row.value;
    },
    async rows({ where, orderBy, limit, offset }) {
      let query = db
        .select(selection)
        .from(users)
        .leftJoin(companies, eq(companies.id, users.companyId))
        .where(and(base, where))
        .orderBy(...orderBy)
        .offset(offset)
        .$dynamic();
      if (limit !== null) query = query.limit(limit);
      return (await query).map(toManaged);
    },
  };
}

export async function findManagedUser(db: Executor, id: number): Promise<ManagedUser | null> {
  const [row] = await db
    .select(selection)
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, id));
  return row ? toManaged(row) : null;
}

export async function companyExists(db: Executor, id: number) {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id));
  return row !== undefined;
}

export async function updateUserColumns(
  db: Executor,
  id: number,
  values: Partial<typeof users.$inferInsert>,
) {
  if (Object.keys(values).length > 0) await db.update(users).set(values).where(eq(users.id, id));
}

export async function replaceRoles(db: Executor, userId: number, roleNames: string[]) {
  await db.delete(userRoleGroups).where(eq(userRoleGroups.userId, userId));
  if (roleNames.length === 0) return;
  const groups = await db
    .select({ id: roleGroups.id })
    .from(roleGroups)
    .where(inArray(roleGroups.name, roleNames));
  await db.insert(userRoleGroups).values(groups.map((group) => ({ userId, roleGroupId: group.id })));
}

export async function addRole(db: Executor, userId: number, roleName: string) {
  const [group] = await db
    .select({ id: roleGroups.id })
    .from(roleGroups)
    .where(eq(roleGroups.name, roleName));
  if (group) await db.insert(userRoleGroups).values({ userId, roleGroupId: group.id }).onConflictDoNothing();
}

export async function replaceExtraPermissions(db: Executor, userId: number, permissionNames: string[]) {
  await db.delete(userPermissions).where(eq(userPermissions.userId, userId));
  if (permissionNames.length > 0) {
    await db.insert(userPermissions).values(permissionNames.map((permission) => ({ userId, permission })));
  }
}

/** The site (press group) a user signed up on: the one of their first privacy consent; null when unknown. */
export async function signUpSiteId(db: Executor, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ siteId: consents.pressGroupId })
    .from(consents)
    .where(eq(consents.userId, userId))
    .orderBy(asc(consents.acceptedAt), asc(consents.id))
    .limit(1);
  return row?.siteId ?? null;
}
