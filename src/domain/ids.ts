import { randomBytes } from 'node:crypto';

/** URL-safe random string carrying `bytes * 8` bits of entropy. */
export function randomToken(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}

/** Opaque public ids such as `envelope_…`; 96 random bits, so they cannot be guessed or enumerated. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url')}`;
}
