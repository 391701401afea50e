import { findApiTokenByHash } from '../../db/repositories/api-token.repo.js';
import { AppError } from '../../errors.js';
import type { Ctx } from '../context.js';
import { hashApiToken, hashesEqual, isApiTokenShaped } from './api-token-format.js';
import type { Principal } from './principal.js';

/**
 * Resolves an Authorization header to a principal. Accepts `Bearer api_…` (the spec) and a bare
 * `api_…` (what Documenso's SDK sends). Every failure answers the same 401, so a caller cannot
 * tell a revoked token from an unknown one.
 * @throws UNAUTHORIZED
 */
export async function authenticateApiToken(ctx: Ctx, authorization: string | undefined): Promise<Principal> {
  const token = extractToken(authorization);
  if (!token) throw new AppError('UNAUTHORIZED', 'Authorization not provided: send the header "Authorization: Bearer api_…"');
  const hash = hashApiToken(token);
  const row = isApiTokenShaped(token) ? await findApiTokenByHash(ctx.db, hash) : undefined;
  const now = ctx.clock().toISOString();
  if (
    !row ||
    !hashesEqual(row.tokenHash, hash) ||
    row.revokedAt !== null ||
    (row.expiresAt !== null && row.expiresAt <= now) ||
    row.environment !== ctx.config.environment
  ) {
    throw new AppError('UNAUTHORIZED', 'The API token is invalid, expired, revoked or for another environment');
  }
  return { platformId: row.platformId, platformName: row.platformName, tokenId: row.id, scope: row.scope, environment: row.environment };
}

function extractToken(header: string | undefined): string | null {
  if (!header) return null;
  const value = header.trim();
  const match = /^Bearer\s+(\S+)$/i.exec(value);
  if (match) return match[1] ?? null;
  return /^\S+$/.test(value) ? value : null;
}
