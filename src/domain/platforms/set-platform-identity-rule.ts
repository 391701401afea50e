import { findPlatformByName, setPlatformIdentityPolicyByName } from '../../db/repositories/platform.repo.js';
import { AppError } from '../../errors.js';
import {
  IDENTITY_RULES,
  parseIdentityRule,
  storedIdentityRule,
  type IdentityRuleName,
} from '../recipients/identity-rule.js';
import type { Ctx } from '../context.js';

/** The CLI's spellings of the rules, in the order usage lists them. */
export const IDENTITY_RULE_SPELLINGS = IDENTITY_RULES.map((r) => r.toLowerCase().replace(/_/g, '-'));

/**
 * `firma platform set --identity-rule … --signer-enters-id on|off`: which national ID the
 * platform's signers must carry before a document is sent, and whether a signer the sender gave
 * none may type their own on the signing page before signing (off by default: the spec's "before
 * the document is sent"). Documents already sent keep what they were sent with; the next
 * distribution (and direct link) checks the new policy. Only this platform's row changes.
 * @throws VALIDATION_ERROR (unknown rule or switch, nothing to set), NOT_FOUND (unknown platform)
 */
export async function setPlatformIdentityRule(
  ctx: Ctx,
  input: { platform: string; rule?: string | undefined; signerEntersId?: string | undefined },
): Promise<{ platform: string; identityRule: IdentityRuleName; signerEntersId: boolean }> {
  if (input.rule === undefined && input.signerEntersId === undefined)
    throw new AppError(
      'VALIDATION_ERROR',
      'platform set needs --identity-rule, --signer-enters-id and/or --embed-white-label',
    );
  const rule = input.rule === undefined ? undefined : parseIdentityRule(input.rule);
  if (rule === null)
    throw new AppError(
      'VALIDATION_ERROR',
      `unknown identity rule "${input.rule!.slice(0, 40)}": one of ${IDENTITY_RULE_SPELLINGS.join(', ')}`,
    );
  const entry = input.signerEntersId === undefined ? undefined : switchValue(input.signerEntersId);
  if (entry === null) throw new AppError('VALIDATION_ERROR', '--signer-enters-id takes on or off');
  const found = await setPlatformIdentityPolicyByName(ctx.db, input.platform, {
    ...(rule ? { identityRule: rule } : {}),
    ...(entry !== undefined ? { signerEntersId: entry ? 1 : 0 } : {}),
  });
  const row = found ? await findPlatformByName(ctx.db, input.platform) : undefined;
  if (!row) throw new AppError('NOT_FOUND', `platform "${input.platform}" not found`);
  return {
    platform: input.platform,
    identityRule: storedIdentityRule(row.identityRule),
    signerEntersId: row.signerEntersId === 1,
  };
}

function switchValue(text: string): boolean | null {
  const value = text.trim().toLowerCase();
  return value === 'on' ? true : value === 'off' ? false : null;
}
