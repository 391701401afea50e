import type { Db } from '../../db/database.js';

export interface JobInput {
  kind: string;
  payload: Record<string, unknown>;
  runAt?: Date;
  maxAttempts?: number;
  /** At most one job with this key ever exists: a second enqueue is a no-op (e.g. one seal per envelope). */
  dedupeKey?: string;
}

/** Adds a job in the caller's transaction, so it exists exactly when the change that needs it does. */
export async function enqueueJob(trx: Db, input: JobInput, now: Date): Promise<void> {
  const iso = now.toISOString();
  const row = {
    kind: input.kind,
    payload: JSON.stringify(input.payload),
    status: 'pending' as const,
    maxAttempts: input.maxAttempts ?? 10,
    runAt: (input.runAt ?? now).toISOString(),
    lockedBy: null,
    lockedUntil: null,
    lastError: null,
    dedupeKey: input.dedupeKey ?? null,
    createdAt: iso,
    updatedAt: iso,
  };
  const insert = trx.insertInto('job').values(row);
  // Both dialects support ON CONFLICT DO NOTHING on a unique column.
  await (input.dedupeKey ? insert.onConflict((oc) => oc.column('dedupeKey').doNothing()) : insert).execute();
}
