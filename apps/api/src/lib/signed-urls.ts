import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Permission } from '@pressroom/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notAuthenticated } from './api-error.ts';
import { type AuthUser, loadIdentity, toAuthUser } from './identity.ts';

/**
 * Signed file URLs. An <img src>, a PDF link or a ZIP the browser downloads by itself cannot carry the
 * Authorization header, so press-area file URLs handed to a signed-in user carry an expiry and an HMAC of the
 * path and query instead. The expiry is rounded to whole UTC days (valid one to two days), so a URL stays the
 * same all day long and the browser cache keeps working.
 *
 * A link carries its site (`site=<id>`, signed with the rest): it is honoured only on that site's host, so a
 * press kit or gallery link made on one site never serves another site's content. A signature stands for the
 * rights checked when the link was made; what the link serves is checked again when it is served (the routes
 * and services: still published, still on the site). A gallery or release link that shows what only its
 * editor may see (a draft) names that editor (`editor=<id>`), signed too, and serves while they may still see
 * it; one shown on a site other than the one its content is on names that site (`on=<id>`).
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
function signedUrlExpiry(now: Date): number {
  return (Math.floor(now.getTime() / 1000 / day) + 2) * day;
}

/**
 * Signatures made, by secret, expiry and what they sign: a page of pictures signs five links per picture, the
 * same all day for each of its readers, and an HMAC costs more than finding it again. Bounded: past the
 * limit the memo starts again.
 */
const madeSignatures = new Map<string, string>();
const maxMadeSignatures = 20_000;

function madeSignature(secret: string, pathAndQuery: string, expires: number): string {
  const key = `${secret}\u0000${expires}\u0000${pathAndQuery}`;
  let made = madeSignatures.get(key);
  if (made === undefined) {
    if (madeSignatures.size >= maxMadeSignatures) madeSignatures.clear();
    made = signature(secret, pathAndQuery, expires);
    madeSignatures.set(key, made);
  }
  return made;
}

/** The path and query signed for the site `site` (a press group's id), valid until the end of tomorrow. */
export function signUrl(secret: string, pathAndQuery: string, now: Date, site: number): string {
  const expires = signedUrlExpiry(now);
  const sited = `${pathAndQuery}${pathAndQuery.includes('?') ? '&' : '?'}site=${site}`;
  return `${sited}&expires=${expires}&signature=${madeSignature(secret, sited, expires)}`;
}

/** True when the URL's signature is ours, unexpired, and made for the site `site`. */
function verifySignedUrl(secret: string, url: string, now: Date, site: number): boolean {
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

/** A path and query with `scope` (what a link says of its viewer, e.g. `editor=<id>`) added, before it is signed. */
export function withScope(pathAndQuery: string, scope: string): string {
  if (!scope) return pathAndQuery;
  return `${pathAndQuery}${pathAndQuery.includes('?') ? '&' : '?'}${scope}`;
}

/** Signs paths with `scope` (see withScope) added to their query. */
export function scopedSigner(sign: Signer, scope: string): Signer {
  return scope ? (pathAndQuery) => sign(withScope(pathAndQuery, scope)) : sign;
}

/** A query parameter's one value as a positive integer; null when absent, 'invalid' when repeated or other. */
function numberParam(params: URLSearchParams, name: string): number | null | 'invalid' {
  const values = params.getAll(name);
  if (values.length === 0) return null;
  if (values.length > 1 || !/^[1-9]\d{0,9}$/.test(values[0])) return 'invalid';
  return Number(values[0]);
}

/** Whom a signed link stands for: an editor as their account is now, or nobody (the press); and of which site. */
export interface LinkViewer {
  user: AuthUser | null;
  siteId: number;
  /** A preview's link (`preview=<invitation>`): it serves only what that invitation still reads. */
  preview?: number;
}

/**
 * The viewer a signed link stands for, its signature already checked for this site (`siteId`): the press of
 * the site it names in `on` (shown on another site, as a basket's thumbnail), else of its own; with the
 * editor it names, as their account is now. Null when that account is gone or inactive: the link then
 * serves nothing.
 */
export async function linkViewer(
  app: FastifyInstance,
  siteId: number,
  url: string,
): Promise<LinkViewer | null> {
  const params = new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?') + 1) : '');
  const editor = numberParam(params, 'editor');
  const on = numberParam(params, 'on');
  const preview = numberParam(params, 'preview');
  if (editor === 'invalid' || on === 'invalid' || preview === 'invalid') return null;
  if (preview !== null) return { user: null, siteId, preview };
  let user: AuthUser | null = null;
  if (editor !== null) {
    const identity = await loadIdentity(app.db, editor);
    if (!identity?.user.isActive) return null;
    user = toAuthUser(identity);
  }
  return { user, siteId: on ?? siteId };
}
