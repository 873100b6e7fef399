import type { Permission } from '@pressroom/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notAuthenticated, permissionDenied } from '../lib/api-error.ts';
import { type AuthUser, type Identity, loadIdentity, toAuthUser } from '../lib/identity.ts';
import { readToken, TokenError, tokenStillValidFor } from '../lib/tokens.ts';

export type { AuthUser } from '../lib/identity.ts';

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null (anonymous, or no authentication hook on the route). */
    user: AuthUser | null;
    /**
     * What authentication loaded for request.user (the full user row, groups, extra permissions), so a
     * call presenting the signed-in user (the profile) need not load it again; null when request.user is.
     */
    identity: Identity | null;
  }
  interface FastifyInstance {
    /** 401 unless the request carries a valid token of an active user. */
    authenticate: Guard;
    /** Sets request.user when a valid token is sent; a missing or unusable token leaves it null. */
    authenticateOptional: Guard;
    /** 401 when signed out, 403 unless the user holds every named permission. */
    requirePermission(...names: Permission[]): Guard;
    /** 401 when signed out, 403 unless the user holds at least one of the named permissions. */
    requireAnyPermission(...names: Permission[]): Guard;
  }
}

const prefixes = new Set(['jwt', 'bearer']);

/**
 * The token of the Authorization header, following django-rest-framework-jwt: another scheme (or none)
 * means no credentials; the scheme alone or a token with spaces is a malformed header.
 */
function tokenFromHeader(header: string | undefined): string | null {
  const parts = (header ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0 || !prefixes.has(parts[0].toLowerCase())) return null;
  if (parts.length === 1) throw notAuthenticated('authHeaderNoCredentials');
  if (parts.length > 2) throw notAuthenticated('authHeaderSpaces');
  return parts[1];
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorateRequest('identity', null);

  /** The identity of the user a token belongs to, or the 401 that explains why it cannot be used. */
  async function identityForToken(token: string): Promise<Identity> {
    let claims: Awaited<ReturnType<typeof readToken>>;
    try {
      claims = await readToken(app.config, app.clock.now(), token);
    } catch (error) {
      if (error instanceof TokenError) throw notAuthenticated(error.problem);
      throw error;
    }
    const identity = await loadIdentity(app.db, claims.user_id);
    if (!identity || !tokenStillValidFor(claims, identity.user)) throw notAuthenticated('tokenInvalid');
    if (!identity.user.isActive) throw notAuthenticated('userInactive');
    return identity;
  }

  function signIn(request: FastifyRequest, identity: Identity) {
    request.identity = identity;
    request.user = toAuthUser(identity);
  }

  async function authenticate(request: FastifyRequest) {
    if (request.user) return;
    const token = tokenFromHeader(request.headers.authorization);
    if (!token) throw notAuthenticated('notAuthenticated');
    signIn(request, await identityForToken(token));
  }

  // Public calls stay public: a stale or broken token there is ignored rather than turned into a 401, so a
  // visitor whose session ended still sees the public pages.
  async function authenticateOptional(request: FastifyRequest) {
    if (request.user) return;
    try {
      const token = tokenFromHeader(request.headers.authorization);
      if (token) signIn(request, await identityForToken(token));
    } catch (error) {
      if (!(error instanceof Error && 'statusCode' in error && error.statusCode === 401)) throw error;
    }
  }

  app.decorate('authenticate', authenticate);
  app.decorate('authenticateOptional', authenticateOptional);
  app.decorate('requirePermission', (...names: Permission[]) => {
    return async (request: FastifyRequest) => {
      await authenticate(request);
      const held = request.user?.permissions;
      if (!names.every((name) => held?.has(name))) throw permissionDenied();
    };
  });
  app.decorate('requireAnyPermission', (...names: Permission[]) => {
    return async (request: FastifyRequest) => {
      await authenticate(request);
      const held = request.user?.permissions;
      if (!names.some((name) => held?.has(name))) throw permissionDenied();
    };
  });
});
