import { referencedBlobs } from '../../db/repositories/blob-reference.repo.js';
import type { Ctx } from '../context.js';

export interface BlobGcResult {
  /** Blobs listed. */
  examined: number;
  /** Blobs some row names (kept). */
  referenced: number;
  /** Unreferenced blobs written or touched within the grace period (kept: a write may be about to name them). */
  young: number;
  /** Unreferenced blobs removed (or, dry run, that would be). */
  removed: number;
  removedBytes: number;
  dryRun: boolean;
}

/**
 * Removes the blobs no row references (docs/operations.md, blob garbage collection): files of a
 * request that failed after storing its upload, of a crash between a write and its commit, of an
 * outage. A page of the store's listing at a time: blobs untouched for the grace period are looked
 * up in every blob column (`referencedBlobs`), and each unreferenced one is removed only if it is
 * still untouched at that moment (`removeIfUntouched`): a write that stores bytes already there
 * touches them, so its blob is never taken from under its commit. Safe to run on several nodes at
 * once (a blob is removed once; the worker's job keeps it to one sweeper at a time anyway).
 */
export async function collectUnreferencedBlobs(
  ctx: Ctx,
  options: { graceMs: number; dryRun?: boolean; pageSize?: number },
): Promise<BlobGcResult> {
  const result: BlobGcResult = {
    examined: 0,
    referenced: 0,
    young: 0,
    removed: 0,
    removedBytes: 0,
    dryRun: options.dryRun === true,
  };
  const cutoffMs = ctx.clock().getTime() - options.graceMs;
  for await (const page of ctx.storage.list(options.pageSize)) {
    result.examined += page.length;
    const old = page.filter((b) => b.modifiedMs < cutoffMs);
    result.young += page.length - old.length;
    const named = await referencedBlobs(
      ctx.db,
      old.map((b) => b.sha256),
    );
    result.referenced += named.size;
    for (const blob of old) {
      if (named.has(blob.sha256)) continue;
      if (result.dryRun) {
        result.removed++;
        result.removedBytes += blob.size;
        continue;
      }
      const bytes = await ctx.storage.removeIfUntouched(blob.sha256, cutoffMs);
      if (bytes === null) {
        result.young++;
        continue;
      }
      result.removed++;
      result.removedBytes += bytes;
      ctx.metrics.blobsRemoved(1, bytes);
    }
  }
  if (result.removed > 0 && !result.dryRun)
    ctx.log.info(
      { removed: result.removed, bytes: result.removedBytes, examined: result.examined },
      'blob garbage collection removed unreferenced blobs',
    );
  return result;
}
