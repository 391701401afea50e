import type { Ctx } from '../context.js';
import { addSenderIdentity, type SenderIdentityInput } from '../platforms/add-sender-identity.js';
import type { SenderIdentityView } from '../platforms/sender-identity-view.js';
import { auditTeamChange, type TeamAdmin } from './team-admin.js';

/**
 * Adds a sender address (or mails a new code to one not yet verified) under the API's rules,
 * audited (SENDER_ADDED) in the same transaction as the row and its code mail.
 * @throws VALIDATION_ERROR, ALREADY_EXISTS, LIMIT_EXCEEDED, VERIFICATION_RESEND_LIMIT
 */
export function addTeamSender(ctx: Ctx, admin: TeamAdmin, input: SenderIdentityInput): Promise<SenderIdentityView> {
  return addSenderIdentity(ctx, admin.principal, input, (trx, sender) =>
    auditTeamChange(trx, ctx, admin, 'SENDER_ADDED', { senderId: sender.id, email: sender.email }),
  );
}
