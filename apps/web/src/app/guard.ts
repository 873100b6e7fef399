import type { Permission } from '@pressroom/contract';
import { isTokenExpired } from '../lib/jwt.ts';

export interface GuardInput {
  /** The route's name in the route table. */
  routeName: string;
  requiresAuth: boolean;
  token: string | null;
  /** The path (with its query) the user wants. */
  wanted: string;
  now: number;
}

export interface GuardDecision {
  /** Where to go instead, or null to go on. */
  redirectTo: string | null;
  logout: boolean;
  /** Refresh the token (a valid one is refreshed on each navigation). */
  refresh: boolean;
}

/** Always allowed although flagged login-required (specification section 2). */
const alwaysAllowedRoutes = new Set(['UserPrivacy']);

function homeWithRedirect(wanted: string): string {
  return `/home?${new URLSearchParams({ redirect: wanted }).toString()}`;
}

/**
 * The route guard of specification section 4: no or empty token on a login-required route -> Home with
 * `redirect`; an expired token -> logout and the same redirect; a valid token -> refreshed, navigation goes
 * on. UserPrivacy is always allowed. On a public route an expired token only logs out.
 */
export function decideNavigation(input: GuardInput): GuardDecision {
  const hasToken = typeof input.token === 'string' && input.token !== '';
  const expired = hasToken && isTokenExpired(input.token as string, input.now);
  const protectedRoute = input.requiresAuth && !alwaysAllowedRoutes.has(input.routeName);
  if (protectedRoute && !hasToken) {
    return { redirectTo: homeWithRedirect(input.wanted), logout: false, refresh: false };
  }
  if (expired) {
    return {
      redirectTo: protectedRoute ? homeWithRedirect(input.wanted) : null,
      logout: true,
      refresh: false,
    };
  }
  return { redirectTo: null, logout: false, refresh: hasToken };
}

/**
 * Whether a signed-in user may see a screen asking for one of these permissions; without a user the guard has
 * already sent a visitor to sign in (or the screen is public).
 */
export function mayOpenScreen(
  permissions: readonly Permission[] | undefined,
  user: { permissions: readonly string[] } | null,
): boolean {
  if (!permissions || !user) return true;
  return permissions.some((permission) => user.permissions.includes(permission));
}
