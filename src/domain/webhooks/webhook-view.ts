import type { WebhookAttemptTable } from '../../db/schema.js';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '../../db/repositories/webhook.repo.js';
import type { Selectable } from 'kysely';

/**
 * An endpoint as the API shows it, in Documenso's shape (`webhookUrl`, `eventTriggers`, `secret`,
 * `userId`, `teamId`) and Firma's (`url`, `events`, the circuit) at once: the two APIs share these
 * paths, so one answer serves a client written for either. `secret` is always null here: only the
 * create answer shows it, once.
 */
export function webhookView(e: WebhookEndpointRow) {
  return {
    id: e.id,
    webhookUrl: e.url,
    eventTriggers: e.events,
    secret: null,
    enabled: e.enabled === 1,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
    // Firma has no users or teams: the platform stands for both, as in the envelope views.
    userId: e.platformId,
    teamId: e.platformId,
    url: e.url,
    events: e.events,
    consecutiveFailures: e.consecutiveFailures,
    circuitOpenUntil: e.circuitOpenUntil,
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

/** Documenso's call statuses: a delivery still being attempted is PENDING to it. */
const CALL_STATUS = { pending: 'PENDING', delivering: 'PENDING', delivered: 'SUCCESS', failed: 'FAILED' } as const;
export type CallStatus = (typeof CALL_STATUS)[keyof typeof CALL_STATUS];

/** Firma's delivery states a Documenso call status stands for (the filter of `GET /webhook/call`). */
export const DELIVERY_STATUSES_OF: Record<CallStatus, WebhookDeliveryRow['status'][]> = {
  PENDING: ['pending', 'delivering'],
  SUCCESS: ['delivered'],
  FAILED: ['failed'],
};

/**
 * A delivery as Documenso's webhook call: the body Firma posts (`requestBody`, the same bytes on
 * every attempt). Firma keeps no receiver's answer, only its status code (0 before any answer).
 */
export function webhookCallView(
  d: WebhookDeliveryRow,
  endpointUrl: string,
  event: { payload: string; createdAt: string } | undefined,
) {
  return {
    id: d.id,
    webhookId: d.endpointId,
    status: CALL_STATUS[d.status],
    event: d.eventType,
    url: endpointUrl,
    responseCode: d.lastStatusCode ?? 0,
    createdAt: d.createdAt,
    requestBody: event
      ? {
          id: d.eventId,
          event: d.eventType,
          payload: JSON.parse(event.payload) as unknown,
          createdAt: event.createdAt,
          webhookEndpoint: endpointUrl,
        }
      : null,
    responseHeaders: null,
    responseBody: null,
    eventId: d.eventId,
    attempts: d.attempts,
  };
}
