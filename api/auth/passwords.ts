import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (m = 19456 KiB, t = 2, p = 1: OWASP's recommendation), ≈ 12 ms here.
// @node-rs/argon2 defaults to Algorithm.Argon2id; the PHC string records the parameters, so they can be
// raised later without breaking existing hashes.

/** Hashes a password with argon2id. Returns a PHC string ('$argon2id$v=19$m=19456,t=2,p=1$…'). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Verifying against this when the account does not exist keeps "no such user" as slow as "wrong password".
let dummyHash: Promise<string> | undefined;

/**
 * True when `password` matches `passwordHash`. A missing hash (unknown user, or an identity-provider admin
 * without a password) is checked against a dummy hash and answers false, taking the same time.
 */
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hash('not-a-real-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash never signs anyone in
  }
}
