import { findEndpoint, updateEndpointRow } from '../../db/repositories/webhook.repo.js';
import { notFound } from '../../errors.js';
import type { Ctx } from '../context.js';
import { assertDeliverable, endpointChanges, type WebhookInput } from '../webhooks/manage-webhooks.js';
import { auditTeamChange, hostOf, type TeamAdmin } from './team-admin.js';
import { teamWebhookView, type TeamWebhookView } from './team-webhook-view.js';

/**
 * Changes a webhook's URL, events or whether it is enabled (re-enabling closes its circuit),
 * audited (WEBHOOK_UPDATED) in the same transaction. Another platform's webhook is NOT_FOUND.
 * @throws NOT_FOUND, WEBHOOK_URL_NOT_ALLOWED
 */
export async function updateTeamWebhook(
  ctx: Ctx,
  admin: TeamAdmin,
  webhookId: string,
  patch: Partial<Omit<WebhookInput, 'secret'>>,
): Promise<TeamWebhookView> {
  if (!(await findEndpoint(ctx.db, admin.platformId, webhookId))) throw notFound('Webhook');
  if (patch.url !== undefined) await assertDeliverable(ctx, patch.url);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await findEndpoint(trx, admin.platformId, webhookId);
    if (!row) throw notFound('Webhook');
    const changes = endpointChanges(ctx, patch);
    await updateEndpointRow(trx, row.id, changes);
    await auditTeamChange(trx, ctx, admin, 'WEBHOOK_UPDATED', {
      webhookId: row.id,
      host: hostOf(changes.url ?? row.url),
      enabled: changes.enabled === undefined ? row.enabled === 1 : changes.enabled === 1,
    });
    return teamWebhookView({ ...row, ...changes });
  });
}
