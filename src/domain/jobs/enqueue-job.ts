import type { Db } from '../../db/database.js';
import { insertJob } from '../../db/repositories/job.repo.js';

export interface JobInput {
  kind: string;
  payload: Record<string, unknown>;
  runAt?: Date;
  maxAttempts?: number;
  /** At most one job with this key ever exists: a second enqueue is a no-op (e.g. one seal per envelope). */
  dedupeKey?: string;
}

/**
 * Mail must survive an SMTP outage of a day or more: with the runner's backoff (doubling up to an
 * hour) 40 attempts span about 30 hours. Other jobs have their own safety nets (the completion
 * sweep) or callers that choose.
 */
const MAIL_MAX_ATTEMPTS = 40;

/** Adds a job in the caller's transaction, so it exists exactly when the change that needs it does. */
export async function enqueueJob(trx: Db, input: JobInput, now: Date): Promise<void> {
  const iso = now.toISOString();
  const row = {
    kind: input.kind,
    payload: JSON.stringify(input.payload),
    status: 'pending' as const,
    maxAttempts: input.maxAttempts ?? (input.kind.startsWith('mail.') ? MAIL_MAX_ATTEMPTS : 10),
    runAt: (input.runAt ?? now).toISOString(),
    lockedBy: null,
    lockedUntil: null,
    lastError: null,
    dedupeKey: input.dedupeKey ?? null,
    createdAt: iso,
    updatedAt: iso,
  };
  await insertJob(trx, row);
}
