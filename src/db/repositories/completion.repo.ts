import type { Db } from '../database.js';

/** Completion jobs that gave up, last touched before `olderThan` (served by the (status, run_at) index). */
export async function failedJobsOfKind(db: Db, kind: string, olderThan: string, limit: number) {
  return db
    .selectFrom('job')
    .select(['id', 'payload', 'attempts', 'lastError'])
    .where('status', '=', 'failed')
    .where('kind', '=', kind)
    .where('updatedAt', '<', olderThan)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Of these envelopes, the ones that are still not final. */
export async function unfinishedEnvelopeIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('envelope')
    .select('id')
    .where('id', 'in', ids)
    .where('completedAt', 'is', null)
    .where('deletedAt', 'is', null)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Gives failed jobs a fresh set of attempts, now. */
export async function requeueJobs(db: Db, ids: number[], now: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('job')
    .set({ status: 'pending', attempts: 0, runAt: now, lockedBy: null, lockedUntil: null, updatedAt: now })
    .where('id', 'in', ids)
    .where('status', '=', 'failed')
    .execute();
}

/**
 * Envelopes that are finished (rejected, or PENDING with nobody left to act) but not final, and
 * have no completion job at all. Only the startup sweep runs this: it scans open envelopes.
 */
export async function finishedEnvelopesWithoutCompletionJob(db: Db, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('envelope as e')
    .select('e.id')
    .where('e.completedAt', 'is', null)
    .where('e.deletedAt', 'is', null)
    .where((eb) =>
      eb.or([
        eb('e.status', '=', 'REJECTED'),
        eb.and([
          eb('e.status', '=', 'PENDING'),
          eb.not(
            eb.exists(
              eb
                .selectFrom('recipient as r')
                .select('r.id')
                .whereRef('r.envelopeId', '=', 'e.id')
                .where('r.role', '!=', 'CC')
                .where('r.signingStatus', '=', 'NOT_SIGNED'),
            ),
          ),
        ]),
      ]),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('job as j')
            .select('j.id')
            .whereRef('j.dedupeKey', '=', eb.fn<string>('concat', [eb.cast(eb.val('complete:'), 'text'), 'e.id'])),
        ),
      ),
    )
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Claims an unfinished envelope for one completion run until `until`, unless another run's claim
 * still holds at `now` (a conditional update, so one run renders and seals however many race).
 */
export async function claimCompletion(
  db: Db,
  platformId: number,
  envelopeId: number,
  now: string,
  until: string,
): Promise<boolean> {
  const result = await db
    .updateTable('envelope')
    .set({ completionClaimedUntil: until })
    .where('id', '=', envelopeId)
    .where('platformId', '=', platformId)
    .where('completedAt', 'is', null)
    .where((eb) => eb.or([eb('completionClaimedUntil', 'is', null), eb('completionClaimedUntil', '<', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Extends a running claim; a claim already released (finished or failed) stays released. */
export async function renewCompletionClaim(
  db: Db,
  platformId: number,
  envelopeId: number,
  until: string,
): Promise<void> {
  await db
    .updateTable('envelope')
    .set({ completionClaimedUntil: until })
    .where('id', '=', envelopeId)
    .where('platformId', '=', platformId)
    .where('completedAt', 'is', null)
    .where('completionClaimedUntil', 'is not', null)
    .execute();
}

/** Stores why a run failed and releases its claim. */
export async function recordCompletionError(
  db: Db,
  platformId: number,
  envelopeId: number,
  message: string,
): Promise<void> {
  await db
    .updateTable('envelope')
    .set({ completionError: message, completionClaimedUntil: null })
    .where('id', '=', envelopeId)
    .where('platformId', '=', platformId)
    .execute();
}

/** On completion, CC recipients count as signed at `at`. */
export async function markCcRecipientsSigned(db: Db, envelopeId: number, at: string): Promise<void> {
  await db
    .updateTable('recipient')
    .set({ signingStatus: 'SIGNED', signedAt: at, updatedAt: at })
    .where('envelopeId', '=', envelopeId)
    .where('role', '=', 'CC')
    .execute();
}

/** The envelope's completion job (unique by its dedupe key), if one was ever queued. */
export async function findCompletionJob(db: Db, envelopeId: number) {
  return db
    .selectFrom('job')
    .select(['status', 'attempts', 'runAt', 'lastError'])
    .where('dedupeKey', '=', `complete:${envelopeId}`)
    .executeTakeFirst();
}
