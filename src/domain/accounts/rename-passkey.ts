import { findUserPasskey, renameUserPasskey } from '../../db/repositories/passkey.repo.js';
import type { RequestMeta } from '../audit/audit-actor.js';
import type { Ctx } from '../context.js';
import { appendAccountAudit } from './account-audit.js';
import { passkeyNotFound, passkeyView, type PasskeyView } from './passkey-rules.js';
import type { AccountPrincipal } from './session-view.js';

/**
 * Renames one of the signed-in user's passkeys, audited (PASSKEY_RENAMED).
 * @throws PASSKEY_NOT_FOUND (another user's passkey too: nothing changes)
 */
export async function renamePasskey(
  ctx: Ctx,
  principal: AccountPrincipal,
  input: { passkeyId: string; name: string },
  request: RequestMeta,
): Promise<PasskeyView> {
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await renameUserPasskey(trx, principal.userId, input.passkeyId, input.name))) throw passkeyNotFound();
    const row = await findUserPasskey(trx, principal.userId, input.passkeyId);
    if (!row) throw passkeyNotFound();
    await appendAccountAudit(trx, {
      type: 'PASSKEY_RENAMED',
      userId: principal.userId,
      email: principal.email,
      request,
      data: { passkeyId: row.id },
      at: ctx.clock(),
    });
    return passkeyView(row);
  });
}
