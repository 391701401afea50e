import { findEndpoint } from '../../db/repositories/webhook.repo.js';
import { notFound } from '../../errors.js';
import type { Ctx } from '../context.js';
import { insertTestDelivery } from '../webhooks/webhook-deliveries.js';
import { deliveryView } from '../webhooks/webhook-view.js';
import { auditTeamChange, type TeamAdmin } from './team-admin.js';

/**
 * Queues a sample event for this webhook only, audited (WEBHOOK_TEST_SENT) in the same
 * transaction; the worker delivers it like any other, so its outcome shows in the delivery log.
 * @throws NOT_FOUND
 */
export async function testTeamWebhook(ctx: Ctx, admin: TeamAdmin, webhookId: string) {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const endpoint = await findEndpoint(trx, admin.platformId, webhookId);
    if (!endpoint) throw notFound('Webhook');
    const delivery = await insertTestDelivery(trx, ctx, endpoint);
    await auditTeamChange(trx, ctx, admin, 'WEBHOOK_TEST_SENT', { webhookId, deliveryId: delivery.id });
    return delivery;
  });
  ctx.wakeWorker();
  return deliveryView(row, []);
}
