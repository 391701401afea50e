/**
 * What every rate limiter is and the window they count in: its own module, below the limiters
 * and the factory that picks one (rate-limiter.ts), so neither imports the other.
 */

export interface RateLimitHit {
  /** Requests counted in the current window, this one included. */
  count: number;
  /** When the window ends, ms since the epoch. */
  resetAt: number;
}

export interface RateLimiter {
  /** Synchronous when counted in this process; a promise when Redis is asked. */
  hit(key: string, now: number): RateLimitHit | Promise<RateLimitHit>;
  /** Stops timers and connections; the batched limiter writes what it still holds. */
  close(): Promise<void>;
}

export const WINDOW_MS = 60_000;
