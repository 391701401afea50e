import { dialectOf, type Db } from '../../db/database.js';
import { countRateLimitHit, purgeRateLimitBuckets } from '../../db/repositories/rate-limit-bucket.repo.js';

export interface RateLimitHit {
  /** Requests counted in the current window, this one included. */
  count: number;
  /** When the window ends, ms since the epoch. */
  resetAt: number;
}

export interface RateLimiter {
  /** Synchronous in memory (SQLite, one process); a shared counter on PostgreSQL. */
  hit(key: string, now: number): RateLimitHit | Promise<RateLimitHit>;
}

const WINDOW_MS = 60_000;

/**
 * Fixed one-minute windows. In memory for the embedded default (one process); on PostgreSQL one
 * upsert per request on a shared counter row, so every node of a cluster counts together.
 */
export function createRateLimiter(db: Db): RateLimiter {
  return dialectOf(db) === 'postgres' ? databaseLimiter(db) : memoryLimiter();
}

function memoryLimiter(): RateLimiter {
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
  };
}

function databaseLimiter(db: Db): RateLimiter {
  let lastPurge = 0;
  return {
    async hit(key, now) {
      const window = Math.floor(now / WINDOW_MS) * WINDOW_MS;
      const count = await countRateLimitHit(db, key, window);
      if (now - lastPurge > WINDOW_MS) {
        lastPurge = now;
        void purgeRateLimitBuckets(db, window - WINDOW_MS).catch(() => undefined);
      }
      return { count, resetAt: window + WINDOW_MS };
    },
  };
}
