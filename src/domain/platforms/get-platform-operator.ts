import { findPlatformByName } from '../../db/repositories/platform.repo.js';
import { AppError } from '../../errors.js';
import type { Principal } from '../auth/principal.js';
import type { Ctx } from '../context.js';

/**
 * The principal of a platform's operator at the command line: full scope, in this instance's
 * environment, so CLI commands run the same use cases as the API on that platform's data.
 * @throws NOT_FOUND when no platform has that name.
 */
export async function getPlatformOperator(ctx: Ctx, platformName: string): Promise<Principal> {
  const platform = await findPlatformByName(ctx.db, platformName);
  if (!platform) throw new AppError('NOT_FOUND', `platform "${platformName}" not found`);
  return {
    platformId: platform.id,
    platformName: platform.name,
    tokenId: 'cli',
    scope: 'full',
    environment: ctx.config.environment,
  };
}
