import { insertApiToken } from '../../db/repositories/api-token.repo.js';
import type { TokenScope } from '../../db/schema.js';
import { newApiTokenRow } from '../auth/create-api-token.js';
import type { Ctx } from '../context.js';
import { auditTeamChange, type TeamAdmin } from './team-admin.js';
import { teamTokenView, type TeamTokenView } from './team-token-view.js';

export interface TeamTokenInput {
  name: string;
  scope: TokenScope;
  expiresInDays?: number | undefined;
}

/**
 * Issues an API token for this server's environment, audited (TOKEN_CREATED) in the same
 * transaction. The answer is the only time the token is shown: only its hash is stored.
 * @throws VALIDATION_ERROR
 */
export async function createTeamToken(
  ctx: Ctx,
  admin: TeamAdmin,
  input: TeamTokenInput,
): Promise<TeamTokenView & { token: string }> {
  const { token, row } = newApiTokenRow(ctx, admin.platformId, input);
  await ctx.db.transaction().execute(async (trx) => {
    await insertApiToken(trx, row);
    await auditTeamChange(trx, ctx, admin, 'TOKEN_CREATED', {
      tokenId: row.id,
      name: row.name,
      scope: row.scope,
      expiresAt: row.expiresAt,
    });
  });
  return { ...teamTokenView({ ...row, lastUsedAt: null }), token };
}
