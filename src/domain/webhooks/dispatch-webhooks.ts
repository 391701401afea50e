import { createHmac } from 'node:crypto';
import { claimDelivery, claimEventDispatch, dueDeliveries, insertDelivery, newDeliveryRow, undispatchedEvents } from '../../db/repositories/webhook.repo.js';
import { postJson, type PostResult } from '../../infra/net/post-json.js';
import type { Ctx } from '../context.js';
import { newId } from '../ids.js';

/** After this many failures in a row an endpoint's circuit opens: its deliveries wait, others go on. */
const CIRCUIT_THRESHOLD = 5;
const CIRCUIT_MAX_MS = 30 * 60 * 1000;
/** A retry never waits longer than this, so max attempts × cap bounds the whole span. */
const RETRY_CAP_MS = 6 * 60 * 60 * 1000;

/**
 * Webhook delivery, run by every worker process: fans committed events out to the endpoints that
 * subscribe to them (one delivery per event and endpoint), then attempts due deliveries with
 * bounded concurrency, at most one at a time per endpoint, without waiting for slow receivers
 * before starting others. Claims are leases in the database, so several workers never attempt
 * the same delivery at once, and a crashed worker's delivery is retried once its lease lapses:
 * at-least-once, always with the same event id.
 */
export class WebhookDispatcher {
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly busyEndpoints = new Set<string>();

  constructor(
    private readonly ctx: Ctx,
    private readonly maxConcurrent = 8,
  ) {}

  /** One round: fan out, then start what is due. Returns once the attempts are started. */
  async tick(): Promise<void> {
    await this.fanOut();
    const free = this.maxConcurrent - this.inFlight.size;
    if (free <= 0) return;
    const now = this.ctx.clock();
    const due = await dueDeliveries(this.ctx.db, now.toISOString(), free * 4);
    for (const d of due) {
      if (this.inFlight.size >= this.maxConcurrent) break;
      if (this.busyEndpoints.has(d.endpointId) || this.inFlight.has(d.id)) continue;
      const leaseUntil = new Date(now.getTime() + this.ctx.config.webhooks.timeoutMs + 60_000).toISOString();
      if (!(await claimDelivery(this.ctx.db, d.id, now.toISOString(), leaseUntil))) continue;
      this.busyEndpoints.add(d.endpointId);
      const run = this.attempt(d.id)
        .catch((error: unknown) => this.ctx.log.error({ err: error, deliveryId: d.id }, 'webhook attempt could not be recorded'))
        .finally(() => {
          this.inFlight.delete(d.id);
          this.busyEndpoints.delete(d.endpointId);
        });
      this.inFlight.set(d.id, run);
    }
  }

  /** Waits for the attempts in hand (graceful stop, tests). */
  async settle(): Promise<void> {
    await Promise.allSettled([...this.inFlight.values()]);
  }

  private async fanOut(): Promise<void> {
    const events = await undispatchedEvents(this.ctx.db, 200);
    if (events.length === 0) return;
    const endpoints = await this.ctx.db
      .selectFrom('webhookEndpoint')
      .select(['id', 'platformId', 'events'])
      .where(
        'platformId',
        'in',
        [...new Set(events.map((e) => e.platformId))],
      )
      .where('enabled', '=', 1)
      .execute();
    for (const event of events) {
      const targets = endpoints.filter((e) => e.platformId === event.platformId && (JSON.parse(e.events) as string[]).includes(event.type));
      const now = this.ctx.clock().toISOString();
      await this.ctx.db.transaction().execute(async (trx) => {
        if (!(await claimEventDispatch(trx, event.id, now))) return;
        for (const target of targets) {
          await insertDelivery(trx, newDeliveryRow({ id: newId('delivery'), endpointId: target.id, platformId: event.platformId, eventId: event.id, eventType: event.type, now }));
        }
      });
    }
  }

  private async attempt(deliveryId: string): Promise<void> {
    const { db, config } = this.ctx;
    const row = await db
      .selectFrom('webhookDelivery')
      .innerJoin('webhookEndpoint', 'webhookEndpoint.id', 'webhookDelivery.endpointId')
      .innerJoin('event', 'event.id', 'webhookDelivery.eventId')
      .select([
        'webhookDelivery.attempts',
        'webhookEndpoint.id as endpointId',
        'webhookEndpoint.url',
        'webhookEndpoint.secretSealed',
        'webhookEndpoint.enabled',
        'webhookEndpoint.consecutiveFailures',
        'event.id as eventId',
        'event.type',
        'event.payload',
        'event.createdAt',
      ])
      .where('webhookDelivery.id', '=', deliveryId)
      .executeTakeFirst();
    if (!row) return;
    const attempt = row.attempts + 1;
    let result: PostResult;
    if (row.enabled !== 1) {
      result = { statusCode: null, durationMs: 0, error: 'the endpoint is disabled' };
    } else {
      const body = JSON.stringify({ id: row.eventId, event: row.type, payload: JSON.parse(row.payload) as unknown, createdAt: row.createdAt, webhookEndpoint: row.url });
      const secret = this.ctx.secrets.open(row.secretSealed);
      const t = Math.floor(this.ctx.clock().getTime() / 1000);
      const signature = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
      result = await postJson(
        row.url,
        body,
        {
          'content-type': 'application/json',
          'user-agent': 'Firma-Webhooks/1',
          'x-service-secret': secret,
          'x-firma-event-id': row.eventId,
          'x-firma-delivery-attempt': String(attempt),
          'x-firma-signature': `t=${t},v1=${signature}`,
        },
        { timeoutMs: config.webhooks.timeoutMs, allowPrivate: config.webhooks.allowPrivate },
      );
    }
    const now = this.ctx.clock();
    const iso = now.toISOString();
    const ok = result.error === null;
    const givingUp = !ok && (attempt >= config.webhooks.retryMaxAttempts || row.enabled !== 1);
    const failures = ok ? 0 : row.consecutiveFailures + 1;
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('webhookAttempt').values({ deliveryId, attempt, statusCode: result.statusCode, durationMs: result.durationMs, error: result.error, createdAt: iso }).execute();
      await trx
        .updateTable('webhookDelivery')
        .set({
          status: ok ? 'delivered' : givingUp ? 'failed' : 'pending',
          attempts: attempt,
          lockedUntil: null,
          lastStatusCode: result.statusCode,
          lastError: result.error,
          nextAttemptAt: ok || givingUp ? iso : new Date(now.getTime() + retryDelay(attempt, config.webhooks.retryBaseMs)).toISOString(),
          deliveredAt: ok ? iso : null,
          updatedAt: iso,
        })
        .where('id', '=', deliveryId)
        .execute();
      await trx
        .updateTable('webhookEndpoint')
        .set({
          consecutiveFailures: failures,
          circuitOpenUntil: failures >= CIRCUIT_THRESHOLD ? new Date(now.getTime() + Math.min(CIRCUIT_MAX_MS, config.webhooks.retryBaseMs * 2 ** (failures - CIRCUIT_THRESHOLD))).toISOString() : null,
        })
        .where('id', '=', row.endpointId)
        .execute();
    });
    if (!ok) this.ctx.log.warn({ deliveryId, attempt, statusCode: result.statusCode, error: result.error, givingUp }, 'webhook delivery failed');
  }
}

/** Exponential from the base, capped, with ±25 % jitter so retries of many events spread out. */
export function retryDelay(attempt: number, baseMs: number): number {
  const ceiling = Math.min(RETRY_CAP_MS, baseMs * 2 ** (attempt - 1));
  return Math.round(ceiling * (0.75 + Math.random() * 0.5));
}
