import type { Ctx } from '../context.js';
import type { SenderIdentityView } from '../platforms/sender-identity-view.js';
import { verifySenderIdentity } from '../platforms/verify-sender-identity.js';
import { auditTeamChange, type TeamAdmin } from './team-admin.js';

/**
 * Confirms a sender address with its mailed code (the API's flow: 5 tries, 10 minutes), audited
 * (SENDER_VERIFIED) in the transaction that marks it verified. Another team's sender is NOT_FOUND.
 * @throws NOT_FOUND, VERIFICATION_NOT_PENDING, VERIFICATION_CODE_INVALID, VERIFICATION_CODE_EXPIRED, VERIFICATION_CODE_LOCKED
 */
export function verifyTeamSender(
  ctx: Ctx,
  admin: TeamAdmin,
  senderId: string,
  code: string,
): Promise<SenderIdentityView> {
  return verifySenderIdentity(ctx, admin.principal, senderId, code, (trx, sender) =>
    auditTeamChange(trx, ctx, admin, 'SENDER_VERIFIED', { senderId: sender.id, email: sender.email }),
  );
}
