import { AppError } from '../../errors.js';
import { appendAuditEvent } from '../audit/append-audit-event.js';
import type { AccountPrincipal } from '../accounts/session-view.js';
import type { Ctx } from '../context.js';
import { recipientAccount, signInRequired } from './recipient-account.js';
import { recipientActor } from './recipient-actor.js';
import { loadSigningSession } from './signing-session.js';
import { issueGrant, passesOf, type SigningRequest } from './verification-grant.js';
import { asSeenBy, loadVerificationState, requirementsOf } from './verification-state.js';
import { verificationStatus, type VerificationGranted } from './verification-status.js';

/**
 * ACCOUNT (access or action): the caller is signed in to the recipient's own Firma account (see
 * recipient-account.ts). The pass is the caller's grant (12 hours, like access), audited
 * RECIPIENT_VERIFICATION_PASSED with the method; a mismatch RECIPIENT_VERIFICATION_FAILED. It
 * works after completion too (downloading the signed copy asks for the same access).
 * @throws NOT_FOUND, VERIFICATION_NOT_PENDING, RECIPIENT_SIGN_IN_REQUIRED, RECIPIENT_ACCOUNT_MISMATCH
 */
export async function verifyRecipientAccount(
  ctx: Ctx,
  token: string,
  principal: AccountPrincipal | null,
  request: SigningRequest,
): Promise<VerificationGranted> {
  if (!principal) throw signInRequired();
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const s = await loadSigningSession(trx, token, { lock: true });
    const now = ctx.clock();
    const req = requirementsOf(s);
    if (!req.access.includes('ACCOUNT') && !req.action.includes('ACCOUNT'))
      throw new AppError('VERIFICATION_NOT_PENDING', 'ACCOUNT is not asked of you');
    const user = await recipientAccount(ctx, trx, s, principal, 'ACCOUNT', request);
    if (user instanceof AppError) return { refused: user };
    const iso = now.toISOString();
    await appendAuditEvent(ctx, trx, {
      envelopeId: s.graph.envelope.id,
      type: 'RECIPIENT_VERIFICATION_PASSED',
      data: { method: 'ACCOUNT' },
      actor: recipientActor(s.recipient),
      recipientId: s.recipient.id,
      request,
      at: now,
    });
    const passes = { ...passesOf(ctx.secrets, s, request, now), account: iso };
    const row = await loadVerificationState(trx, s);
    return {
      granted: {
        ...verificationStatus(s, asSeenBy(row, passes), now),
        ...issueGrant(ctx.secrets, s.recipient.tokenHash ?? '', passes, principal.sessionId),
      },
    };
  });
  if (outcome.refused) throw outcome.refused;
  return outcome.granted;
}
