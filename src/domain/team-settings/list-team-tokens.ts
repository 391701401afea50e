import { listApiTokens } from '../../db/repositories/api-token.repo.js';
import type { Ctx } from '../context.js';
import type { TeamAdmin } from './team-admin.js';
import { teamTokenView, type TeamTokenView } from './team-token-view.js';

/** The platform's API tokens, oldest first, revoked ones included: never a token or its hash. */
export async function listTeamTokens(ctx: Ctx, admin: TeamAdmin): Promise<TeamTokenView[]> {
  return (await listApiTokens(ctx.db, admin.platformId)).map(teamTokenView);
}
