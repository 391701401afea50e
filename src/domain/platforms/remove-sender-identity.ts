import { deleteSenderIdentity, findSenderIdentity } from '../../db/repositories/sender-identity.repo.js';
import { notFound } from '../../errors.js';
import type { Principal } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { assertPlatformCaller, senderIdentityView, type SenderChangeHook } from './sender-identity-view.js';

/**
 * Removes a sender identity. Documents that name it keep their `meta.emailId`, and their mails go
 * from FIRMA_MAIL_FROM from then on (the sender is looked up at each mail); new ones may not name it.
 * @throws FORBIDDEN, NOT_FOUND (another platform's too)
 */
export async function removeSenderIdentity(
  ctx: Ctx,
  principal: Principal,
  id: string,
  inTransaction?: SenderChangeHook,
): Promise<void> {
  assertPlatformCaller(principal);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await findSenderIdentity(trx, principal.platformId, id);
    if (!row || !(await deleteSenderIdentity(trx, principal.platformId, id))) throw notFound('Sender identity');
    await inTransaction?.(trx, senderIdentityView(row));
  });
}
