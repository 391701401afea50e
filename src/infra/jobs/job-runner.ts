import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import type { Db } from '../../db/database.js';
import {
  claimJobs,
  extendLease,
  failJob,
  finishJob,
  purgeSettledJobs,
  releaseJobLeases,
  type JobRow,
} from '../../db/repositories/job.repo.js';
import { transientDatabaseReason } from '../../db/transient-errors.js';
import { scrubText } from '../logger.js';

export type JobHandler = (payload: Record<string, unknown>, job: JobRow) => Promise<void>;

/** Thrown by a handler when retrying cannot help (the job is marked failed at once). */
export class PermanentJobError extends Error {}

/** Thrown by a handler to retry at a time of its choosing (e.g. a webhook circuit is open). */
export class RetryJobError extends Error {
  constructor(
    message: string,
    readonly retryAt: Date,
  ) {
    super(message);
  }
}

export interface JobRunnerOptions {
  db: Db;
  log: Logger;
  handlers: Record<string, JobHandler>;
  pollMs: number;
  /** Concurrent jobs in this process. */
  concurrency?: number;
  leaseMs?: number;
  /** Delay before retry n (1-based): exponential from this base, with full jitter. */
  backoff?: (attempt: number, job: JobRow) => number;
  clock?: () => Date;
  /** Housekeeping run while the worker runs: once at start (`atStart` true), then every `everyMs`. */
  periodic?: PeriodicTask[];
  /** Awaited by stop() after the periodic tasks, for work they started and did not wait for. */
  onStop?: () => Promise<void>;
  /** Told of every job this runner settled (for the metrics). */
  onSettled?: (kind: string, outcome: 'done' | 'retry' | 'failed', seconds: number) => void;
}

export interface PeriodicTask {
  name: string;
  everyMs: number;
  run(atStart: boolean): Promise<unknown>;
}

/** While the database fails, the loop and each periodic task wait twice as long each time, up to this. */
const OUTAGE_BACKOFF_MAX_MS = 5000;

/** The wait after `failures` failures in a row: from `baseMs`, doubling, capped. */
function outageBackoff(baseMs: number, failures: number): number {
  return Math.min(OUTAGE_BACKOFF_MAX_MS, Math.max(baseMs, 250) * 2 ** Math.min(failures - 1, 16));
}

/**
 * Runs jobs from the database queue. Any number of processes may run one: claiming is atomic
 * and leased, a crashed worker's jobs are picked up when the lease runs out, and retries back
 * off exponentially with jitter until the job's max attempts, then it is marked failed (visible,
 * never silently dropped). `poke()` wakes the loop at once after a local enqueue.
 */
export class JobRunner {
  readonly workerId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private running = false;
  private inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private wake: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  private lastPurge = 0;
  private periodicTimers: NodeJS.Timeout[] = [];
  private periodicRuns = new Set<Promise<void>>();

  constructor(private readonly options: JobRunnerOptions) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
    for (const task of this.options.periodic ?? []) {
      let busy = false;
      // A task failing on every tick (the database is down) skips ticks, backing off, and logs
      // each failure once; the first success resets it.
      let failures = 0;
      let resumeAt = 0;
      const fire = (atStart: boolean) => {
        if (busy || !this.running || Date.now() < resumeAt) return;
        busy = true;
        const run = task
          .run(atStart)
          .then(
            () => {
              failures = 0;
            },
            (error: unknown) => {
              failures++;
              const retryInMs = outageBackoff(task.everyMs, failures);
              resumeAt = Date.now() + retryInMs;
              const reason = transientDatabaseReason(error);
              if (reason)
                this.options.log.warn(
                  { task: task.name, reason, failures, retryInMs },
                  'periodic task: the database is unavailable',
                );
              else this.options.log.error({ err: error, task: task.name }, 'periodic task failed');
            },
          )
          .finally(() => {
            busy = false;
            this.periodicRuns.delete(run);
          });
        this.periodicRuns.add(run);
      };
      fire(true);
      const timer = setInterval(() => fire(false), task.everyMs);
      timer.unref();
      this.periodicTimers.push(timer);
    }
  }

  poke(): void {
    this.wake?.();
  }

  /**
   * Stops claiming and waits for the jobs in hand; with a deadline, gives up waiting when it passes
   * and hands the jobs still running back to the queue (`releaseLeases`). Resolves true when
   * everything finished in time.
   */
  async stopWithin(timeoutMs: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
    const finished = await Promise.race([this.stop().then(() => true as const), late]);
    clearTimeout(timer);
    if (!finished) {
      const released = await this.releaseLeases().catch(() => 0);
      this.options.log.warn({ released, timeoutMs }, 'jobs still running at the shutdown deadline were handed back');
    }
    return finished;
  }

  /**
   * Hands every job this runner still holds back to the queue, due now. A handler still running
   * here then cannot settle it (settling needs the lease), and another worker runs it again.
   */
  releaseLeases(): Promise<number> {
    return releaseJobLeases(this.options.db, this.workerId, this.now().toISOString());
  }

  /** Stops claiming, waits for the jobs in hand. */
  async stop(): Promise<void> {
    this.running = false;
    for (const timer of this.periodicTimers.splice(0)) clearInterval(timer);
    this.poke();
    await this.loop;
    await Promise.allSettled([...this.periodicRuns]);
    await this.options.onStop?.().catch(() => undefined);
    await Promise.allSettled([...this.inFlight]);
  }

  /** Claims and runs what is runnable now, until nothing is; for tests and the CLI. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.tick();
      await Promise.allSettled([...this.inFlight]);
      total += n;
      if (n === 0) return total;
    }
  }

  private now(): Date {
    return this.options.clock?.() ?? new Date();
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (this.running) {
      let claimed = 0;
      try {
        claimed = await this.tick();
        if (failures > 0) this.options.log.info({ failures }, 'job runner: claiming works again');
        failures = 0;
      } catch (error) {
        // The database is down or the claim failed otherwise: log, wait longer each time, go on.
        failures++;
        const retryInMs = outageBackoff(this.options.pollMs, failures);
        const reason = transientDatabaseReason(error);
        if (reason) this.options.log.warn({ reason, failures, retryInMs }, 'job runner: the database is unavailable');
        else this.options.log.error({ err: error, failures, retryInMs }, 'job runner: claiming failed');
        if (!this.running) break;
        await this.sleep(retryInMs);
        continue;
      }
      if (!this.running) break;
      if (claimed === 0 || this.inFlight.size >= (this.options.concurrency ?? 4))
        await this.sleep(claimed === 0 ? this.options.pollMs : 20);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.timer = setTimeout(resolve, ms);
      this.wake = () => {
        if (this.timer) clearTimeout(this.timer);
        resolve();
      };
    });
  }

  private async tick(): Promise<number> {
    const free = (this.options.concurrency ?? 4) - this.inFlight.size;
    if (free <= 0) return 0;
    const now = this.now();
    // Short and renewed while the job runs: a killed worker's job is taken over within ~30 s.
    const leaseMs = this.options.leaseMs ?? 30_000;
    const jobs = await claimJobs(this.options.db, {
      kinds: Object.keys(this.options.handlers),
      workerId: this.workerId,
      now: now.toISOString(),
      leaseUntil: new Date(now.getTime() + leaseMs).toISOString(),
      limit: free,
    });
    for (const job of jobs) {
      const p = this.execute(job, leaseMs).finally(() => this.inFlight.delete(p));
      this.inFlight.add(p);
    }
    if (now.getTime() - this.lastPurge > 3_600_000) {
      this.lastPurge = now.getTime();
      await purgeSettledJobs(this.options.db, new Date(now.getTime() - 7 * 86_400_000).toISOString()).catch(
        () => undefined,
      );
    }
    return jobs.length;
  }

  private async execute(job: JobRow, leaseMs: number): Promise<void> {
    const { db, log } = this.options;
    const handler = this.options.handlers[job.kind];
    const renew = setInterval(
      () => {
        extendLease(db, job.id, this.workerId, new Date(this.now().getTime() + leaseMs).toISOString()).catch(
          () => undefined,
        );
      },
      Math.max(1000, leaseMs / 3),
    );
    const startedAt = process.hrtime.bigint();
    const settled = (outcome: 'done' | 'retry' | 'failed') =>
      this.options.onSettled?.(job.kind, outcome, Number(process.hrtime.bigint() - startedAt) / 1e9);
    try {
      if (!handler) throw new PermanentJobError(`no handler for ${job.kind}`);
      await handler(decodePayload(job.payload), job);
      await finishJob(db, job, this.workerId, this.now().toISOString());
      settled('done');
    } catch (error) {
      const message = scrubText(error instanceof Error ? error.message : String(error));
      const now = this.now();
      let retryAt: Date | null = null;
      if (error instanceof RetryJobError) retryAt = error.retryAt;
      else if (!(error instanceof PermanentJobError) && job.attempts < job.maxAttempts) {
        const delay = (this.options.backoff ?? defaultBackoff)(job.attempts, job);
        retryAt = new Date(now.getTime() + delay);
      }
      settled(retryAt ? 'retry' : 'failed');
      log[retryAt ? 'warn' : 'error'](
        { jobId: job.id, kind: job.kind, attempt: job.attempts, retryAt, err: message },
        retryAt ? 'job failed; will retry' : 'job failed for good',
      );
      await failJob(db, job, this.workerId, {
        now: now.toISOString(),
        error: message,
        retryAt: retryAt?.toISOString() ?? null,
      }).catch((e: unknown) => log.error({ err: e, jobId: job.id }, 'could not record a job failure'));
    } finally {
      clearInterval(renew);
    }
  }
}

/** A stored payload that is not a JSON object cannot become one by retrying: a permanent failure. */
function decodePayload(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new PermanentJobError('payload is not valid JSON');
  }
  if (!isRecord(value)) throw new PermanentJobError('payload is not a JSON object');
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** 1 s, 2 s, 4 s … capped at 1 h, with full jitter so retries of many jobs spread out. */
export function defaultBackoff(attempt: number): number {
  const ceiling = Math.min(3_600_000, 1000 * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}
