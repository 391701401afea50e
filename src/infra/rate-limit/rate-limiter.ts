import { dialectOf, type Db } from '../../db/database.js';
import type { Logger } from 'pino';
import { batchedDatabaseLimiter } from './batched-database-limiter.js';
import { WINDOW_MS, type RateLimiter, type RateLimitHit } from './limiter.js';
import { redisLimiter } from './redis-limiter.js';

export type { RateLimiter, RateLimitHit } from './limiter.js';

export interface RateLimiterOptions {
  redisUrl: string | null;
  /** Start of every Redis key, so deployments may share one Redis. */
  redisPrefix?: string;
  flushMs: number;
  log: Pick<Logger, 'warn'>;
}

/**
 * Fixed one-minute windows, counted where no request pays for a database write:
 * - Redis (REDIS_URL): one atomic increment with expiry per request, shared by every node.
 * - PostgreSQL without Redis: counted in memory per node and added to shared rows every
 *   `flushMs` in one statement; each node sees the others' counts as of its last flush, so a
 *   limit holds to within what the other nodes counted in one flush interval.
 * - SQLite (one process): memory.
 */
export function createRateLimiter(db: Db, options: RateLimiterOptions): RateLimiter {
  if (options.redisUrl)
    return redisLimiter(options.redisUrl, options.redisPrefix ?? 'firma:', memoryLimiter(), options.log);
  return dialectOf(db) === 'postgres' ? batchedDatabaseLimiter(db, options.flushMs, options.log) : memoryLimiter();
}

export function memoryLimiter(): RateLimiter & { hit(key: string, now: number): RateLimitHit } {
  const counts = new Map<string, { window: number; count: number }>();
  let lastSweep = 0;
  return {
    hit(key, now) {
      const window = Math.floor(now / WINDOW_MS);
      if (window !== lastSweep) {
        // Old windows are dropped as time moves on, so the map holds only the current minute.
        for (const [k, v] of counts) if (v.window < window) counts.delete(k);
        lastSweep = window;
      }
      const entry = counts.get(key);
      const count = entry && entry.window === window ? entry.count + 1 : 1;
      if (entry && entry.window === window) entry.count = count;
      else counts.set(key, { window, count });
      return { count, resetAt: (window + 1) * WINDOW_MS };
    },
    async close() {},
  };
}
