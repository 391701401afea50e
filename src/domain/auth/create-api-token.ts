import { findPlatformByName } from '../../db/repositories/platform.repo.js';
import { insertApiToken } from '../../db/repositories/api-token.repo.js';
import type { Environment, TokenScope } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import type { Ctx } from '../context.js';
import { newId } from '../ids.js';
import { generateApiToken, hashApiToken, tokenHint } from './api-token-format.js';

export interface CreateApiTokenInput {
  platformName: string;
  name?: string;
  environment?: Environment;
  scope?: TokenScope;
  expiresInDays?: number;
}

/**
 * Issues a token. The plain token is returned once, here, and never stored: only its hash is.
 * @throws NOT_FOUND for an unknown platform; VALIDATION_ERROR for a bad expiry.
 */
export async function createApiToken(ctx: Ctx, input: CreateApiTokenInput) {
  const platform = await findPlatformByName(ctx.db, input.platformName);
  if (!platform) throw notFound(`Platform "${input.platformName}"`);
  const { token, row } = newApiTokenRow(ctx, platform.id, input);
  await insertApiToken(ctx.db, row);
  return {
    id: row.id,
    token,
    platformId: platform.id,
    platformName: platform.name,
    environment: row.environment,
    scope: row.scope,
    expiresAt: row.expiresAt,
  };
}

/**
 * A new token and the row that stores only its hash (the CLI's and the web app's tokens alike).
 * @throws VALIDATION_ERROR for a bad expiry.
 */
export function newApiTokenRow(ctx: Ctx, platformId: number, input: Omit<CreateApiTokenInput, 'platformName'>) {
  if (
    input.expiresInDays !== undefined &&
    !(Number.isInteger(input.expiresInDays) && input.expiresInDays > 0 && input.expiresInDays <= 3650)
  ) {
    throw new AppError('VALIDATION_ERROR', 'expiresInDays must be a whole number of days from 1 to 3650');
  }
  const now = ctx.clock();
  const token = generateApiToken();
  const row = {
    id: newId('tok'),
    platformId,
    name: input.name ?? 'API token',
    tokenHash: hashApiToken(token),
    tokenHint: tokenHint(token),
    environment: input.environment ?? ctx.config.environment,
    scope: input.scope ?? 'full',
    expiresAt: input.expiresInDays ? new Date(now.getTime() + input.expiresInDays * 86_400_000).toISOString() : null,
    revokedAt: null,
    createdAt: now.toISOString(),
  } as const;
  return { token, row };
}
