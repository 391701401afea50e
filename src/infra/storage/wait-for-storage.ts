import { retryWhileUnavailable, type Dependency, type WaitOptions } from '../../lib/retry-while-unavailable.js';
import { isStorageUnavailableError, StorageUnavailableError } from './blob-store.js';

const BLOB_STORE: Dependency = {
  name: 'the blob store',
  isUnavailable: isStorageUnavailableError,
  reasonOf: storageUnavailableReason,
};

/** The code an unreachable store failed with (ECONNREFUSED, HTTP 503, ENOENT…): no URL, no key. */
export function storageUnavailableReason(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if (e instanceof StorageUnavailableError) return e.reason;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Runs `start` (open and check the blob store) until it succeeds, retrying while the store is
 * unreachable (StorageUnavailableError: an S3 endpoint down or answering 5xx, the data dir's blob
 * folder missing or not writable); a wrong bucket or credentials fail at once. Gives up after
 * `waitMs` (see `retryWhileUnavailable`), rethrowing the last error.
 */
export function retryWhileStorageUnavailable<T>(
  what: string,
  start: () => Promise<T>,
  options: WaitOptions,
): Promise<T> {
  return retryWhileUnavailable(what, BLOB_STORE, start, options);
}
