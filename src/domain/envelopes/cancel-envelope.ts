import { lockCallerEnvelope } from './lock-caller-envelope.js';
import type { Db } from '../../db/database.js';
import {
  loadEnvelopeParts,
  updateEnvelope,
  type EnvelopeKey,
  type EnvelopeRow,
} from '../../db/repositories/envelope.repo.js';
import { AppError, notFound } from '../../errors.js';
import { appendAuditEvent } from '../audit/append-audit-event.js';
import { apiActor, type ApiCaller } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { envelopeEventPayload } from '../events/envelope-event-payload.js';
import { recordEvent } from '../events/record-event.js';
import { enqueueJob } from '../jobs/enqueue-job.js';
import { CANCELLED_MAIL } from '../jobs/job-catalogue.js';
import { forgetEnvelopeCounts } from './find-envelopes.js';

/**
 * PENDING (or DRAFT) → CANCELLED: the links stop working at once, recipients who were sent the
 * document are told (per emailSettings.documentDeleted), DOCUMENT_CANCELLED is fired. A document
 * already cancelled, completed or rejected is refused with the code of its state.
 * @throws NOT_FOUND, ENVELOPE_CANCELLED, ENVELOPE_COMPLETED, ENVELOPE_REJECTED
 */
export async function cancelEnvelope(ctx: Ctx, caller: ApiCaller, key: EnvelopeKey): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const envelope = await lockCallerEnvelope(trx, caller, key);
    if (!envelope) throw notFound('documentId' in key ? 'Document' : 'Envelope');
    if (envelope.status === 'CANCELLED') throw new AppError('ENVELOPE_CANCELLED', 'The document is already cancelled');
    if (envelope.status === 'COMPLETED')
      throw new AppError('ENVELOPE_COMPLETED', 'A completed document cannot be cancelled');
    if (envelope.status === 'REJECTED')
      throw new AppError('ENVELOPE_REJECTED', 'A rejected document cannot be cancelled');
    await recordCancellation(trx, ctx, caller, envelope, {});
  });
  forgetEnvelopeCounts(caller.principal.platformId);
  ctx.wakeWorker();
}

/** Shared with delete: the state change, its audit entry, its event and its mails. */
export async function recordCancellation(
  trx: Db,
  ctx: Ctx,
  caller: ApiCaller,
  envelope: EnvelopeRow,
  extra: { deletedAt?: string },
): Promise<void> {
  const now = ctx.clock();
  const wasPending = envelope.status === 'PENDING';
  const patch = { status: 'CANCELLED' as const, ...extra };
  await updateEnvelope(trx, envelope.id, patch, now);
  Object.assign(envelope, patch, { updatedAt: now.toISOString() });
  const graph = await loadEnvelopeParts(trx, envelope);
  await appendAuditEvent(ctx, trx, {
    envelopeId: envelope.id,
    type: extra.deletedAt ? 'DOCUMENT_DELETED' : 'DOCUMENT_CANCELLED',
    data: { previousStatus: wasPending ? 'PENDING' : 'DRAFT' },
    actor: apiActor(caller),
    request: caller.request,
    at: now,
  });
  await recordEvent(trx, {
    platformId: envelope.platformId,
    envelopeId: envelope.id,
    type: 'DOCUMENT_CANCELLED',
    payload: envelopeEventPayload(graph),
    at: now,
  });
  const meta = envelope.meta;
  if (!wasPending || meta.distributionMethod !== 'EMAIL' || !meta.emailSettings.documentDeleted) return;
  for (const r of graph.recipients) {
    if (!r.email || r.sendStatus !== 'SENT' || r.signingStatus !== 'NOT_SIGNED') continue;
    await enqueueJob(trx, { kind: CANCELLED_MAIL, payload: { recipientId: r.id } }, now);
  }
}
