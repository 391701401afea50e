import { lockCallerEnvelope } from './lock-caller-envelope.js';
import type { Db } from '../../db/database.js';
import {
  loadEnvelopeParts,
  updateEnvelope,
  type EnvelopeKey,
  type EnvelopeRow,
} from '../../db/repositories/envelope.repo.js';
import { notFound } from '../../errors.js';
import { appendAuditEvent } from '../audit/append-audit-event.js';
import { apiActor, type ApiCaller } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { envelopeEventPayload } from '../events/envelope-event-payload.js';
import { recordEvent } from '../events/record-event.js';
import { recordCancellation } from './cancel-envelope.js';
import { forgetEnvelopeCounts } from './find-envelopes.js';

/**
 * Removes an envelope from the platform's view (a soft delete: the evidence of a signed document
 * is kept). A PENDING envelope is cancelled first, so its links die and its recipients are told.
 * A template is only hidden (it was never sent, so there is nothing to cancel): documents made from
 * it keep their `templateId`, a plain number, and stay as they are.
 * @throws NOT_FOUND
 */
export async function deleteEnvelope(ctx: Ctx, caller: ApiCaller, key: EnvelopeKey): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const envelope = await lockCallerEnvelope(trx, caller, key);
    if (!envelope) throw notFound('documentId' in key ? 'Document' : 'Envelope');
    const now = ctx.clock();
    const deletedAt = now.toISOString();
    if (envelope.type === 'TEMPLATE') {
      await deleteTemplate(ctx, trx, caller, envelope, now);
      return;
    }
    if (envelope.status === 'PENDING' || envelope.status === 'DRAFT') {
      await recordCancellation(trx, ctx, caller, envelope, { deletedAt });
      return;
    }
    await updateEnvelope(trx, envelope.id, { deletedAt }, now);
    await appendAuditEvent(ctx, trx, {
      envelopeId: envelope.id,
      type: 'DOCUMENT_DELETED',
      data: { status: envelope.status },
      actor: apiActor(caller),
      request: caller.request,
      at: now,
    });
  });
  forgetEnvelopeCounts(caller.principal.platformId);
  ctx.wakeWorker();
}

async function deleteTemplate(ctx: Ctx, trx: Db, caller: ApiCaller, envelope: EnvelopeRow, now: Date): Promise<void> {
  const patch = { deletedAt: now.toISOString() };
  await updateEnvelope(trx, envelope.id, patch, now);
  Object.assign(envelope, patch, { updatedAt: patch.deletedAt });
  await appendAuditEvent(ctx, trx, {
    envelopeId: envelope.id,
    type: 'DOCUMENT_DELETED',
    data: { status: envelope.status },
    actor: apiActor(caller),
    request: caller.request,
    at: now,
  });
  await recordEvent(trx, {
    platformId: envelope.platformId,
    envelopeId: envelope.id,
    type: 'TEMPLATE_DELETED',
    payload: envelopeEventPayload(await loadEnvelopeParts(trx, envelope)),
    at: now,
  });
}
