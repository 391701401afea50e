import { findCompletionJob } from '../../db/repositories/completion.repo.js';
import type { EnvelopeGraph } from '../../db/repositories/envelope.repo.js';
import type { Ctx } from '../context.js';

export type CompletionState = 'NOT_READY' | 'QUEUED' | 'RUNNING' | 'RETRYING' | 'FAILED' | 'DONE';

export interface CompletionStatus {
  envelopeId: string;
  status: string;
  completedAt: string | null;
  state: CompletionState;
  attempts: number;
  nextAttemptAt: string | null;
  lastError: string | null;
}

/**
 * Where the envelope is in the completion pipeline, so a document waiting for its seal is never a
 * silent PENDING: queued, running, retrying after an error (with the error), failed (the sweep
 * queues it again), or done.
 */
export async function getCompletionStatus(ctx: Ctx, graph: EnvelopeGraph): Promise<CompletionStatus> {
  const e = graph.envelope;
  const job = await findCompletionJob(ctx.db, e.id);
  const base = { envelopeId: e.publicId, status: e.status, completedAt: e.completedAt };
  if (e.completedAt)
    return { ...base, state: 'DONE', attempts: job?.attempts ?? 0, nextAttemptAt: null, lastError: null };
  if (!job) return { ...base, state: 'NOT_READY', attempts: 0, nextAttemptAt: null, lastError: null };
  const lastError = e.completionError ?? job.lastError;
  const state: CompletionState =
    job.status === 'failed'
      ? 'FAILED'
      : job.status === 'running'
        ? 'RUNNING'
        : job.status === 'done'
          ? 'DONE'
          : job.attempts > 0
            ? 'RETRYING'
            : 'QUEUED';
  return {
    ...base,
    state,
    attempts: job.attempts,
    nextAttemptAt: job.status === 'pending' ? job.runAt : null,
    lastError,
  };
}
