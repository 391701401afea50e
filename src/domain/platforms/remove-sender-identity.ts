import { deleteSenderIdentity } from '../../db/repositories/sender-identity.repo.js';
import { notFound } from '../../errors.js';
import type { Principal } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { assertPlatformCaller } from './sender-identity-view.js';

/**
 * Removes a sender identity. Documents that name it keep their `meta.emailId`, and their mails go
 * from FIRMA_MAIL_FROM from then on (the sender is looked up at each mail); new ones may not name it.
 * @throws FORBIDDEN, NOT_FOUND (another platform's too)
 */
export async function removeSenderIdentity(ctx: Ctx, principal: Principal, id: string): Promise<void> {
  assertPlatformCaller(principal);
  if (!(await deleteSenderIdentity(ctx.db, principal.platformId, id))) throw notFound('Sender identity');
}
