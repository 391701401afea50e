import { findEnvelope, loadEnvelopeParts, type EnvelopeGraph } from '../../db/repositories/envelope.repo.js';
import { hasRecipientWithEmail } from '../../db/repositories/recipient.repo.js';
import type { EnvelopeType } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { memberMaySee } from '../auth/member-visibility.js';
import type { ApiCaller } from '../auth/principal.js';
import type { Ctx } from '../context.js';

/**
 * The envelope of the caller's platform, of this type, that the member may see; anything else —
 * unknown, another platform's, the other type, hidden by its visibility — is NOT_FOUND alike, so
 * a member learns nothing of what they may not see.
 * @throws NOT_FOUND
 */
export async function findVisibleEnvelope(
  ctx: Ctx,
  caller: ApiCaller,
  publicId: string,
  type: EnvelopeType,
): Promise<EnvelopeGraph> {
  const what = type === 'TEMPLATE' ? 'Template' : 'Document';
  const envelope = await findEnvelope(ctx.db, caller.principal.platformId, { publicId });
  if (!envelope || envelope.type !== type) throw notFound(what);
  const member = caller.principal.member;
  if (member && !(await memberMaySee(member, envelope, () => hasRecipientWithEmail(ctx.db, envelope.id, member.email))))
    throw notFound(what);
  return loadEnvelopeParts(ctx.db, envelope);
}
