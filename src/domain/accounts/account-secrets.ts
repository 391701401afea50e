import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { randomToken } from '../ids.js';

/**
 * The secrets accounts hand out: session tokens (the cookie), one-time link tokens and recovery
 * codes. Each carries at least 80 random bits, so a SHA-256 of it is all the database keeps (a slow
 * hash guards secrets a person chooses, not random ones) and a lookup stays one index probe.
 */
const TOKEN_BYTES = 32;

export function newSecretToken(): string {
  return randomToken(TOKEN_BYTES);
}

export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The session's CSRF token, derived from the cookie's token under a label of its own: the server
 * recomputes it on every request instead of storing it, a page reads it from the session answer,
 * and a site that cannot read the cookie cannot compute it.
 */
export function csrfTokenFor(sessionToken: string): string {
  return createHash('sha256').update(`firma-csrf/v1:${sessionToken}`).digest('base64url');
}

/** Constant-time equality of two strings (false when their lengths differ). */
export function secretsEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/** The sign-in throttle's key of an address: whether or not an account has it. */
export function throttleKeyOf(email: string): string {
  return createHash('sha256').update(`sign-in:${email}`).digest('hex');
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** Ten recovery codes of 80 random bits each, written `xxxx-xxxx-xxxx-xxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: 10 }, () => {
    const bytes = randomBytes(10);
    let bits = '';
    for (const byte of bytes) bits += byte.toString(2).padStart(8, '0');
    const chars = Array.from({ length: 16 }, (_, i) => BASE32[parseInt(bits.slice(i * 5, i * 5 + 5), 2)]!);
    return chars.join('').replace(/(.{4})(?=.)/g, '$1-');
  });
}

/** A recovery code as typed (any case, with or without dashes and spaces), hashed. */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256')
    .update(`recovery:${code.toLowerCase().replace(/[\s-]/g, '')}`)
    .digest('hex');
}
