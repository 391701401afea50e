import type { Db } from '../../db/database.js';
import { lockEnvelope, type EnvelopeKey, type EnvelopeRow } from '../../db/repositories/envelope.repo.js';
import { hasRecipientWithEmail } from '../../db/repositories/recipient.repo.js';
import { memberMaySee } from '../auth/member-visibility.js';
import type { ApiCaller } from '../auth/principal.js';

/**
 * The caller's envelope, locked for the transaction's change, or undefined (NOT_FOUND to the caller):
 * another platform's, unknown, deleted, or — for a member acting in the web app — hidden by its
 * visibility. The visibility is checked on the locked row, inside the transaction, so a change of
 * visibility or owner that committed first is honoured, never one read a moment before.
 */
export async function lockCallerEnvelope(
  trx: Db,
  caller: ApiCaller,
  key: EnvelopeKey,
): Promise<EnvelopeRow | undefined> {
  const envelope = await lockEnvelope(trx, caller.principal.platformId, key);
  const member = caller.principal.member;
  if (!envelope || !member) return envelope;
  const visible = await memberMaySee(member, envelope, () => hasRecipientWithEmail(trx, envelope.id, member.email));
  return visible ? envelope : undefined;
}
