import { AppError } from '../../errors.js';
import { apiActor, type ApiCaller } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { recordRejection } from '../signing/reject-recipient.js';
import { assertCanAct, type SigningSession } from '../signing/signing-session.js';
import { editEnvelope, envelopeOfPart } from './edit-envelope.js';

/**
 * The sender records a recipient's refusal (given by phone, in person…): the same state change as
 * a rejection on the signing page, audited as done by the API caller on the recipient's behalf.
 * @throws NOT_FOUND, DOCUMENT_NOT_PENDING, RECIPIENT_ALREADY_SIGNED, RECIPIENT_REJECTED, RECIPIENT_NO_ACTION
 */
export async function rejectOnBehalf(ctx: Ctx, caller: ApiCaller, recipientId: number, reason: string) {
  const envelopeId = await envelopeOfPart(ctx.db, caller.principal.platformId, { recipientId });
  const result = await editEnvelope(
    ctx,
    caller,
    envelopeId,
    'DOCUMENT_RECIPIENT_REJECTED_ON_BEHALF',
    async (trx, graph, now) => {
      const recipient = graph.recipients.find((r) => r.id === recipientId);
      if (!recipient) throw new AppError('NOT_FOUND', 'Recipient not found');
      const session: SigningSession = { graph, recipient, meta: graph.envelope.meta };
      assertCanAct(session, now, { ignoreTurn: true });
      await recordRejection(ctx, trx, session, reason, now, apiActor(caller), caller.request);
      return {
        result: { recipientId, signingStatus: 'REJECTED' as const, rejectionReason: reason },
        // recordRejection wrote the entry (DOCUMENT_RECIPIENT_REJECTED, by the API caller).
        data: null,
      };
    },
  );
  ctx.wakeWorker();
  return result;
}
