import { eventsByIds } from '../../db/repositories/webhook.repo.js';
import type { Principal } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { getWebhook } from './manage-webhooks.js';
import { queueReplay } from './webhook-deliveries.js';
import { webhookCallView } from './webhook-view.js';

/**
 * Documenso's `POST /webhook/call/resend`: the call is sent again as a new delivery of the same
 * event (Firma's replay), answered as the new call. Both ids must be the caller's, and the call
 * the endpoint's: anything else is a 404 that queues nothing.
 * @throws NOT_FOUND, WEBHOOK_DELIVERY_IN_PROGRESS
 */
export async function resendWebhookCall(
  ctx: Ctx,
  principal: Principal,
  input: { webhookId: string; webhookCallId: string },
) {
  const endpoint = await getWebhook(ctx, principal, input.webhookId);
  const row = await queueReplay(ctx, principal, input.webhookCallId, endpoint.id);
  const [event] = await eventsByIds(ctx.db, [row.eventId]);
  return webhookCallView(row, endpoint.url, event);
}
