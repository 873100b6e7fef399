import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed links (`user_id`, `timestamp`, `signature`): an HMAC-SHA256 over the fields, keyed by the server
 * secret and salted with the link's purpose and a value that must not have changed since the link was made
 * (the e-mail for verification; the password hash for a reset, so a reset link works once).
 */
export type LinkPurpose = 'verify-registration' | 'reset-password';

export interface LinkFields {
  user_id: number;
  timestamp: number;
  signature: string;
}

function digest(secret: string, purpose: LinkPurpose, userId: number, timestamp: number, salt: string) {
  return createHmac('sha256', secret)
    .update(`pressroom.${purpose}\u0000${salt}\u0000${userId}\u0000${timestamp}`)
    .digest('base64url');
}

export function signLink(
  secret: string,
  purpose: LinkPurpose,
  userId: number,
  timestamp: number,
  salt: string,
): LinkFields {
  return { user_id: userId, timestamp, signature: digest(secret, purpose, userId, timestamp, salt) };
}

/** Compares in constant time; any difference in the fields or the salt fails. */
export function linkSignatureValid(secret: string, purpose: LinkPurpose, link: LinkFields, salt: string) {
  const expected = Buffer.from(digest(secret, purpose, link.user_id, link.timestamp, salt));
  const given = Buffer.from(link.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
