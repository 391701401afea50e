import { statfsSync } from 'node:fs';

/**
 * Bytes an unprivileged writer may still use on the filesystem holding `dir`. Synchronous: one
 * local syscall of microseconds, cheaper than a trip through the thread pool, which a loop held
 * by SQLite's lock waits would delay.
 */
export function freeDiskBytes(dir: string): number {
  const info = statfsSync(dir);
  return info.bavail * info.bsize;
}
