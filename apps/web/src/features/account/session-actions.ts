import { pressRoomRoles, type SessionUser } from '@pressroom/contract';
import { paths } from '../../config/paths.ts';
import { session } from '../../lib/session.ts';
import { accountApi } from './api/account-api.ts';

/**
 * Groups that may sign in: the press-room groups of the specification, plus the associated-companies
 * administrators, who sign in to the back office only (PRODUCT.md section 3).
 */
const entryGroups: readonly string[] = [...pressRoomRoles, 'administrator_associated_companies'];

export function mayEnter(user: SessionUser): boolean {
  return user.groups.some((group) => entryGroups.includes(group.name));
}

/**
 * Where a sign-in lands when no page was asked for: Home, or the companies of the back office for a user who
 * signs in to the back office only (administrator_associated_companies without a press-room group).
 */
export function landingPath(user: SessionUser): string {
  const pressRoom = user.groups.some((group) => (pressRoomRoles as readonly string[]).includes(group.name));
  return pressRoom ? paths.home : paths.adminCompanies;
}

export class NotPermittedError extends Error {
  constructor() {
    super('not permitted');
    this.name = 'NotPermittedError';
  }
}

/** Signs in; refuses (without storing anything) a user who belongs to no permitted group. */
export async function signIn(email: string, password: string): Promise<SessionUser> {
  const { token, user } = await accountApi.tokenAuth(email, password);
  if (!mayEnter(user)) throw new NotPermittedError();
  session.signIn(token, user);
  return user;
}

/** The specification's logout: clears token and user. */
export function signOut() {
  session.signOut();
}
