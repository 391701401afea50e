import {
  findSenderIdentity,
  spendSenderCodeTry,
  updateSenderIdentity,
} from '../../db/repositories/sender-identity.repo.js';
import { AppError, notFound } from '../../errors.js';
import { slowHashMatches } from '../../infra/crypto/slow-hash.js';
import type { Principal } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import {
  assertPlatformCaller,
  SENDER_CODE_MAX_TRIES,
  senderIdentityView,
  type SenderChangeHook,
  type SenderIdentityView,
} from './sender-identity-view.js';

const expired = () =>
  new AppError(
    'VERIFICATION_CODE_EXPIRED',
    'There is no valid code for this sender: add the address again for a new one',
  );
const locked = () =>
  new AppError('VERIFICATION_CODE_LOCKED', 'The code was mistyped too many times: add the address again for a new one');

/**
 * Confirms a sender identity with the code mailed to its address; from then on documents may name
 * it in `meta.emailId`. Each try is spent (in one statement) before the slow comparison, 5 per code;
 * a wrong code changes nothing else. Another platform's sender is NOT_FOUND, like an unknown one.
 * @throws FORBIDDEN, NOT_FOUND, VERIFICATION_NOT_PENDING (409, already verified),
 *   VERIFICATION_CODE_INVALID, VERIFICATION_CODE_EXPIRED, VERIFICATION_CODE_LOCKED (400)
 */
export async function verifySenderIdentity(
  ctx: Ctx,
  principal: Principal,
  id: string,
  code: string,
  inTransaction?: SenderChangeHook,
): Promise<SenderIdentityView> {
  assertPlatformCaller(principal);
  const row = await findSenderIdentity(ctx.db, principal.platformId, id);
  if (!row) throw notFound('Sender identity');
  if (row.verifiedAt) throw new AppError('VERIFICATION_NOT_PENDING', 'This sender identity is already verified');
  const nowIso = ctx.clock().toISOString();
  if (!row.codeHash || !row.codeExpiresAt || row.codeExpiresAt <= nowIso) throw expired();
  if (row.codeTries >= SENDER_CODE_MAX_TRIES) throw locked();
  if (!(await spendSenderCodeTry(ctx.db, row.id, SENDER_CODE_MAX_TRIES, nowIso))) {
    const again = await findSenderIdentity(ctx.db, principal.platformId, id);
    throw again && again.codeTries >= SENDER_CODE_MAX_TRIES ? locked() : expired();
  }
  if (!(await slowHashMatches(code, row.codeHash))) {
    const triesLeft = SENDER_CODE_MAX_TRIES - row.codeTries - 1;
    if (triesLeft <= 0) throw locked();
    throw new AppError('VERIFICATION_CODE_INVALID', `The code is not right; ${triesLeft} tries left`);
  }
  const iso = ctx.clock().toISOString();
  // The hash is the one just checked: a newer code issued meanwhile is not verified by an older one.
  const patch = { verifiedAt: iso, codeHash: null, codeExpiresAt: null, updatedAt: iso };
  const verified = await ctx.db.transaction().execute(async (trx) => {
    const current = await findSenderIdentity(trx, principal.platformId, id, { lock: true });
    if (!current || current.codeHash !== row.codeHash) throw expired();
    await updateSenderIdentity(trx, id, patch);
    await inTransaction?.(trx, senderIdentityView({ ...current, ...patch }));
    return { ...current, ...patch };
  });
  return senderIdentityView(verified);
}
