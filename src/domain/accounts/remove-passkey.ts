import { deleteUserPasskey, findUserPasskey } from '../../db/repositories/passkey.repo.js';
import { passwordMatches } from '../../infra/crypto/password-hash.js';
import type { RequestMeta } from '../audit/audit-actor.js';
import type { Ctx } from '../context.js';
import { appendAccountAudit } from './account-audit.js';
import { passwordIncorrect } from './change-password.js';
import { passkeyNotFound } from './passkey-rules.js';
import type { AccountPrincipal } from './session-view.js';
import { signedInUser } from './signed-in-user.js';

/**
 * Removes one of the signed-in user's passkeys, given the password again; audited
 * (PASSKEY_REMOVED). It no longer signs anyone in.
 * @throws PASSKEY_NOT_FOUND (another user's passkey too: nothing changes), PASSWORD_INCORRECT
 */
export async function removePasskey(
  ctx: Ctx,
  principal: AccountPrincipal,
  input: { passkeyId: string; password: string },
  request: RequestMeta,
): Promise<void> {
  const user = await signedInUser(ctx, principal);
  if (!(await findUserPasskey(ctx.db, user.id, input.passkeyId))) throw passkeyNotFound();
  if (!(await passwordMatches(user.passwordHash, input.password))) throw passwordIncorrect('password');
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await deleteUserPasskey(trx, user.id, input.passkeyId))) throw passkeyNotFound();
    await appendAccountAudit(trx, {
      type: 'PASSKEY_REMOVED',
      userId: user.id,
      email: user.email,
      request,
      data: { passkeyId: input.passkeyId },
      at: ctx.clock(),
    });
  });
}
