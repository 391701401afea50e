import type { Ctx } from '../context.js';
import { removeSenderIdentity } from '../platforms/remove-sender-identity.js';
import { auditTeamChange, type TeamAdmin } from './team-admin.js';

/**
 * Removes a sender address, audited (SENDER_REMOVED) in the same transaction. Another team's
 * sender is NOT_FOUND and stays.
 * @throws NOT_FOUND
 */
export function removeTeamSender(ctx: Ctx, admin: TeamAdmin, senderId: string): Promise<void> {
  return removeSenderIdentity(ctx, admin.principal, senderId, (trx, sender) =>
    auditTeamChange(trx, ctx, admin, 'SENDER_REMOVED', { senderId: sender.id, email: sender.email }),
  );
}
