import type { Db } from '../../db/database.js';
import { enqueueJob } from '../jobs/enqueue-job.js';
import { COMPLETE_ENVELOPE_JOB } from '../jobs/job-catalogue.js';

/**
 * Hands a finished envelope (every required recipient done, or one rejected) to the completion
 * pipeline, inside the transaction that finished it. The dedupe key makes this idempotent: however
 * many concurrent last signers (or nodes) call it, exactly one completion job exists.
 */
export async function handOverToCompletion(trx: Db, envelopeId: number, now: Date): Promise<void> {
  await enqueueJob(
    trx,
    { kind: COMPLETE_ENVELOPE_JOB, payload: { envelopeId }, dedupeKey: `complete:${envelopeId}`, maxAttempts: 25 },
    now,
  );
}
