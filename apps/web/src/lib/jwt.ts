/** Reads the claims of a JWT without verifying it (the server verifies); null when it is not a JWT. */
function readTokenClaims(token: string): { exp?: number; user_id?: number; email?: string } | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    const claims: unknown = JSON.parse(json);
    return typeof claims === 'object' && claims !== null ? (claims as { exp?: number }) : null;
  } catch {
    return null;
  }
}

/** Expiry in milliseconds since the epoch, or null when the token carries none. */
export function tokenExpiry(token: string): number | null {
  const exp = readTokenClaims(token)?.exp;
  return typeof exp === 'number' ? exp * 1000 : null;
}

/** The specification: a token whose expiry lies in the past is expired; one without a readable expiry too. */
export function isTokenExpired(token: string, now: number): boolean {
  const expiry = tokenExpiry(token);
  return expiry === null || expiry <= now;
}
