import { findPlatformApiToken, revokeApiToken } from '../../db/repositories/api-token.repo.js';
import { notFound } from '../../errors.js';
import type { Ctx } from '../context.js';
import { auditTeamChange, type TeamAdmin } from './team-admin.js';
import { teamTokenView, type TeamTokenView } from './team-token-view.js';

/**
 * Revokes one of the platform's tokens, audited (TOKEN_REVOKED) in the same transaction; its next
 * request is 401. Revoking a revoked token changes nothing and answers it as it is. Another
 * platform's token is NOT_FOUND, like an unknown one.
 * @throws NOT_FOUND
 */
export async function revokeTeamToken(ctx: Ctx, admin: TeamAdmin, tokenId: string): Promise<TeamTokenView> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await findPlatformApiToken(trx, admin.platformId, tokenId);
    if (!row) throw notFound('Token');
    if (row.revokedAt !== null) return teamTokenView(row);
    const revokedAt = ctx.clock().toISOString();
    await revokeApiToken(trx, row.id, revokedAt);
    await auditTeamChange(trx, ctx, admin, 'TOKEN_REVOKED', { tokenId: row.id, name: row.name });
    return teamTokenView({ ...row, revokedAt });
  });
}
