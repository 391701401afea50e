import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { findPasskeyByCredentialId, recordPasskeyUse, type PasskeyRow } from '../../db/repositories/passkey.repo.js';
import { findUserById, type UserAccountRow } from '../../db/repositories/user-account.repo.js';
import { AppError } from '../../errors.js';
import type { RequestMeta } from '../audit/audit-actor.js';
import type { Ctx } from '../context.js';
import { appendAccountAudit } from './account-audit.js';
import { spendChallenge, verifiedPasskeyCounter } from './passkey-rules.js';
import type { StartedSession } from './session-view.js';
import { startSession } from './start-session.js';

const failed = () => new AppError('PASSKEY_SIGN_IN_FAILED', 'This passkey does not sign in to a Firma account');

/**
 * Signs in with a passkey, from `startPasskeySignIn`'s options: the challenge is spent (live,
 * once); the credential must be a registered one whose owner the answer names (`userHandle`, when
 * given); @simplewebauthn/server checks origin, RP ID, user verification, the signature and that
 * the counter moved forward (a lower one means a cloned key: refused). The counter is then moved in
 * the transaction that opens the session (SIGN_IN, method `passkey`). A failure on a known
 * passkey is audited (SIGN_IN_FAILED, reason `passkey`); every failure answers the same.
 * @throws PASSKEY_CHALLENGE_INVALID, PASSKEY_SIGN_IN_FAILED
 */
export async function signInWithPasskey(
  ctx: Ctx,
  input: { response: AuthenticationResponseJSON },
  request: RequestMeta,
): Promise<StartedSession> {
  const challenge = await spendChallenge(ctx, input.response.response.clientDataJSON, 'SIGN_IN', null);
  const passkey = await findPasskeyByCredentialId(ctx.db, input.response.id);
  const user = passkey ? await findUserById(ctx.db, passkey.userId) : undefined;
  if (!passkey || !user) throw failed();
  const newCounter = await verifiedPasskeyCounter(ctx, input.response, passkey, challenge);
  const now = ctx.clock();
  const started = await ctx.db.transaction().execute(async (trx) => {
    if (newCounter === null) return null;
    if (!(await recordPasskeyUse(trx, passkey.id, passkey.counter, newCounter, now.toISOString()))) return null;
    return startSession(ctx, trx, user, { method: 'passkey', request, now });
  });
  if (started) return started;
  await auditFailure(ctx, user, passkey, request);
  throw failed();
}

async function auditFailure(ctx: Ctx, user: UserAccountRow, passkey: PasskeyRow, request: RequestMeta) {
  await ctx.db.transaction().execute((trx) =>
    appendAccountAudit(trx, {
      type: 'SIGN_IN_FAILED',
      userId: user.id,
      email: user.email,
      request,
      data: { reason: 'passkey', passkeyId: passkey.id },
      at: ctx.clock(),
    }),
  );
}
