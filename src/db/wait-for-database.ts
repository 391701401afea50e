import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { isTransientDatabaseError } from './transient-errors.js';

export interface WaitOptions {
  log: Logger;
  /** Give up (rethrow) once this long has passed since the first failure; 0 = never retry. */
  waitMs: number;
  firstDelayMs?: number;
  maxDelayMs?: number;
}

/**
 * Runs `start` (open, migrate, bootstrap) until it succeeds, retrying while the database is
 * unavailable (transient errors only: a wrong password or database name fails at once) with
 * exponential backoff: 250 ms doubling up to 5 s, so a node starts within seconds of the database
 * coming back, and at most `waitMs` in all, after which the error is thrown and the process exits
 * non-zero for its supervisor to restart.
 */
export async function retryWhileDatabaseUnavailable<T>(
  what: string,
  start: () => Promise<T>,
  options: WaitOptions,
): Promise<T> {
  const firstDelay = options.firstDelayMs ?? 250;
  const maxDelay = options.maxDelayMs ?? 5000;
  const began = Date.now();
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await start();
      if (attempt > 1) options.log.info({ attempt }, `${what}: the database is available`);
      return result;
    } catch (error) {
      const elapsed = Date.now() - began;
      if (!isTransientDatabaseError(error) || elapsed >= options.waitMs) throw error;
      // ±20 % so nodes restarted together do not knock in step.
      const delay = Math.round(Math.min(maxDelay, firstDelay * 2 ** (attempt - 1)) * (0.8 + Math.random() * 0.4));
      const code = (error as { code?: unknown }).code;
      options.log.warn(
        { attempt, retryInMs: delay, code, waitedMs: elapsed },
        `${what}: the database is unavailable; retrying`,
      );
      await sleep(Math.min(delay, Math.max(0, options.waitMs - elapsed)));
    }
  }
}
