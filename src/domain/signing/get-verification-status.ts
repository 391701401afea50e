import type { Ctx } from '../context.js';
import { loadSigningSession } from './signing-session.js';
import { loadVerificationState } from './verification-state.js';
import { verificationStatus, type VerificationStatus } from './verification-status.js';

/**
 * Which verification the recipient is asked for and which is still pending, before anything of
 * the document is shown (it names no content). Reads only.
 * @throws NOT_FOUND
 */
export async function getVerificationStatus(ctx: Ctx, token: string): Promise<VerificationStatus> {
  const s = await loadSigningSession(ctx.db, token);
  return verificationStatus(s, await loadVerificationState(ctx.db, s), ctx.clock());
}
