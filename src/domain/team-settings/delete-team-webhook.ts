import { deleteEndpointRow, findEndpoint } from '../../db/repositories/webhook.repo.js';
import { notFound } from '../../errors.js';
import type { Ctx } from '../context.js';
import { auditTeamChange, hostOf, type TeamAdmin } from './team-admin.js';

/**
 * Deletes a webhook with its delivery log, audited (WEBHOOK_DELETED) in the same transaction.
 * Another platform's webhook is NOT_FOUND and nothing is deleted.
 * @throws NOT_FOUND
 */
export async function deleteTeamWebhook(ctx: Ctx, admin: TeamAdmin, webhookId: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await findEndpoint(trx, admin.platformId, webhookId);
    if (!row || !(await deleteEndpointRow(trx, admin.platformId, webhookId))) throw notFound('Webhook');
    await auditTeamChange(trx, ctx, admin, 'WEBHOOK_DELETED', { webhookId, host: hostOf(row.url) });
  });
}
