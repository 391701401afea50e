import type { WebhookAttemptTable } from '../../db/schema.js';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '../../db/repositories/webhook.repo.js';
import type { Selectable } from 'kysely';

/** An endpoint as the API shows it: never its secret (only create answers that, once). */
export function webhookView(e: WebhookEndpointRow) {
  return {
    id: e.id,
    url: e.url,
    events: e.events,
    enabled: e.enabled === 1,
    consecutiveFailures: e.consecutiveFailures,
    circuitOpenUntil: e.circuitOpenUntil,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
  };
}

export function deliveryView(d: WebhookDeliveryRow, attempts: Selectable<WebhookAttemptTable>[]) {
  const last = attempts.at(-1);
  return {
    id: d.id,
    eventId: d.eventId,
    event: d.eventType,
    status: d.status,
    attempt: d.attempts,
    statusCode: d.lastStatusCode,
    durationMs: last?.durationMs ?? null,
    error: d.lastError,
    nextAttemptAt: d.status === 'pending' ? d.nextAttemptAt : null,
    createdAt: d.createdAt,
    deliveredAt: d.deliveredAt,
    attempts: attempts.map((a) => ({
      attempt: a.attempt,
      statusCode: a.statusCode,
      durationMs: a.durationMs,
      error: a.error,
      at: a.createdAt,
    })),
  };
}
