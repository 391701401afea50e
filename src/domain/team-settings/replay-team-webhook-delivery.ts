import { findEndpoint } from '../../db/repositories/webhook.repo.js';
import { notFound } from '../../errors.js';
import type { Ctx } from '../context.js';
import { insertReplay } from '../webhooks/webhook-deliveries.js';
import { deliveryView } from '../webhooks/webhook-view.js';
import { auditTeamChange, type TeamAdmin } from './team-admin.js';

/**
 * Sends a finished delivery of this webhook again (a new delivery of the same event id), audited
 * (WEBHOOK_DELIVERY_REPLAYED) in the same transaction. A delivery of another webhook or platform
 * is NOT_FOUND; one still being attempted is refused.
 * @throws NOT_FOUND, WEBHOOK_DELIVERY_IN_PROGRESS
 */
export async function replayTeamWebhookDelivery(
  ctx: Ctx,
  admin: TeamAdmin,
  input: { webhookId: string; deliveryId: string },
) {
  const row = await ctx.db.transaction().execute(async (trx) => {
    if (!(await findEndpoint(trx, admin.platformId, input.webhookId))) throw notFound('Webhook');
    const replay = await insertReplay(trx, ctx, admin.platformId, input.deliveryId, input.webhookId);
    await auditTeamChange(trx, ctx, admin, 'WEBHOOK_DELIVERY_REPLAYED', {
      webhookId: input.webhookId,
      deliveryId: input.deliveryId,
      replayId: replay.id,
    });
    return replay;
  });
  ctx.wakeWorker();
  return deliveryView(row, []);
}
