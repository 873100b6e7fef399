import type { Language, Permission, Role, UserType } from '@pressroom/contract';
import { users } from '@pressroom/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createActiveUser } from '../features/account/service.ts';
import type { UserRow } from '../lib/identity.ts';
import { issueToken } from '../lib/tokens.ts';

/** A password that satisfies the rule (8+ characters, a capital, a number, one of ! @ # $ % _). */
const defaultPassword = 'Ceramics_2026';

let sequence = 0;

export interface UserOptions {
  email?: string;
  password?: string;
  /** Role groups; a journalist (user_press_room) unless given. Pass [] for a user with no group. */
  roles?: Role[];
  /** false: an account that is not active (unverified or switched off). */
  active?: boolean;
  companyId?: number | null;
  userType?: UserType;
  extraPermissions?: Permission[];
  firstName?: string;
  lastName?: string;
  language?: Language;
}

/** The created row plus the password in clear, for tests that sign in. */
export type TestUser = UserRow & { password: string };

/** Creates a user through the account service (argon2id hash, role groups, extras), at the app's clock. */
export async function createUser(app: FastifyInstance, options: UserOptions = {}): Promise<TestUser> {
  sequence += 1;
  const password = options.password ?? defaultPassword;
  let user = await createActiveUser(
    app.db,
    {
      email: options.email ?? `user${sequence}.${process.pid}@example.test`,
      password,
      firstName: options.firstName ?? `First${sequence}`,
      lastName: options.lastName ?? `Last${sequence}`,
      roles: options.roles ?? ['user_press_room'],
      extraPermissions: options.extraPermissions ?? [],
      companyId: options.companyId ?? null,
      userType: options.userType,
      language: options.language ?? 'en',
    },
    app.clock.now(),
  );
  if (options.active === false) {
    [user] = await app.db
      .update(users)
      .set({ isActive: false, emailVerifiedAt: null })
      .where(eq(users.id, user.id))
      .returning();
  }
  return { ...user, password };
}

/** A valid access token for the user, issued at the app's clock. */
export function tokenFor(app: FastifyInstance, user: Pick<UserRow, 'id' | 'email' | 'tokensValidAfter'>) {
  return issueToken(app.config, app.clock.now(), user);
}

export function authHeader(token: string): { authorization: string } {
  return { authorization: `JWT ${token}` };
}
