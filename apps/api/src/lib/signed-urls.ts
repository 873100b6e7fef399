import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Permission } from '@pressroom/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notAuthenticated } from './api-error.ts';

/**
 * Signed file URLs. An <img src>, a PDF link or a ZIP the browser downloads by itself cannot carry the
 * Authorization header, so press-area file URLs handed to a signed-in user carry an expiry and an HMAC of the
 * path and query instead. The expiry is rounded to whole UTC days (valid one to two days), so a URL stays the
 * same all day long and the browser cache keeps working.
 *
 * A link carries its site (`site=<id>`, signed with the rest): it is honoured only on that site's host, so a
 * press kit or gallery link made on one site never serves another site's content. A signature stands for the
 * rights checked when the link was made; what the link serves is checked again when it is served (the routes
 * and services: still published, still on the site). A gallery link that shows what only its editor may see
 * (a draft) names that editor, signed too, and serves while they may still see it.
 */
const purpose = 'pressroom.file-url';
const day = 86_400;

function signature(secret: string, pathAndQuery: string, expires: number): string {
  return createHmac('sha256', secret).update(`${purpose}:${expires}:${pathAndQuery}`).digest('base64url');
}

function withoutSignature(url: string): {
  pathAndQuery: string;
  expires: string | null;
  signature: string | null;
  site: string | null;
} {
  const index = url.indexOf('?');
  const path = index === -1 ? url : url.slice(0, index);
  const query = index === -1 ? '' : url.slice(index + 1);
  const params = new URLSearchParams(query);
  // The rest of the query is kept as it was written: re-encoding it (URLSearchParams writes `,` as `%2C`)
  // would change what was signed.
  const rest = query
    .split('&')
    .filter((part) => part !== '' && !part.startsWith('expires=') && !part.startsWith('signature='))
    .join('&');
  return {
    pathAndQuery: rest ? `${path}?${rest}` : path,
    expires: params.get('expires'),
    signature: params.get('signature'),
    site: params.getAll('site').length === 1 ? params.get('site') : null,
  };
}

/** Expiry of URLs signed now: the end of tomorrow (UTC), in seconds since the epoch. */
export function signedUrlExpiry(now: Date): number {
  return (Math.floor(now.getTime() / 1000 / day) + 2) * day;
}

/** The path and query signed for the site `site` (a press group's id), valid until the end of tomorrow. */
export function signUrl(secret: string, pathAndQuery: string, now: Date, site: number): string {
  const expires = signedUrlExpiry(now);
  const sited = `${pathAndQuery}${pathAndQuery.includes('?') ? '&' : '?'}site=${site}`;
  return `${sited}&expires=${expires}&signature=${signature(secret, sited, expires)}`;
}

/** True when the URL's signature is ours, unexpired, and made for the site `site`. */
export function verifySignedUrl(secret: string, url: string, now: Date, site: number): boolean {
  const parts = withoutSignature(url);
  if (!parts.expires || !parts.signature || !/^\d{1,12}$/.test(parts.expires)) return false;
  if (parts.site !== String(site)) return false;
  const expires = Number(parts.expires);
  if (expires * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(signature(secret, parts.pathAndQuery, expires));
  const given = Buffer.from(parts.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function hasSignature(request: FastifyRequest): boolean {
  return (request.raw.url ?? request.url).includes('signature=');
}

/** A link signed for this request's site (its host), unexpired. */
export function signedForThisSite(app: FastifyInstance, request: FastifyRequest): boolean {
  return (
    hasSignature(request) &&
    verifySignedUrl(app.config.secretKey, request.raw.url ?? request.url, app.clock.now(), request.site.id)
  );
}

/** Signs paths for the site of the request being answered. */
export function signerFor(app: FastifyInstance, request: FastifyRequest) {
  const now = app.clock.now();
  return (pathAndQuery: string) => signUrl(app.config.secretKey, pathAndQuery, now, request.site.id);
}
export type Signer = ReturnType<typeof signerFor>;

/**
 * A guard for file URLs: a valid signature admits the request; without one, the caller must be signed in
 * with the permission (API clients send their token). A wrong or expired signature is a 401.
 */
export function signedOrPermission(app: FastifyInstance, permission: Permission) {
  const guard = app.requirePermission(permission);
  return async (request: FastifyRequest, reply: Parameters<typeof guard>[1]) => {
    if (hasSignature(request)) {
      if (signedForThisSite(app, request)) return;
      throw notAuthenticated('linkExpired');
    }
    await guard(request, reply);
  };
}
