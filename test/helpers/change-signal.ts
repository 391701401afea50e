import { readChangeStamp, type ChangeStamp } from '../../src/db/change-stamp.js';
import type { Db } from '../../src/db/database.js';

/**
 * Waits until the server's PostgreSQL change signal is healthy (its stamp is not null), so tests
 * exercise the path where cached entries are trusted without a read. Reading the stamp starts the
 * listener if nothing has yet.
 */
export async function untilSignalHealthy(db: Db, timeoutMs = 120_000): Promise<ChangeStamp> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const stamp = readChangeStamp(db);
    if (stamp !== null) return stamp;
    if (Date.now() > deadline) throw new Error('the change signal did not become healthy');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * Waits until the stamp differs from `before`: a commit made elsewhere has been signalled to this
 * process. A read that starts earlier may not see it (the signal's delivery window,
 * docs/design/hot-path-reads.md); one that starts later must.
 */
export async function untilSignalled(db: Db, before: ChangeStamp, timeoutMs = 120_000): Promise<void> {
  if (before === null) return;
  const deadline = Date.now() + timeoutMs;
  while (readChangeStamp(db) === before) {
    if (Date.now() > deadline) throw new Error('the change was not signalled');
    await new Promise((r) => setImmediate(r));
  }
}
