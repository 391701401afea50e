import { createHmac } from 'node:crypto';
import type { Agent } from 'node:http';
import { postJson, type PostResult } from '../../infra/net/post-json.js';
import type { Ctx } from '../context.js';

export interface WebhookEvent {
  id: string;
  type: string;
  payload: string;
  createdAt: string;
}

/**
 * One attempt of one event to one endpoint: the body `{id, event, payload, createdAt,
 * webhookEndpoint}`, signed with the endpoint's secret over `t.body`, carrying the same event id on
 * every attempt so receivers can deduplicate.
 */
export function sendWebhook(
  ctx: Ctx,
  input: { url: string; secret: string; event: WebhookEvent; attempt: number; agent: Agent },
): Promise<PostResult> {
  const { url, secret, event } = input;
  const body = JSON.stringify({
    id: event.id,
    event: event.type,
    payload: JSON.parse(event.payload) as unknown,
    createdAt: event.createdAt,
    webhookEndpoint: url,
  });
  const t = Math.floor(ctx.clock().getTime() / 1000);
  const signature = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return postJson(
    url,
    body,
    {
      'content-type': 'application/json',
      'user-agent': 'Firma-Webhooks/1',
      'x-service-secret': secret,
      // The same value under Documenso's name, so a receiver written for Documenso accepts it unchanged.
      'x-documenso-secret': secret,
      'x-firma-event-id': event.id,
      'x-firma-delivery-attempt': String(input.attempt),
      'x-firma-signature': `t=${t},v1=${signature}`,
    },
    { timeoutMs: ctx.config.webhooks.timeoutMs, allowPrivate: ctx.config.webhooks.allowPrivate, agent: input.agent },
  );
}
