import { errors, jwtVerify, SignJWT } from 'jose';

/**
 * The JWT of django-rest-framework-jwt (HS256; user_id, email, exp, orig_iat in seconds), plus `tva`: the
 * user's tokens-valid-after stamp, in milliseconds, when the token was issued.
 *
 * Why a stamp and not `orig_iat < tokensValidAfter`: orig_iat has one-second granularity, so a token issued
 * in the same second as a password change, but before it, would survive, and a token issued right after the
 * change would be refused. Every password change or reset moves the user's stamp to a new, strictly later
 * value; a token is accepted only while its stamp equals the user's current one. This is exact whatever the
 * clocks say (the row default of the database and the application clock may differ).
 */
export interface TokenClaims {
  user_id: number;
  email: string;
  exp: number;
  orig_iat: number;
  tva: number;
}

export type TokenProblem = 'tokenExpired' | 'tokenInvalid';

export class TokenError extends Error {
  constructor(public readonly problem: TokenProblem) {
    super(problem);
  }
}

export interface TokenSettings {
  secretKey: string;
  accessTokenLifetime: number;
}

// The HMAC key, imported once per secret: given raw bytes, jose imports a CryptoKey on every sign and
// verify, which cost more than the HMAC itself on the authenticated request path.
const keys = new Map<string, Promise<CryptoKey>>();
function keyFor(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    keys.set(secret, key);
  }
  return key;
}

export const toSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Issues an access token; a refresh passes the original `orig_iat` so the refresh window is not reset. */
export async function issueToken(
  settings: TokenSettings,
  now: Date,
  user: { id: number; email: string; tokensValidAfter: Date },
  origIat: number = toSeconds(now),
): Promise<string> {
  const key = await keyFor(settings.secretKey);
  return new SignJWT({
    user_id: user.id,
    email: user.email,
    orig_iat: origIat,
    tva: user.tokensValidAfter.getTime(),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setExpirationTime(toSeconds(now) + settings.accessTokenLifetime)
    .sign(key);
}

/** Checks signature and expiry at `now`; throws a TokenError naming the problem. */
export async function readToken(settings: TokenSettings, now: Date, token: string): Promise<TokenClaims> {
  const key = await keyFor(settings.secretKey);
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      currentDate: now,
      requiredClaims: ['exp'],
    }));
  } catch (error) {
    throw new TokenError(error instanceof errors.JWTExpired ? 'tokenExpired' : 'tokenInvalid');
  }
  const { user_id, email, exp, orig_iat, tva } = payload;
  if (
    !Number.isSafeInteger(user_id) ||
    typeof email !== 'string' ||
    typeof exp !== 'number' ||
    !Number.isSafeInteger(orig_iat) ||
    !Number.isSafeInteger(tva)
  ) {
    throw new TokenError('tokenInvalid');
  }
  return { user_id, email, exp, orig_iat, tva } as TokenClaims;
}

/** False once the user's password changed (or was reset) after the token was issued. */
export function tokenStillValidFor(claims: TokenClaims, user: { tokensValidAfter: Date }): boolean {
  return claims.tva === user.tokensValidAfter.getTime();
}
