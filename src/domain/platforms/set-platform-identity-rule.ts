import { setPlatformIdentityRuleByName } from '../../db/repositories/platform.repo.js';
import { AppError } from '../../errors.js';
import { IDENTITY_RULES, parseIdentityRule, type IdentityRuleName } from '../recipients/identity-rule.js';
import type { Ctx } from '../context.js';

/** The CLI's spellings of the rules, in the order usage lists them. */
export const IDENTITY_RULE_SPELLINGS = IDENTITY_RULES.map((r) => r.toLowerCase().replace(/_/g, '-'));

/**
 * `firma platform set --identity-rule`: which national ID the platform's signers must carry
 * before a document is sent. Documents already sent keep what they were sent with; the next
 * distribution (and direct link) checks the new rule. Only this platform's row changes.
 * @throws VALIDATION_ERROR (unknown rule), NOT_FOUND (unknown platform)
 */
export async function setPlatformIdentityRule(
  ctx: Ctx,
  input: { platform: string; rule: string },
): Promise<{ platform: string; identityRule: IdentityRuleName }> {
  const rule = parseIdentityRule(input.rule);
  if (!rule)
    throw new AppError(
      'VALIDATION_ERROR',
      `unknown identity rule "${input.rule.slice(0, 40)}": one of ${IDENTITY_RULE_SPELLINGS.join(', ')}`,
    );
  const found = await setPlatformIdentityRuleByName(ctx.db, input.platform, rule);
  if (!found) throw new AppError('NOT_FOUND', `platform "${input.platform}" not found`);
  return { platform: input.platform, identityRule: rule };
}
