import { findUserById, type UserAccountRow } from '../../db/repositories/user-account.repo.js';
import { AppError } from '../../errors.js';
import type { Ctx } from '../context.js';
import type { AccountPrincipal } from './session-view.js';

/**
 * The signed-in user's row.
 * @throws SESSION_REQUIRED when the account is gone since the session was checked
 */
export async function signedInUser(ctx: Pick<Ctx, 'db'>, principal: AccountPrincipal): Promise<UserAccountRow> {
  const user = await findUserById(ctx.db, principal.userId);
  if (!user) throw new AppError('SESSION_REQUIRED', 'Sign in first');
  return user;
}
