import type { Permission, Role, UserType } from '@pressroom/contract';
import { effectivePermissions, type Language, rolePermissions } from '@pressroom/contract';
import { type Executor, users } from '@pressroom/db';
import { eq, type SQL, sql } from 'drizzle-orm';
import { preparedPerExecutor } from './prepared.ts';

export type UserRow = typeof users.$inferSelect;

/** A user with their role groups and extra permissions, as one query loads them. */
export interface Identity {
  user: UserRow;
  groups: { id: number; name: string }[];
  extraPermissions: string[];
}

/** Who is calling: what every route may rely on once the auth plugin has run. */
export interface AuthUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  userType: UserType;
  language: Language;
  roles: Role[];
  permissions: Set<Permission>;
  companyId: number | null;
}

// Prepared once per executor (lib/prepared.ts): this runs on every authenticated request. The subqueries
// name users.id in full: drizzle writes a bare "id", which inside them would mean another table's column.
const identityQuery = preparedPerExecutor((executor) =>
  executor
    .select({
      user: users,
      groups: sql<{ id: number; name: string }[]>`coalesce((
        select json_agg(json_build_object('id', rg.id, 'name', rg.name) order by rg.id)
        from user_role_groups urg join role_groups rg on rg.id = urg.role_group_id
        where urg.user_id = "users"."id"), '[]'::json)`,
      extraPermissions: sql<string[]>`coalesce((
        select json_agg(up.permission order by up.permission)
        from user_permissions up where up.user_id = "users"."id"), '[]'::json)`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('load_identity'),
);

/**
 * Loads a user, their role groups and their extra permissions in one round trip: this runs on every
 * authenticated request.
 */
export async function loadIdentity(executor: Executor, userId: number): Promise<Identity | null> {
  const rows = await identityQuery(executor).execute({ userId });
  const row = rows[0];
  if (!row) return null;
  // Drivers differ on whether json arrives parsed; both shapes are accepted.
  const parse = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
  return {
    user: row.user,
    groups: parse<{ id: number; name: string }[]>(row.groups),
    extraPermissions: parse<string[]>(row.extraPermissions),
  };
}

export function toAuthUser(identity: Identity): AuthUser {
  const { user, groups, extraPermissions } = identity;
  const roles = groups.map((group) => group.name as Role);
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    userType: user.userType as UserType,
    language: user.language as Language,
    roles,
    permissions: effectivePermissions(roles, extraPermissions),
    companyId: user.companyId,
  };
}

/**
 * SQL that is true when the active user whose id is `userId` holds `permission` now, through a role or as an
 * extra permission: for work done for a user without a request of theirs (a mail queued by a job).
 */
export function activeUserHolds(userId: SQL, permission: Permission): SQL {
  const roles = (Object.keys(rolePermissions) as Role[]).filter((role) =>
    rolePermissions[role].includes(permission),
  );
  return sql`exists (select 1 from users u where u.id = ${userId} and u.is_active and (
    exists (select 1 from user_role_groups urg join role_groups rg on rg.id = urg.role_group_id
            where urg.user_id = u.id and rg.name in (${sql.join(
              roles.map((role) => sql`${role}`),
              sql`, `,
            )}))
    or exists (select 1 from user_permissions up where up.user_id = u.id and up.permission = ${permission})))`;
}
