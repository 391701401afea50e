import type { Db } from '../../db/database.js';
import { appendAccountAudit } from '../accounts/account-audit.js';
import type { RequestMeta } from '../audit/audit-actor.js';
import type { Principal } from '../auth/principal.js';

/**
 * A member's change to a folder in the web app, in the user-level audit log (folders belong to no
 * envelope, so the envelopes' audit trail has no place for them), inside the change's transaction.
 * An API token's change is the team's own and is not a user's act: nothing is written.
 */
export async function recordFolderChange(
  trx: Db,
  principal: Principal,
  request: RequestMeta | undefined,
  type: 'FOLDER_CREATED' | 'FOLDER_UPDATED' | 'FOLDER_DELETED',
  data: Record<string, string | number | boolean | null>,
  at: Date,
): Promise<void> {
  const member = principal.member;
  if (!member) return;
  await appendAccountAudit(trx, {
    type,
    platformId: principal.platformId,
    actorUserId: member.userId,
    email: member.email,
    request: request ?? null,
    data,
    at,
  });
}
