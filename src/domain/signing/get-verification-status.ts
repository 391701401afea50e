import type { Ctx } from '../context.js';
import type { IdentityRuleName } from '../recipients/identity-rule.js';
import { loadIdentityRule } from '../recipients/load-identity-rule.js';
import { loadSigningSession } from './signing-session.js';
import { passesOf, type SigningRequest } from './verification-grant.js';
import { asSeenBy, loadVerificationState } from './verification-state.js';
import { verificationStatus, type VerificationStatus } from './verification-status.js';

/** The status, and which national ID the `CUIL` method asks for (the platform's identity rule). */
export interface VerificationStatusView extends VerificationStatus {
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
  request: Pick<SigningRequest, 'verification'>,
): Promise<VerificationStatusView> {
  const s = await loadSigningSession(ctx.db, token);
  const now = ctx.clock();
  const [state, identityRule] = await Promise.all([
    loadVerificationState(ctx.db, s),
    loadIdentityRule(ctx.db, s.graph.envelope.platformId),
  ]);
  return { ...verificationStatus(s, asSeenBy(state, passesOf(ctx.secrets, s, request, now)), now), identityRule };
}
