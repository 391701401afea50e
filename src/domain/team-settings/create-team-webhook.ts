import { insertEndpoint } from '../../db/repositories/webhook.repo.js';
import type { Ctx } from '../context.js';
import { assertDeliverable, newEndpointRow, type WebhookInput } from '../webhooks/manage-webhooks.js';
import { auditTeamChange, hostOf, type TeamAdmin } from './team-admin.js';
import { teamWebhookView, type TeamWebhookView } from './team-webhook-view.js';

/**
 * Creates a webhook under the API's rules (http(s), no credentials, no private address unless
 * FIRMA_WEBHOOK_ALLOW_PRIVATE), audited (WEBHOOK_CREATED) in the same transaction. Its secret is
 * generated and shown in this answer only.
 * @throws WEBHOOK_URL_NOT_ALLOWED
 */
export async function createTeamWebhook(
  ctx: Ctx,
  admin: TeamAdmin,
  input: Omit<WebhookInput, 'secret'>,
): Promise<TeamWebhookView & { secret: string }> {
  // Checked before the transaction: resolving the host name may take a while.
  await assertDeliverable(ctx, input.url);
  const { row, secret } = newEndpointRow(ctx, admin.platformId, input);
  await ctx.db.transaction().execute(async (trx) => {
    await insertEndpoint(trx, row);
    await auditTeamChange(trx, ctx, admin, 'WEBHOOK_CREATED', { webhookId: row.id, host: hostOf(row.url) });
  });
  return { ...teamWebhookView(row), secret };
}
