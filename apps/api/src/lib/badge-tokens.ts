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
