import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';

/** A dependency a start waits for: how to tell it is not there yet, and a loggable reason (never a secret). */
export interface Dependency {
  /** As the log lines name it: "the database", "the blob store". */
  name: string;
  /** Whether `error` means "not there right now" (worth waiting for), not "configured wrong". */
  isUnavailable(error: unknown): boolean;
  /** A short reason for the log line: an error code, never a message that may quote a URL or a key. */
  reasonOf(error: unknown): string | undefined;
}

export interface WaitOptions {
  log: Pick<Logger, 'info' | 'warn'>;
  /** Give up (rethrow) once this long has passed since the first failure; 0 = never retry. */
  waitMs: number;
  firstDelayMs?: number;
  maxDelayMs?: number;
}

/**
 * Runs `start` until it succeeds, retrying while `dependency` is unavailable (anything else fails at
 * once) with exponential backoff: 250 ms doubling up to 5 s, so a node starts within seconds of the
 * dependency coming back, for at most `waitMs` after the first failure; then the last error is
 * thrown. One warn line per round, with the reason's code only.
 */
export async function retryWhileUnavailable<T>(
  what: string,
  dependency: Dependency,
  start: () => Promise<T>,
  options: WaitOptions,
): Promise<T> {
  const firstDelay = options.firstDelayMs ?? 250;
  const maxDelay = options.maxDelayMs ?? 5000;
  let firstFailure: number | null = null;
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await start();
      if (attempt > 1) options.log.info({ attempt }, `${what}: ${dependency.name} is available`);
      return result;
    } catch (error) {
      firstFailure ??= Date.now();
      const elapsed = Date.now() - firstFailure;
      if (!dependency.isUnavailable(error) || elapsed >= options.waitMs) throw error;
      // ±20 % so nodes restarted together do not knock in step.
      const delay = Math.round(Math.min(maxDelay, firstDelay * 2 ** (attempt - 1)) * (0.8 + Math.random() * 0.4));
      options.log.warn(
        { attempt, retryInMs: delay, code: dependency.reasonOf(error), waitedMs: elapsed },
        `${what}: ${dependency.name} is unavailable; retrying`,
      );
      await sleep(Math.min(delay, Math.max(0, options.waitMs - elapsed)));
    }
  }
}
