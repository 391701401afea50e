import type { Db } from '../../db/database.js';
import { insertJob as insertJobRow } from '../../db/repositories/job.repo.js';
import type { JobKind, JobPayload } from './job-catalogue.js';

export interface JobOptions {
  runAt?: Date;
  maxAttempts?: number;
  /** At most one job with this key ever exists: a second enqueue is a no-op (e.g. one seal per envelope). */
  dedupeKey?: string;
}

/** A job of a catalogued kind: its payload's type follows from the kind. */
export interface JobInput<K extends JobKind> extends JobOptions {
  kind: K;
  payload: JobPayload<K>;
}

/**
 * Mail must survive an SMTP outage of a day or more: with the runner's backoff (doubling up to an
 * hour) 40 attempts span about 30 hours. Other jobs have their own safety nets (the completion
 * sweep) or callers that choose.
 */
const MAIL_MAX_ATTEMPTS = 40;

/** Adds a job in the caller's transaction, so it exists exactly when the change that needs it does. */
export async function enqueueJob<K extends JobKind>(trx: Db, input: JobInput<K>, now: Date): Promise<void> {
  await insertJob(trx, input, now);
}

/**
 * The same for any kind string and payload: only for the job runner's own tests, whose kinds are
 * not in the catalogue. Use cases call `enqueueJob`.
 */
export async function insertJob(
  trx: Db,
  input: JobOptions & { kind: string; payload: Record<string, unknown> },
  now: Date,
): Promise<void> {
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
  await insertJobRow(trx, row);
}
