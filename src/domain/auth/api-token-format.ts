import { createHash, timingSafeEqual } from 'node:crypto';
import { randomToken } from '../ids.js';

const PREFIX = 'api_';
/** 24 random bytes = 192 bits, base64url: 32 characters after the prefix. */
const TOKEN_BYTES = 24;
const TOKEN_SHAPE = /^api_[A-Za-z0-9_-]{32}$/;

export function generateApiToken(): string {
  return PREFIX + randomToken(TOKEN_BYTES);
}

/**
 * SHA-256 is the right hash here: the token carries 192 random bits, so there is nothing for a
 * slow password hash to protect against, and lookups stay one index probe per request.
 */
export function hashApiToken(token: string): string {
  // The rate limiter and the authentication hash the same token one after the other.
  if (token !== lastToken) {
    lastHash = createHash('sha256').update(token).digest('hex');
    lastToken = token;
  }
  return lastHash;
}
let lastToken: string | null = null;
let lastHash = '';

export function isApiTokenShaped(value: string): boolean {
  return TOKEN_SHAPE.test(value);
}

export function tokenHint(token: string): string {
  return token.slice(PREFIX.length, PREFIX.length + 6);
}

/** Constant-time comparison of two hex digests of equal length. */
export function hashesEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
