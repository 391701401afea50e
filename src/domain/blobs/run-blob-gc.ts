import type { JobRow } from '../../db/repositories/job.repo.js';
import { otherJobRunning } from '../../db/repositories/job.repo.js';
import type { Ctx } from '../context.js';
import { enqueueJob } from '../jobs/enqueue-job.js';
import { BLOB_GC_JOB } from '../jobs/job-catalogue.js';
import { collectUnreferencedBlobs, type BlobGcResult } from './collect-unreferenced-blobs.js';

/**
 * Every worker's timer calls this each FIRMA_BLOB_GC_INTERVAL_MINUTES: it queues the sweep for the
 * current interval, under a dedupe key naming the interval, so however many workers there are,
 * one job is queued and one of them claims it (a lease, renewed while it runs; a dead sweeper's
 * job is taken over when its lease lapses).
 */
export async function scheduleBlobGc(ctx: Ctx, intervalMs: number): Promise<void> {
  const now = ctx.clock();
  const slot = Math.floor(now.getTime() / intervalMs);
  await enqueueJob(
    ctx.db,
    { kind: BLOB_GC_JOB, payload: {}, dedupeKey: `${BLOB_GC_JOB}:${slot}`, maxAttempts: 3 },
    now,
  );
  ctx.wakeWorker();
}

/**
 * The job: one sweep. A sweep that outlasted its interval still holds its lease, and the next
 * interval's job then returns at once: one sweeper at a time.
 */
export async function runBlobGc(ctx: Ctx, job: JobRow): Promise<BlobGcResult | null> {
  if (await otherJobRunning(ctx.db, BLOB_GC_JOB, job.id, ctx.clock().toISOString())) return null;
  return collectUnreferencedBlobs(ctx, { graceMs: ctx.config.blobGc.graceMs });
}
