import { randomFillSync } from 'node:crypto';

/**
 * Random bytes from the CSPRNG, drawn from a pool refilled 4 KiB at a time: a creation draws
 * about ten ids, and one fill costs less than ten separate calls (Node's randomUUID pools the
 * same way). Each byte is handed out once.
 */
const pool = Buffer.allocUnsafe(4096);
let offset = pool.length;

function randomBytesPooled(n: number): Buffer {
  if (n > pool.length) return randomFillSync(Buffer.allocUnsafe(n));
  if (offset + n > pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const bytes = pool.subarray(offset, offset + n);
  offset += n;
  return bytes;
}

/** URL-safe random string carrying `bytes * 8` bits of entropy. */
export function randomToken(bytes: number): string {
  return randomBytesPooled(bytes).toString('base64url');
}

/** Opaque public ids such as `envelope_…`; 96 random bits, so they cannot be guessed or enumerated. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytesPooled(12).toString('base64url')}`;
}
