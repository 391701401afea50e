import { listEndpoints } from '../../db/repositories/webhook.repo.js';
import type { Ctx } from '../context.js';
import type { TeamAdmin } from './team-admin.js';
import { teamWebhookView, type TeamWebhookView } from './team-webhook-view.js';

/** The platform's webhooks (the same endpoints the API's /webhook lists). */
export async function listTeamWebhooks(ctx: Ctx, admin: TeamAdmin): Promise<TeamWebhookView[]> {
  return (await listEndpoints(ctx.db, admin.platformId)).map(teamWebhookView);
}
