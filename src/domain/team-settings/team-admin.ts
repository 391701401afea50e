import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { appendAccountAudit, type AccountAuditType } from '../accounts/account-audit.js';
import type { AccountPrincipal } from '../accounts/session-view.js';
import { memberCaller } from '../app-documents/member-caller.js';
import type { RequestMeta } from '../audit/audit-actor.js';
import type { ApiCaller } from '../auth/principal.js';
import type { Ctx } from '../context.js';

/** A platform's ADMIN acting on its settings in the web app: the API's caller shape, plus who. */
export interface TeamAdmin extends ApiCaller {
  account: AccountPrincipal;
  platformId: number;
}

/**
 * The signed-in user as an ADMIN of the platform the path names. Team settings (API tokens,
 * webhooks, sender addresses) are for admins only, reading included: a token's scopes, a
 * webhook's URL and the delivery log say how the team's systems are wired. A MANAGER or MEMBER
 * is FORBIDDEN; a platform the user is not a member of is NOT_FOUND, like an unknown one.
 * @throws NOT_FOUND, FORBIDDEN
 */
export async function teamAdmin(
  ctx: Ctx,
  account: AccountPrincipal,
  platformId: number,
  request: RequestMeta,
): Promise<TeamAdmin> {
  const caller = await memberCaller(ctx, account, platformId, request);
  const role = caller.principal.member?.role;
  if (role !== 'ADMIN')
    throw new AppError(
      'FORBIDDEN',
      `The team’s settings are for its admins; a ${role ?? 'non-member'} cannot use them`,
    );
  return { ...caller, account, platformId };
}

/** The audit entry of a settings change, written in the change's transaction (no secret in `data`). */
export async function auditTeamChange(
  trx: Db,
  ctx: Ctx,
  admin: TeamAdmin,
  type: AccountAuditType,
  data: Record<string, string | number | boolean | null>,
): Promise<void> {
  await appendAccountAudit(trx, {
    type,
    userId: admin.account.userId,
    platformId: admin.platformId,
    actorUserId: admin.account.userId,
    email: admin.account.email,
    request: admin.request,
    data,
    at: ctx.clock(),
  });
}

/** A webhook URL's host, all the audit keeps of it: its path or query may carry the receiver's own secret. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}
