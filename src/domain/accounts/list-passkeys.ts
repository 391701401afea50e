import { listUserPasskeys } from '../../db/repositories/passkey.repo.js';
import type { Ctx } from '../context.js';
import { passkeyView, type PasskeyView } from './passkey-rules.js';
import type { AccountPrincipal } from './session-view.js';

/** The signed-in user's passkeys, oldest first. */
export async function listPasskeys(ctx: Pick<Ctx, 'db'>, principal: AccountPrincipal): Promise<PasskeyView[]> {
  return (await listUserPasskeys(ctx.db, principal.userId)).map(passkeyView);
}
