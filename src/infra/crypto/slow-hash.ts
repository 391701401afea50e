import { randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Slow hashes for short secrets a person types (one-time codes, access codes): their entropy is
 * small, so a fast hash of them in a copied database would fall to a dictionary at once. scrypt
 * (N=16384, r=8, p=1) with a random salt per secret; stored as `scrypt1.<salt>.<hash>` (base64url).
 * Runs in libuv's thread pool, not on the event loop.
 */
const KEY_LENGTH = 32;

function derive(secret: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(secret.normalize('NFC'), salt, KEY_LENGTH, { N: 16384, r: 8, p: 1 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function slowHash(secret: string): Promise<string> {
  const salt = randomBytes(16);
  return `scrypt1.${salt.toString('base64url')}.${(await derive(secret, salt)).toString('base64url')}`;
}

/** Constant-time comparison of a typed secret with its stored hash; false for a malformed hash. */
export async function slowHashMatches(secret: string, stored: string): Promise<boolean> {
  const [version, salt, hash] = stored.split('.');
  if (version !== 'scrypt1' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(secret, Buffer.from(salt, 'base64url'));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** A uniformly random 6-digit code (leading zeros kept). */
export function newOneTimeCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}
