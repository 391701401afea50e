import { listSenderIdentities as listRows } from '../../db/repositories/sender-identity.repo.js';
import type { Principal } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { assertPlatformCaller, senderIdentityView, type SenderIdentityView } from './sender-identity-view.js';

/** The platform's sender identities, oldest first, verified or not. @throws FORBIDDEN */
export async function listSenderIdentities(ctx: Ctx, principal: Principal): Promise<SenderIdentityView[]> {
  assertPlatformCaller(principal);
  return (await listRows(ctx.db, principal.platformId)).map(senderIdentityView);
}
