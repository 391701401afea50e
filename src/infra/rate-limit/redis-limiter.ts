import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { WINDOW_MS, type RateLimiter, type RateLimitHit } from './limiter.js';

/**
 * Shared counting in Redis: INCR and PEXPIRE in one MULTI, one round trip per request, no database
 * write. When Redis cannot answer (down, restarting), requests are counted by this node alone
 * rather than refused or left waiting: a rate limit is a guard against floods, and an outage of
 * its store must not become an outage of the API. That is logged, once per minute at most. Only
 * right after start do requests wait (a second at most) for the first connection.
 */
const STARTUP_WAIT_MS = 1000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

export function redisLimiter(
  url: string,
  prefix: string,
  fallback: RateLimiter,
  log: Pick<Logger, 'warn'>,
): RateLimiter {
  const redis = new Redis(url, {
    // Fail at once while disconnected (then the fallback counts) instead of queueing requests.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    lazyConnect: false,
  });
  let lastWarning = 0;
  const startupUntil = Date.now() + STARTUP_WAIT_MS;
  const firstReady = new Promise<void>((resolve) => redis.once('ready', () => resolve()));
  redis.on('error', () => undefined); // reported through the fallback below, without the URL
  const fallBack = (key: string, now: number, error: unknown): RateLimitHit | Promise<RateLimitHit> => {
    if (now - lastWarning > WINDOW_MS) {
      lastWarning = now;
      log.warn(
        { err: error instanceof Error ? error.message : String(error) },
        'rate limit: Redis unavailable, counting per node',
      );
    }
    return fallback.hit(key, now);
  };
  return {
    async hit(key, now) {
      if (redis.status !== 'ready') {
        const left = startupUntil - Date.now();
        if (left > 0) await Promise.race([firstReady, delay(left)]);
        if ((redis.status as string) !== 'ready')
          return fallBack(key, now, new Error(`Redis connection ${redis.status}`));
      }
      const window = Math.floor(now / WINDOW_MS) * WINDOW_MS;
      const redisKey = `${prefix}rl:${key}:${window}`;
      try {
        const results = await redis
          .multi()
          .incr(redisKey)
          .pexpire(redisKey, WINDOW_MS * 2)
          .exec();
        const [error, count] = results?.[0] ?? [new Error('no answer'), null];
        if (error || typeof count !== 'number') throw error ?? new Error('unexpected answer');
        return { count, resetAt: window + WINDOW_MS };
      } catch (error) {
        return fallBack(key, now, error);
      }
    },
    async close() {
      redis.disconnect();
      await fallback.close();
    },
  };
}
