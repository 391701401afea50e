import type { Ctx } from '../context.js';
import type { IdentityRuleName } from '../recipients/identity-rule.js';
import { loadIdentityRule } from '../recipients/load-identity-rule.js';
import { loadSigningSession } from './signing-session.js';
import { passesOf, type SigningRequest } from './verification-grant.js';
import { accountOfRecipient } from './recipient-account.js';
import { asSeenBy, loadVerificationState, requirementsOf } from './verification-state.js';
import { verificationStatus, type VerificationStatus } from './verification-status.js';

/** The status, and which national ID the `CUIL` method asks for (the platform's identity rule). */
export interface VerificationStatusView extends VerificationStatus {
  /** What PASSWORD asks for: the recipient's account password, or (no account) the sender's access code; null before access passed. */
  password: 'ACCOUNT_PASSWORD' | 'ACCESS_CODE' | null;
  identityRule: IdentityRuleName;
}

/**
 * Which verification the recipient is asked for and which is still pending for this caller (what
 * its grants prove), before anything of the document is shown (it names no content). Reads only.
 * @throws NOT_FOUND
 */
export async function getVerificationStatus(
  ctx: Ctx,
  token: string,
  request: Pick<SigningRequest, 'verification' | 'accountSessionId'>,
): Promise<VerificationStatusView> {
  const s = await loadSigningSession(ctx.db, token);
  const now = ctx.clock();
  const [state, identityRule] = await Promise.all([
    loadVerificationState(ctx.db, s),
    loadIdentityRule(ctx.db, s.graph.envelope.platformId),
  ]);
  const status = verificationStatus(s, asSeenBy(state, passesOf(ctx.secrets, s, request, now)), now);
  // Whether the address has an account is told only to a caller past access verification.
  const passwordAsked = requirementsOf(s).action.includes('PASSWORD') && status.access.pending.length === 0;
  const account = passwordAsked ? await accountOfRecipient(ctx.db, s) : undefined;
  const password = !passwordAsked ? null : account ? 'ACCOUNT_PASSWORD' : 'ACCESS_CODE';
  return {
    ...status,
    password,
    identityRule,
  };
}
