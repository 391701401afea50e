import { sql } from 'kysely';
import type { Insertable, Selectable } from 'kysely';
import { dialectOf, type Db } from '../database.js';
import type { JobTable } from '../schema.js';

export type JobRow = Selectable<JobTable>;

/** Adds a job; with a dedupe key, a second one with the same key is a no-op. */
export async function insertJob(db: Db, row: Insertable<JobTable>): Promise<void> {
  const insert = db.insertInto('job').values(row);
  // Both dialects support ON CONFLICT DO NOTHING on a unique column.
  await (row.dedupeKey ? insert.onConflict((oc) => oc.column('dedupeKey').doNothing()) : insert).execute();
}

/**
 * Atomically claims up to `limit` runnable jobs of the given kinds for `workerId`: pending ones
 * whose time has come, and running ones whose lease expired (their worker died). PostgreSQL:
 * FOR UPDATE SKIP LOCKED, so concurrent workers never claim the same row; SQLite: one UPDATE
 * statement, atomic under its single writer.
 */
export async function claimJobs(
  db: Db,
  input: { kinds: string[]; workerId: string; now: string; leaseUntil: string; limit: number },
): Promise<JobRow[]> {
  if (input.kinds.length === 0) return [];
  // The locking LIMIT subquery sits in a MATERIALIZED CTE: as a plain `IN (subquery)` PostgreSQL's
  // planner may rescan it per outer row, each rescan skipping the rows already taken, and so claim
  // more jobs than `limit` (the same defect webhook claims had).
  return db
    .with(
      (cte) => cte('picked').materialized(),
      (qb) => {
        const runnable = qb
          .selectFrom('job')
          .select('id')
          .where('kind', 'in', input.kinds)
          .where((eb) =>
            eb.or([
              eb.and([eb('status', '=', 'pending'), eb('runAt', '<=', input.now)]),
              eb.and([eb('status', '=', 'running'), eb('lockedUntil', '<', input.now)]),
            ]),
          )
          .orderBy('runAt')
          .limit(input.limit);
        return dialectOf(db) === 'postgres' ? runnable.forUpdate().skipLocked() : runnable;
      },
    )
    .updateTable('job')
    .set((eb) => ({
      status: 'running',
      lockedBy: input.workerId,
      lockedUntil: input.leaseUntil,
      attempts: eb('attempts', '+', 1),
      updatedAt: input.now,
    }))
    .where('id', 'in', (eb) => eb.selectFrom('picked').select('picked.id'))
    .returningAll()
    .execute();
}

/** Only the worker holding the lease may settle a job: a worker whose lease expired loses it. */
export async function finishJob(db: Db, job: JobRow, workerId: string, now: string): Promise<void> {
  await db
    .updateTable('job')
    .set({ status: 'done', lockedBy: null, lockedUntil: null, lastError: null, updatedAt: now })
    .where('id', '=', job.id)
    .where('lockedBy', '=', workerId)
    .execute();
}

export async function failJob(
  db: Db,
  job: JobRow,
  workerId: string,
  input: { now: string; error: string; retryAt: string | null },
): Promise<void> {
  await db
    .updateTable('job')
    .set({
      status: input.retryAt ? 'pending' : 'failed',
      runAt: input.retryAt ?? job.runAt,
      lockedBy: null,
      lockedUntil: null,
      lastError: input.error.slice(0, 2000),
      updatedAt: input.now,
    })
    .where('id', '=', job.id)
    .where('lockedBy', '=', workerId)
    .execute();
}

export async function extendLease(db: Db, jobId: number, workerId: string, leaseUntil: string): Promise<void> {
  await db
    .updateTable('job')
    .set({ lockedUntil: leaseUntil })
    .where('id', '=', jobId)
    .where('lockedBy', '=', workerId)
    .execute();
}

/** Keeps the table small: settled jobs older than the cutoff are removed. */
export async function purgeSettledJobs(db: Db, before: string): Promise<void> {
  await db.deleteFrom('job').where('status', '=', 'done').where('updatedAt', '<', before).execute();
}

export async function countJobs(db: Db, where: { kind?: string; status?: JobTable['status'] } = {}): Promise<number> {
  let q = db.selectFrom('job').select(sql<number>`count(*)`.as('n'));
  if (where.kind) q = q.where('kind', '=', where.kind);
  if (where.status) q = q.where('status', '=', where.status);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/**
 * The queue at a glance, for the metrics: jobs waiting or leased, grouped by kind and state (ready:
 * pending and due; scheduled: pending, due later; running), with the oldest due time of each group.
 * One grouped statement over `job_ready_idx` (status, run_at): settled jobs are not read.
 */
export async function jobQueueStats(
  db: Db,
  now: string,
): Promise<{ kind: string; state: 'ready' | 'scheduled' | 'running'; count: number; oldestRunAt: string | null }[]> {
  const rows = await db
    .selectFrom('job')
    .select([
      'kind',
      sql<
        'ready' | 'scheduled' | 'running'
      >`case when status = 'running' then 'running' when run_at <= ${now} then 'ready' else 'scheduled' end`.as(
        'state',
      ),
      sql<number | string>`count(*)`.as('n'),
      sql<string | null>`min(run_at)`.as('oldestRunAt'),
    ])
    .where('status', 'in', ['pending', 'running'])
    // By position: the state expression carries a parameter, which PostgreSQL would not match by text.
    .groupBy([sql`1`, sql`2`])
    .execute();
  return rows.map((r) => ({ kind: r.kind, state: r.state, count: Number(r.n), oldestRunAt: r.oldestRunAt }));
}

/**
 * Hands the jobs a stopping worker still holds back to the queue, due now, their interrupted attempt
 * not counted, so another worker takes them at once instead of after the lease lapses. Returns how many.
 */
export async function releaseJobLeases(db: Db, workerId: string, now: string): Promise<number> {
  const result = await db
    .updateTable('job')
    .set((eb) => ({
      status: 'pending',
      lockedBy: null,
      lockedUntil: null,
      runAt: now,
      attempts: sql<number>`case when ${eb.ref('attempts')} > 0 then ${eb.ref('attempts')} - 1 else 0 end`,
      updatedAt: now,
    }))
    .where('lockedBy', '=', workerId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Whether a job of `kind` other than `exceptId` is held under a live lease (running somewhere now). */
export async function otherJobRunning(db: Db, kind: string, exceptId: number, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('job')
    .select('id')
    .where('kind', '=', kind)
    .where('status', '=', 'running')
    .where('lockedUntil', '>', now)
    .where('id', '!=', exceptId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
