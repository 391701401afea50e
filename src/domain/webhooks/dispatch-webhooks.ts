import type { Agent } from 'node:http';
import {
  claimDueDeliveries,
  claimEventDispatch,
  enabledEndpointsOfPlatforms,
  endpointsWithDueDeliveries,
  eventsByIds,
  findEndpointById,
  insertDelivery,
  newDeliveryRow,
  releaseLapsedDeliveries,
  undispatchedEvents,
} from '../../db/repositories/webhook.repo.js';
import { keepAliveAgent } from '../../infra/net/post-json.js';
import type { Ctx } from '../context.js';
import { newId } from '../ids.js';
import { AttemptRecorder } from './record-webhook-attempts.js';
import { sendWebhook } from './send-webhook.js';

export { retryDelay } from './record-webhook-attempts.js';

/** What this process knows of one endpoint. */
interface EndpointState {
  /** Attempts in flight, plus slots reserved by a claim being made. */
  inFlight: number;
  /**
   * How many attempts this endpoint may have in flight: 1 to start and after any failure, doubled
   * by each success up to the configured cap (slow start). A failing or hanging receiver is thus
   * tried one attempt at a time, as the circuit's "failures in a row" expects, and holds one slot.
   */
  window: number;
  filling: boolean;
  fillAgain: boolean;
  agent: Agent | null;
  agentUrl: string;
  agentAllowsPrivate: boolean;
}

/**
 * Webhook delivery, run by every worker process: fans committed events out to the endpoints that
 * subscribe to them (one delivery per event and endpoint), then attempts due deliveries, several
 * at a time per endpoint (`FIRMA_WEBHOOK_CONCURRENCY_PER_ENDPOINT`, reached by slow start) and at
 * most `FIRMA_WEBHOOK_CONCURRENCY` in all, without waiting for slow receivers before starting
 * others. Each endpoint's due deliveries are claimed in batches by one statement (a lease in the
 * database, so several workers never attempt the same delivery at once, and a crashed worker's
 * delivery is retried once its lease lapses: at-least-once, always with the same event id). While
 * an endpoint has a backlog, a freed slot claims again at once instead of waiting for the next
 * poll; the poll (`tick`) finds endpoints with newly due work.
 */
export class WebhookDispatcher {
  private readonly endpoints = new Map<string, EndpointState>();
  /** Attempts and claims under way (awaited by `settle`). */
  private readonly running = new Set<Promise<void>>();
  /** Endpoints with due work that found every slot of the process taken; served first as slots free. */
  private readonly waiting = new Set<string>();
  private readonly retiredAgents: Agent[] = [];
  private readonly recorder: AttemptRecorder;
  private slotsUsed = 0;
  private stopped = false;

  constructor(private readonly ctx: Ctx) {
    this.recorder = new AttemptRecorder(ctx);
  }

  private get maxConcurrent(): number {
    return this.ctx.config.webhooks.concurrency;
  }

  private get maxPerEndpoint(): number {
    return this.ctx.config.webhooks.concurrencyPerEndpoint;
  }

  /** One round: fan out, hand lapsed leases back, start what is due on every endpoint with room. */
  async tick(): Promise<void> {
    if (this.stopped) return;
    await this.fanOut();
    const now = this.ctx.clock().toISOString();
    await releaseLapsedDeliveries(this.ctx.db, now);
    const full = [...this.endpoints].filter(([, s]) => s.inFlight >= s.window).map(([id]) => id);
    for (const endpointId of await endpointsWithDueDeliveries(this.ctx.db, now, full, 200)) {
      if (this.stopped) return;
      await this.fill(endpointId);
    }
  }

  /** Stops claiming and waits for the attempts in hand to be sent and recorded (graceful stop, tests). */
  async settle(): Promise<void> {
    this.stopped = true;
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
    for (const state of this.endpoints.values()) state.agent?.destroy();
    for (const agent of this.retiredAgents.splice(0)) agent.destroy();
  }

  private stateOf(endpointId: string): EndpointState {
    let state = this.endpoints.get(endpointId);
    if (!state) {
      state = {
        inFlight: 0,
        window: 1,
        filling: false,
        fillAgain: false,
        agent: null,
        agentUrl: '',
        agentAllowsPrivate: false,
      };
      this.endpoints.set(endpointId, state);
    }
    return state;
  }

  private track(work: Promise<void>): void {
    const tracked = work.finally(() => this.running.delete(tracked));
    this.running.add(tracked);
  }

  /** Claims what the endpoint has room for; one claim at a time per endpoint, repeated if asked meanwhile. */
  private fill(endpointId: string): Promise<void> {
    const state = this.stateOf(endpointId);
    if (state.filling) {
      state.fillAgain = true;
      return Promise.resolve();
    }
    state.filling = true;
    const work = (async () => {
      try {
        do {
          state.fillAgain = false;
          await this.claimAndStart(endpointId, state);
        } while (state.fillAgain && !this.stopped);
      } catch (error) {
        this.ctx.log.error({ err: error, endpointId }, 'webhook deliveries could not be claimed');
      } finally {
        state.filling = false;
      }
    })();
    this.track(work);
    return work;
  }

  private async claimAndStart(endpointId: string, state: EndpointState): Promise<void> {
    if (this.stopped) return;
    const room = state.window - state.inFlight;
    const want = Math.min(room, this.maxConcurrent - this.slotsUsed);
    if (want <= 0) {
      if (room > 0) this.waiting.add(endpointId);
      return;
    }
    // Reserve the slots before awaiting, so concurrent claims of other endpoints respect the cap.
    this.slotsUsed += want;
    state.inFlight += want;
    let started = 0;
    try {
      const { db, config } = this.ctx;
      const endpoint = await findEndpointById(db, endpointId);
      const now = this.ctx.clock();
      if (
        !endpoint ||
        (endpoint.circuitOpenUntil !== null && endpoint.circuitOpenUntil > now.toISOString()) ||
        this.stopped
      )
        return;
      const lockedUntil = new Date(now.getTime() + config.webhooks.timeoutMs + 60_000).toISOString();
      const claimed = await claimDueDeliveries(db, { endpointId, now: now.toISOString(), lockedUntil, limit: want });
      if (claimed.length === 0) return;
      const events = new Map(
        (
          await eventsByIds(
            db,
            claimed.map((d) => d.eventId),
          )
        ).map((e) => [e.id, e]),
      );
      const enabled = endpoint.enabled === 1;
      const secret = enabled ? this.ctx.secrets.open(endpoint.secretSealed) : '';
      const agent = enabled ? this.agentFor(state, endpoint.url) : null;
      for (const delivery of claimed) {
        started++;
        const event = events.get(delivery.eventId);
        const attempt = delivery.attempts + 1;
        this.track(
          (async () => {
            try {
              const result =
                agent && event
                  ? await sendWebhook(this.ctx, { url: endpoint.url, secret, event, attempt, agent })
                  : {
                      statusCode: null,
                      durationMs: 0,
                      error: event ? 'the endpoint is disabled' : 'the event no longer exists',
                    };
              state.window = result.error === null ? Math.min(this.maxPerEndpoint, state.window * 2) : 1;
              await this.recorder.record({
                deliveryId: delivery.id,
                endpointId,
                attempt,
                disabled: !agent || !event,
                result,
              });
            } catch (error) {
              this.ctx.log.error({ err: error, deliveryId: delivery.id }, 'webhook attempt could not be recorded');
            } finally {
              this.release(endpointId, state);
            }
          })(),
        );
      }
    } finally {
      const unused = want - started;
      this.slotsUsed -= unused;
      state.inFlight -= unused;
    }
  }

  /** A slot is free: an endpoint kept waiting by the process-wide cap goes first, then this one's backlog. */
  private release(endpointId: string, state: EndpointState): void {
    this.slotsUsed--;
    state.inFlight--;
    if (this.stopped) return;
    const next = this.waiting.values().next();
    if (!next.done) {
      this.waiting.delete(next.value);
      void this.fill(next.value);
    }
    // Claim in batches: once half the window is free (or when the window shrank to one, once idle).
    if (state.inFlight <= state.window / 2) void this.fill(endpointId);
  }

  /** One keep-alive agent per endpoint; a new one when its URL or the private-address rule changed. */
  private agentFor(state: EndpointState, url: string): Agent {
    const allowPrivate = this.ctx.config.webhooks.allowPrivate;
    if (!state.agent || state.agentUrl !== url || state.agentAllowsPrivate !== allowPrivate) {
      // Sockets of the old agent may still carry attempts: it is destroyed at stop, not now.
      if (state.agent) this.retiredAgents.push(state.agent);
      state.agent = keepAliveAgent(url, this.maxPerEndpoint);
      state.agentUrl = url;
      state.agentAllowsPrivate = allowPrivate;
    }
    return state.agent;
  }

  private async fanOut(): Promise<void> {
    const events = await undispatchedEvents(this.ctx.db, 200);
    if (events.length === 0) return;
    const endpoints = await enabledEndpointsOfPlatforms(this.ctx.db, [...new Set(events.map((e) => e.platformId))]);
    for (const event of events) {
      const targets = endpoints.filter((e) => e.platformId === event.platformId && e.events.includes(event.type));
      const now = this.ctx.clock().toISOString();
      await this.ctx.db.transaction().execute(async (trx) => {
        if (!(await claimEventDispatch(trx, event.id, now))) return;
        for (const target of targets) {
          await insertDelivery(
            trx,
            newDeliveryRow({
              id: newId('delivery'),
              endpointId: target.id,
              platformId: event.platformId,
              eventId: event.id,
              eventType: event.type,
              now,
            }),
          );
        }
      });
    }
  }
}
