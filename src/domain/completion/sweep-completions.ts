import {
  failedJobsOfKind,
  finishedEnvelopesWithoutCompletionJob,
  requeueJobs,
  unfinishedEnvelopeIds,
} from '../../db/repositories/completion.repo.js';
import type { Ctx } from '../context.js';
import { COMPLETE_ENVELOPE_JOB, parseStoredJobPayload } from '../jobs/job-catalogue.js';
import { handOverToCompletion } from './hand-over.js';

export interface SweepResult {
  requeued: number;
  handedOver: number;
}

/**
 * The safety net under the completion job, so no document is ever silently stuck before COMPLETED.
 * Every run: completion jobs that exhausted their attempts (their error stays on the envelope and
 * in the log) get a fresh round once `retryFailedAfterMs` has passed — a broken TSA or a full disk
 * heals without an operator. At startup (`full`): finished envelopes that have no completion job at
 * all (restored from a backup, or written by an older version) are handed over.
 */
export async function sweepCompletions(
  ctx: Ctx,
  options: { full: boolean; retryFailedAfterMs: number; batch?: number },
): Promise<SweepResult> {
  const batch = options.batch ?? 100;
  const now = ctx.clock();
  const failed = await failedJobsOfKind(
    ctx.db,
    COMPLETE_ENVELOPE_JOB,
    new Date(now.getTime() - options.retryFailedAfterMs).toISOString(),
    batch,
  );
  const envelopeOf = new Map(
    failed.map((j) => {
      const parsed = parseStoredJobPayload(COMPLETE_ENVELOPE_JOB, j.payload);
      return [j.id, parsed.ok ? parsed.payload.envelopeId : -1];
    }),
  );
  const open = await unfinishedEnvelopeIds(ctx.db, [...envelopeOf.values()]);
  const toRequeue = failed.filter((j) => open.has(envelopeOf.get(j.id)!)).map((j) => j.id);
  await requeueJobs(ctx.db, toRequeue, now.toISOString());

  let handedOver = 0;
  if (options.full) {
    const orphans = await finishedEnvelopesWithoutCompletionJob(ctx.db, batch);
    for (const id of orphans) await handOverToCompletion(ctx.db, id, now);
    handedOver = orphans.length;
  }
  if (toRequeue.length || handedOver) {
    ctx.log.warn(
      { requeued: toRequeue.length, handedOver },
      'completion sweep found unfinished documents and queued them again',
    );
    ctx.wakeWorker();
  }
  return { requeued: toRequeue.length, handedOver };
}
