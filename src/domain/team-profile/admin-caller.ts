import { AppError } from '../../errors.js';
import type { AccountPrincipal } from '../accounts/session-view.js';
import { memberCaller } from '../app-documents/member-caller.js';
import type { RequestMeta } from '../audit/audit-actor.js';
import type { Ctx } from '../context.js';

/**
 * A platform's ADMIN, for its settings: another platform is NOT_FOUND (as an unknown one), a
 * MANAGER or MEMBER of this one FORBIDDEN.
 * @throws NOT_FOUND, FORBIDDEN
 */
export async function adminCaller(ctx: Ctx, account: AccountPrincipal, platformId: number, request: RequestMeta) {
  const caller = await memberCaller(ctx, account, platformId, request);
  if (caller.principal.member?.role !== 'ADMIN')
    throw new AppError('FORBIDDEN', 'Only an administrator of the team may change its public profile');
  return caller;
}
