import { type Algorithm, hash, verify } from '@node-rs/argon2';

// Argon2id with the OWASP baseline (19 MiB, 2 passes, 1 lane). `Algorithm` is a const enum, which isolated
// modules cannot read at run time, so its value is written out: 2 is Argon2id.
const argon2id = 2 as Algorithm;
const options = { algorithm: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Hashes a password with argon2id and a random salt; the result carries its own parameters. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/**
 * True when the password matches the hash (arguments in the order of `hashPassword`: the password first). A malformed or empty stored hash (an account that never had a
 * usable password) answers false instead of throwing.
 */
export async function verifyPassword(password: string, passwordHash: string): Promise<boolean> {
  if (!passwordHash.startsWith('$argon2')) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one verification when there is no account to check, so response times do not reveal
 * which e-mail addresses are registered.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('no account has this password!');
  await verifyPassword(password, await dummyHash);
  return false;
}
