import type { Ctx } from '../context.js';
import { loadSigningSession } from './signing-session.js';
import { passesOf, type SigningRequest } from './verification-grant.js';
import { asSeenBy, loadVerificationState } from './verification-state.js';
import { verificationStatus, type VerificationStatus } from './verification-status.js';

/**
 * Which verification the recipient is asked for and which is still pending for this caller (what
 * its grants prove), before anything of the document is shown (it names no content). Reads only.
 * @throws NOT_FOUND
 */
export async function getVerificationStatus(
  ctx: Ctx,
  token: string,
  request: Pick<SigningRequest, 'verification'>,
): Promise<VerificationStatus> {
  const s = await loadSigningSession(ctx.db, token);
  const now = ctx.clock();
  return verificationStatus(
    s,
    asSeenBy(await loadVerificationState(ctx.db, s), passesOf(ctx.secrets, s, request, now)),
    now,
  );
}
