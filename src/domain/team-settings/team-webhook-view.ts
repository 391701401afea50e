import type { WebhookEndpointRow } from '../../db/repositories/webhook.repo.js';

/** A webhook as the settings page shows it: never its secret (only the create answer has it). */
export function teamWebhookView(e: WebhookEndpointRow) {
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

export type TeamWebhookView = ReturnType<typeof teamWebhookView>;
