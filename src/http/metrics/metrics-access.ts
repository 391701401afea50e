import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether an Authorization header carries the metrics token. Both sides are hashed first, so the
 * comparison is constant-time whatever the lengths; no configured token means no access this way.
 */
export function hasMetricsToken(authorization: string | undefined, token: string | null): boolean {
  if (!token || !authorization) return false;
  const given = createHash('sha256').update(authorization).digest();
  const wanted = createHash('sha256').update(`Bearer ${token}`).digest();
  return timingSafeEqual(given, wanted);
}
