import { loadEnvelopeParts, lockEnvelope } from '../../db/repositories/envelope.repo.js';
import { envelopesWithUnreportedExpiries, updateRecipientRow } from '../../db/repositories/recipient.repo.js';
import { appendAuditEvent } from '../audit/append-audit-event.js';
import type { Ctx } from '../context.js';
import { envelopeEventPayload } from '../events/envelope-event-payload.js';
import { recordEvent } from '../events/record-event.js';
import { queueOwnerNotice } from '../mail/owner-notice.js';

/**
 * Reports recipients whose signing link has lapsed: once per recipient (until a redistribute
 * renews it), an audit entry and a RECIPIENT_EXPIRED event per envelope, in one transaction per
 * envelope. Expiry itself needs no sweep: every action checks the time. The sweep only tells.
 */
export async function expireRecipients(ctx: Ctx, options: { batch?: number } = {}): Promise<number> {
  const now = ctx.clock();
  const iso = now.toISOString();
  const due = await envelopesWithUnreportedExpiries(ctx.db, iso, options.batch ?? 100);
  let reported = 0;
  for (const { envelopeId, platformId } of due) {
    reported += await ctx.db.transaction().execute(async (trx) => {
      // Re-read under the lock: another worker may have reported them, or a redistribute renewed them.
      const envelope = await lockEnvelope(trx, platformId, { documentId: envelopeId });
      if (!envelope || envelope.status !== 'PENDING') return 0;
      const graph = await loadEnvelopeParts(trx, envelope);
      const lapsed = graph.recipients.filter(
        (r) =>
          r.expiresAt !== null &&
          r.expiresAt <= iso &&
          r.expirationNotifiedAt === null &&
          r.signingStatus === 'NOT_SIGNED',
      );
      if (lapsed.length === 0) return 0;
      for (const r of lapsed) {
        const patch = { expirationNotifiedAt: iso, updatedAt: iso };
        await updateRecipientRow(trx, r.id, patch);
        Object.assign(r, patch);
        await appendAuditEvent(ctx, trx, {
          envelopeId,
          type: 'RECIPIENT_EXPIRED',
          recipientId: r.id,
          data: { expiresAt: r.expiresAt },
          actor: { kind: 'system' },
          at: now,
        });
      }
      await recordEvent(trx, {
        platformId,
        envelopeId,
        type: 'RECIPIENT_EXPIRED',
        payload: envelopeEventPayload(graph),
        at: now,
      });
      const who = lapsed.map((r) => `${r.name} <${r.email}>`.trim()).join(', ');
      await queueOwnerNotice(
        trx,
        { platformId, envelopeId, meta: envelope.meta, notice: 'ownerRecipientExpired', detail: who },
        now,
      );
      return lapsed.length;
    });
  }
  if (reported) ctx.log.info({ reported }, 'recipients whose signing link expired were reported');
  return reported;
}
