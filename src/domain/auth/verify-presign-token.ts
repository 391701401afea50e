import { isAppError } from '../../errors.js';
import type { Ctx } from '../context.js';
import { authenticatePresignToken } from './authenticate-api-token.js';
import { parsePresignScope, type PresignScope } from './presign-token.js';
import type { PresignTarget, Principal } from './principal.js';

/**
 * Documenso's verify: whether a presign token works now, for the caller's platform and, when a
 * scope is named, for that document (a token without a scope reaches every document). Any token
 * that would be refused is simply `false`; only a malformed scope is an error.
 * @throws PRESIGN_SCOPE_INVALID
 */
export async function verifyPresignToken(
  ctx: Ctx,
  caller: Principal,
  input: { token: string; scope?: string | undefined },
): Promise<boolean> {
  const scope = input.scope ? parsePresignScope(input.scope) : null;
  let principal: Principal;
  try {
    principal = await authenticatePresignToken(ctx, input.token);
  } catch (error) {
    if (isAppError(error) && error.code === 'UNAUTHORIZED') return false;
    throw error;
  }
  if (principal.platformId !== caller.platformId) return false;
  const target = principal.presign?.target ?? null;
  return scope === null || target === null || scopeNames(scope, target);
}

function scopeNames(scope: PresignScope, target: PresignTarget): boolean {
  return scope.kind === 'envelopeId' ? scope.id === target.publicId : scope.id === target.documentId;
}
