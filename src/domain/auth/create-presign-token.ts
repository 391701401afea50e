import { findEnvelope } from '../../db/repositories/envelope.repo.js';
import { AppError } from '../../errors.js';
import type { Ctx } from '../context.js';
import { parsePresignScope, sealPresignToken, type PresignClaims, type PresignScope } from './presign-token.js';
import type { Principal } from './principal.js';

export interface CreatePresignInput {
  /** Minutes, 1 to FIRMA_PRESIGN_MAX_MINUTES; Documenso's default is 60. */
  expiresIn?: number | undefined;
  scope?: string | undefined;
}

/**
 * Issues a presign token for the caller's platform, from an API token only (a presign token cannot
 * extend itself). A scope names one envelope of the platform, resolved now, so the token carries
 * both its ids and each use compares without a read; an unknown envelope is a 404.
 * @throws PRESIGN_TOKEN_NOT_ALLOWED, VALIDATION_ERROR, PRESIGN_SCOPE_INVALID, NOT_FOUND
 */
export async function createPresignToken(ctx: Ctx, principal: Principal, input: CreatePresignInput) {
  if (principal.presign)
    throw new AppError('PRESIGN_TOKEN_NOT_ALLOWED', 'Presign tokens are issued with an API token, not a presign token');
  const minutes = input.expiresIn ?? 60;
  const max = ctx.config.presign.maxMinutes;
  if (!(Number.isInteger(minutes) && minutes >= 1 && minutes <= max)) {
    throw new AppError('VALIDATION_ERROR', `expiresIn must be a whole number of minutes from 1 to ${max}`, {
      issues: [{ message: `1 to ${max} minutes`, path: ['expiresIn'] }],
    });
  }
  const scope = input.scope ? parsePresignScope(input.scope) : null;
  let target: PresignClaims['s'];
  if (scope) {
    const envelope = await findEnvelope(
      ctx.db,
      principal.platformId,
      scope.kind === 'envelopeId' ? { publicId: scope.id } : { documentId: scope.id },
    );
    if (!envelope || !kindMatches(scope, envelope.type))
      throw new AppError('NOT_FOUND', `${scope.kind === 'templateId' ? 'Template' : 'Document'} not found`, {
        issues: [{ message: 'no such document for this platform', path: ['scope'] }],
      });
    target = { i: envelope.publicId, d: envelope.id };
  }
  const now = ctx.clock().getTime();
  const expiresAt = now + minutes * 60_000;
  const token = sealPresignToken(ctx, { t: principal.tokenId, p: principal.platformId, e: expiresAt, s: target });
  return { token, expiresAt: new Date(expiresAt).toISOString(), expiresIn: minutes * 60 };
}

function kindMatches(scope: PresignScope, type: 'DOCUMENT' | 'TEMPLATE'): boolean {
  if (scope.kind === 'documentId') return type === 'DOCUMENT';
  if (scope.kind === 'templateId') return type === 'TEMPLATE';
  return true;
}
