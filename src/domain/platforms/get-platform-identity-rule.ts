import type { IdentityRuleName } from '../recipients/identity-rule.js';
import { loadIdentityRule } from '../recipients/load-identity-rule.js';
import type { Ctx } from '../context.js';

/** The caller's platform's identity rule, for `/me`. */
export async function getPlatformIdentityRule(ctx: Ctx, platformId: number): Promise<IdentityRuleName> {
  return loadIdentityRule(ctx.db, platformId);
}
