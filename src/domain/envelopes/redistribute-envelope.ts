import { lockCallerEnvelope } from './lock-caller-envelope.js';
import {
  loadEnvelopeParts,
  type EnvelopeGraph,
  type EnvelopeKey,
  type RecipientRow,
} from '../../db/repositories/envelope.repo.js';
import { updateRecipientRow } from '../../db/repositories/recipient.repo.js';
import { AppError, notFound } from '../../errors.js';
import { appendAuditEvent } from '../audit/append-audit-event.js';
import { apiActor, type ApiCaller } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { enqueueJob } from '../jobs/enqueue-job.js';
import { SIGNING_REQUEST_MAIL } from '../jobs/job-catalogue.js';
import { signingLinks, tokenRevealFor, type SigningLink } from '../model/signing-links.js';
import { currentTurn, mustAct } from '../model/signing-turn.js';
import { expiryFrom } from '../model/envelope-meta.js';
import { envelopeEventPayload } from '../events/envelope-event-payload.js';
import { recordEvent } from '../events/record-event.js';
import { startReminders } from '../reminders/schedule-reminders.js';
import { assertNotTemplate } from './envelope-state.js';

export interface RedistributeResult {
  graph: EnvelopeGraph;
  links: SigningLink[];
}

/**
 * Sends the named recipients of a PENDING envelope their link again and renews their expiry from
 * now (an expired recipient can act again). Recipients added after distribution get their first
 * link this way. A recipient whose turn has not come yet is renewed but not mailed: the turn mail
 * reaches it when the earlier group is done. Tokens stay the same, so links already handed out
 * keep working. It is a manual reminder: the mailed recipients' automatic reminders start over from
 * now (the next one `sendAfter` later, the cap counted anew) and DOCUMENT_REMINDER_SENT fires.
 * A presign token may not: it lives in a browser, and re-mailing every recipient on demand (with a
 * fresh expiry) is the owner's decision, not an embedded editor's.
 * @throws PRESIGN_TOKEN_NOT_ALLOWED, NOT_FOUND, TEMPLATE_NOT_DISTRIBUTABLE, ENVELOPE_NOT_PENDING,
 *   VALIDATION_ERROR (unknown or finished recipients)
 */
export async function redistributeEnvelope(
  ctx: Ctx,
  caller: ApiCaller,
  input: { key: EnvelopeKey; recipientIds: number[] },
): Promise<RedistributeResult> {
  if (caller.principal.presign)
    throw new AppError(
      'PRESIGN_TOKEN_NOT_ALLOWED',
      'A presign token cannot send recipients their link again: redistribute with the API token',
    );
  const result = await ctx.db.transaction().execute(async (trx): Promise<RedistributeResult> => {
    const envelope = await lockCallerEnvelope(trx, caller, input.key);
    if (!envelope) throw notFound('documentId' in input.key ? 'Document' : 'Envelope');
    assertNotTemplate(envelope.type);
    if (envelope.status !== 'PENDING')
      throw new AppError(
        'ENVELOPE_NOT_PENDING',
        `Only a PENDING document can be redistributed; this one is ${envelope.status}`,
      );
    const graph = await loadEnvelopeParts(trx, envelope);
    const wanted = new Set(input.recipientIds);
    const chosen = graph.recipients.filter((r) => wanted.has(r.id));
    const issues = [...wanted]
      .map((id, index) => ({ id, index, r: chosen.find((c) => c.id === id) }))
      .filter(({ r }) => !r || !mustAct(r) || r.signingStatus !== 'NOT_SIGNED' || r.tokenSealed === null)
      .map(({ id, index, r }) => ({
        path: ['recipients', index],
        message: !r
          ? `recipient ${id} is not on this document`
          : r.signingStatus !== 'NOT_SIGNED'
            ? `recipient ${id} has already ${r.signingStatus === 'SIGNED' ? 'signed' : 'rejected'}`
            : `recipient ${id} has nothing to sign`,
      }));
    if (issues.length)
      throw new AppError('VALIDATION_ERROR', 'Some recipients cannot be sent the document again', { issues });

    const meta = envelope.meta;
    const now = ctx.clock();
    const iso = now.toISOString();
    const expiresAt = expiryFrom(meta, now)?.toISOString() ?? null;
    const turn = currentTurn(graph.recipients, meta.signingOrder);
    const mailing = meta.distributionMethod === 'EMAIL' && meta.emailSettings.recipientSigningRequest;
    const mailed: RecipientRow[] = [];
    for (const r of chosen) {
      const mailNow = mailing && turn.has(r.id) && r.email !== '';
      const patch = {
        expiresAt,
        expirationNotifiedAt: null,
        updatedAt: iso,
        ...(mailNow ? { sendStatus: 'SENT' as const, sentAt: iso } : {}),
      };
      await updateRecipientRow(trx, r.id, patch);
      Object.assign(r, patch);
      if (mailNow) {
        await enqueueJob(trx, { kind: SIGNING_REQUEST_MAIL, payload: { recipientId: r.id } }, now);
        mailed.push(r);
      }
    }
    await appendAuditEvent(ctx, trx, {
      envelopeId: envelope.id,
      type: 'DOCUMENT_RESENT',
      data: { recipients: chosen.map((r) => r.id), mailed: mailed.map((r) => r.id), expiresAt },
      actor: apiActor(caller),
      request: caller.request,
      at: now,
    });
    if (mailed.length > 0) {
      // A manual reminder: each mailed recipient's schedule starts over from now, and the event is
      // the one automatic reminders fire (Documenso's resend fires it too).
      await startReminders(ctx, trx, { platformId: envelope.platformId, meta, recipients: mailed, sentAt: now });
      await recordEvent(trx, {
        platformId: envelope.platformId,
        envelopeId: envelope.id,
        type: 'DOCUMENT_REMINDER_SENT',
        payload: envelopeEventPayload(graph),
        at: now,
      });
    }
    return {
      graph,
      links: signingLinks(
        ctx,
        graph.recipients,
        tokenRevealFor(ctx, caller.principal),
        new Set(chosen.map((r) => r.id)),
      ),
    };
  });
  ctx.wakeWorker();
  return result;
}
