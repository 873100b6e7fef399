import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../lib/identity.ts';

/**
 * Who is asking, where and when: the signed-in user (null: anyone), the site the request is for, and the time
 * the rules are judged at. Every rule of this folder takes a reader.
 */
export interface Reader {
  user: AuthUser | null;
  siteId: number;
  now: Date;
}

export const readerOf = (request: FastifyRequest): Reader => ({
  user: request.user ?? null,
  siteId: request.site.id,
  now: request.server.clock.now(),
});

/** Signed in to the press area: reads published material under embargo too, and the press area's galleries. */
export const hasPressAccess = (user: AuthUser | null) => user?.permissions.has('press_area.access') ?? false;
