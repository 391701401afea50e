import { findPlatformByName } from '../../db/repositories/platform.repo.js';
import { findApiTokenById, listApiTokens, revokeApiToken as revokeRow } from '../../db/repositories/api-token.repo.js';
import { notFound } from '../../errors.js';
import type { Ctx } from '../context.js';

/** Tokens of a platform, without hashes: id, name, hint, environment, scope, expiry, revocation. */
export async function listPlatformApiTokens(ctx: Ctx, platformName: string) {
  const platform = await findPlatformByName(ctx.db, platformName);
  if (!platform) throw notFound(`Platform "${platformName}"`);
  return listApiTokens(ctx.db, platform.id);
}

/**
 * Revokes a token; revoking an already revoked token is a no-op that still succeeds.
 * @throws NOT_FOUND for an unknown token id.
 */
export async function revokeApiToken(ctx: Ctx, tokenId: string): Promise<{ id: string; alreadyRevoked: boolean }> {
  const row = await findApiTokenById(ctx.db, tokenId);
  if (!row) throw notFound(`Token "${tokenId}"`);
  const changed = await revokeRow(ctx.db, tokenId, ctx.clock().toISOString());
  return { id: tokenId, alreadyRevoked: !changed };
}
