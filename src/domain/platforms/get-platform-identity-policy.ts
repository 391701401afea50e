import { loadIdentityPolicy, type IdentityPolicy } from '../recipients/load-identity-rule.js';
import type { Ctx } from '../context.js';

/** The caller's platform's identity rule and signer-entry switch, for `/me`. */
export async function getPlatformIdentityPolicy(ctx: Ctx, platformId: number): Promise<IdentityPolicy> {
  return loadIdentityPolicy(ctx.db, platformId);
}
