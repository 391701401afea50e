import { lastAuditEvent } from '../../db/repositories/audit.repo.js';
import { lockEnvelope, type EnvelopeGraph } from '../../db/repositories/envelope.repo.js';
import { PermanentJobError } from '../../infra/jobs/job-runner.js';
import { appendAuditEvent } from '../audit/append-audit-event.js';
import type { Ctx } from '../context.js';

/** The audit type recorded when completion finds a chain it will not seal. */
export const AUDIT_CHAIN_TAMPERED = 'AUDIT_CHAIN_TAMPERED';

/** Completion refused: the envelope's audit entries are not what Firma wrote. Retrying cannot help. */
export class AuditChainTamperedError extends PermanentJobError {}

/**
 * Completion found the envelope's audit entries rewritten (a broken chain, a wrong or removed MAC):
 * nothing is sealed and the envelope stays as it is (PENDING, or REJECTED without a certificate).
 * The operator hears of it at error level with the envelope's ids, in the completion metric
 * (outcome `tampered`), in the envelope's completion status, and in `firma audit verify`; the
 * chain gets an entry of its own, once however often completion runs again (the sweep retries
 * failed completions), MAC'd like any entry, so the refusal itself cannot be removed unnoticed.
 * @throws AuditChainTamperedError, always
 */
export async function refuseTamperedCompletion(ctx: Ctx, graph: EnvelopeGraph, problem: string): Promise<never> {
  const { id: documentId, publicId: envelopeId, platformId } = graph.envelope;
  ctx.log.error({ envelopeId, documentId, problem }, 'audit chain tampered: completion refused, nothing sealed');
  await ctx.db.transaction().execute(async (trx) => {
    const envelope = await lockEnvelope(trx, platformId, { documentId });
    if (!envelope) return;
    if ((await lastAuditEvent(trx, documentId))?.type === AUDIT_CHAIN_TAMPERED) return;
    await appendAuditEvent(ctx, trx, {
      envelopeId: documentId,
      type: 'AUDIT_CHAIN_TAMPERED',
      data: { problem, refused: 'completion' },
      actor: { kind: 'system' },
      at: ctx.clock(),
    });
  });
  throw new AuditChainTamperedError(`audit chain tampered, completion refused: ${problem}`);
}
