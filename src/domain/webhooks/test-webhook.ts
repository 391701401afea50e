import type { Principal } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import type { EventType } from '../events/record-event.js';
import { queueTestDelivery } from './webhook-deliveries.js';

/**
 * Documenso's `POST /webhook/test`: a sample event of the kind asked for, to this endpoint only.
 * It goes through the delivery log like every other event (the same address check, retries and
 * circuit), so `success` means queued; the outcome is the call's in `GET /webhook/call`.
 * @throws NOT_FOUND
 */
export async function testWebhook(ctx: Ctx, principal: Principal, input: { id: string; event: EventType }) {
  const row = await queueTestDelivery(ctx, principal, input.id, input.event);
  return {
    success: true,
    message: `A test ${input.event} event was queued for this webhook as call ${row.id}; GET /webhook/call shows its outcome`,
  };
}
