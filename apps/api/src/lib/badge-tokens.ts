import { createHmac, timingSafeEqual } from 'node:crypto';

// A press badge's QR code carries a signed identifier: the badge id (random, 16 bytes) and an HMAC of it with
// the server's secret, both base64url. Forging a badge needs the secret; a valid signature is not enough to
// pass the gate either: the check reads the request, which must still be approved and within its edition.

const uuidBytes = (badgeId: string) => Buffer.from(badgeId.replace(/-/g, ''), 'hex');

function signature(secret: string, id: Buffer): Buffer {
  return createHmac('sha256', secret).update('press-badge:').update(id).digest().subarray(0, 16);
}

export function badgeToken(secret: string, badgeId: string): string {
  const id = uuidBytes(badgeId);
  return `${id.toString('base64url')}.${signature(secret, id).toString('base64url')}`;
}

/** The badge id a token names, when its signature holds; null for anything else. */
export function badgeIdOfToken(secret: string, token: string): string | null {
  const match = /^([\w-]{22})\.([\w-]{22})$/.exec(token);
  if (!match) return null;
  const id = Buffer.from(match[1], 'base64url');
  const given = Buffer.from(match[2], 'base64url');
  if (id.length !== 16 || given.length !== 16 || !timingSafeEqual(given, signature(secret, id))) return null;
  const hex = id.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// The badge's short code (the `badge_code` column, drawn by the database): eight characters of Crockford's
// base32, printed under the QR code and typed at the door when no camera reads it. What staff type is read
// as Crockford meant it: case, spaces and hyphens aside, O as 0 and I or L as 1, so that no look-alike is a
// wrong code.
const codeAlphabet = /^[0-9ABCDEFGHJKMNPQRSTVWXYZ]{8}$/;

/** The stored code a typed one names, or null when it is not one. */
export function badgeCodeOf(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return codeAlphabet.test(code) ? code : null;
}
