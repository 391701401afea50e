import {
  countEndpointFailure,
  insertAttempts,
  markDelivered,
  resetEndpointFailures,
  updateDelivery,
  updateEndpointRow,
} from '../../db/repositories/webhook.repo.js';
import type { PostResult } from '../../infra/net/post-json.js';
import type { Ctx } from '../context.js';

/** After this many failures in a row an endpoint's circuit opens: its deliveries wait, others go on. */
export const CIRCUIT_THRESHOLD = 5;
const CIRCUIT_MAX_MS = 30 * 60 * 1000;
/** A retry never waits longer than this, so max attempts × cap bounds the whole span. */
const RETRY_CAP_MS = 6 * 60 * 60 * 1000;
/** Rows per transaction (PostgreSQL takes at most 65,535 parameters per statement). */
const MAX_BATCH = 500;

export interface AttemptOutcome {
  deliveryId: string;
  endpointId: string;
  attempt: number;
  /** The endpoint was disabled: the delivery fails for good without a request. */
  disabled: boolean;
  result: PostResult;
}

interface Queued {
  outcome: AttemptOutcome;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Records attempts with the delivery's new state and the endpoint's failure count, many attempts
 * per transaction (group commit): whatever finished while the previous transaction was being
 * written goes into the next one. `record` resolves once its attempt is committed, so the caller
 * frees its slot only then (the next claim sees the circuit this attempt may have opened).
 */
export class AttemptRecorder {
  private queue: Queued[] = [];
  private flushing = false;

  constructor(private readonly ctx: Ctx) {}

  record(outcome: AttemptOutcome): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ outcome, resolve, reject });
      if (!this.flushing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    // Let the other answers that arrived in this turn of the event loop join the transaction.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      try {
        await this.write(batch.map((q) => q.outcome));
        for (const q of batch) q.resolve();
      } catch (error) {
        for (const q of batch) q.reject(error);
      }
    }
    this.flushing = false;
  }

  private async write(outcomes: AttemptOutcome[]): Promise<void> {
    const { config } = this.ctx;
    const now = this.ctx.clock();
    const iso = now.toISOString();
    await this.ctx.db.transaction().execute(async (trx) => {
      await insertAttempts(
        trx,
        outcomes.map((o) => ({
          deliveryId: o.deliveryId,
          attempt: o.attempt,
          statusCode: o.result.statusCode,
          durationMs: o.result.durationMs,
          error: o.result.error,
          createdAt: iso,
        })),
      );
      const deliveredByStatus = new Map<number | null, string[]>();
      for (const o of outcomes) {
        if (o.result.error === null) {
          deliveredByStatus.set(o.result.statusCode, [
            ...(deliveredByStatus.get(o.result.statusCode) ?? []),
            o.deliveryId,
          ]);
          continue;
        }
        const givingUp = o.disabled || o.attempt >= config.webhooks.retryMaxAttempts;
        await updateDelivery(trx, o.deliveryId, {
          status: givingUp ? 'failed' : 'pending',
          attempts: o.attempt,
          lockedUntil: null,
          lastStatusCode: o.result.statusCode,
          lastError: o.result.error,
          nextAttemptAt: givingUp
            ? iso
            : new Date(now.getTime() + retryDelay(o.attempt, config.webhooks.retryBaseMs)).toISOString(),
          deliveredAt: null,
          updatedAt: iso,
        });
      }
      for (const [statusCode, ids] of deliveredByStatus) await markDelivered(trx, ids, { statusCode, at: iso });
      // Per endpoint, in the order the answers came: a success resets the run of failures, and only
      // the failures after the last success count towards the circuit.
      for (const endpointId of new Set(outcomes.map((o) => o.endpointId))) {
        const mine = outcomes.filter((o) => o.endpointId === endpointId);
        const lastSuccess = mine.findLastIndex((o) => o.result.error === null);
        if (lastSuccess >= 0) await resetEndpointFailures(trx, endpointId);
        for (let i = lastSuccess + 1; i < mine.length; i++) {
          const failures = await countEndpointFailure(trx, endpointId, iso);
          if (failures !== null && failures >= CIRCUIT_THRESHOLD) {
            const openMs = Math.min(CIRCUIT_MAX_MS, config.webhooks.retryBaseMs * 2 ** (failures - CIRCUIT_THRESHOLD));
            await updateEndpointRow(trx, endpointId, {
              circuitOpenUntil: new Date(now.getTime() + openMs).toISOString(),
            });
          }
        }
      }
    });
    for (const o of outcomes) {
      if (o.result.error === null) {
        this.ctx.metrics.webhookDelivery('delivered');
        continue;
      }
      const givingUp = o.disabled || o.attempt >= config.webhooks.retryMaxAttempts;
      this.ctx.metrics.webhookDelivery(givingUp ? 'failed' : 'retry');
      this.ctx.log.warn(
        {
          deliveryId: o.deliveryId,
          attempt: o.attempt,
          statusCode: o.result.statusCode,
          error: o.result.error,
          givingUp,
        },
        'webhook delivery failed',
      );
    }
  }
}

/** Exponential from the base, capped, with ±25 % jitter so retries of many events spread out. */
export function retryDelay(attempt: number, baseMs: number): number {
  const ceiling = Math.min(RETRY_CAP_MS, baseMs * 2 ** (attempt - 1));
  return Math.round(ceiling * (0.75 + Math.random() * 0.5));
}
