import { retryWhileUnavailable, type Dependency, type WaitOptions } from '../lib/retry-while-unavailable.js';
import { isTransientDatabaseError } from './transient-errors.js';

export type { WaitOptions };

const DATABASE: Dependency = {
  name: 'the database',
  isUnavailable: isTransientDatabaseError,
  reasonOf: (error) => {
    const code = (error as { code?: unknown } | null)?.code;
    return typeof code === 'string' ? code : undefined;
  },
};

/**
 * Runs `start` (open, migrate, bootstrap) until it succeeds, retrying while the database is
 * unavailable (transient errors only: a wrong password or database name fails at once) for at most
 * `waitMs` (see `retryWhileUnavailable`), after which the error is thrown and the process exits
 * non-zero for its supervisor to restart.
 */
export function retryWhileDatabaseUnavailable<T>(
  what: string,
  start: () => Promise<T>,
  options: WaitOptions,
): Promise<T> {
  return retryWhileUnavailable(what, DATABASE, start, options);
}
