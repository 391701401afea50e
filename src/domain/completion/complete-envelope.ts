import { listAuditEvents } from '../../db/repositories/audit.repo.js';
import {
  claimCompletion,
  markCcRecipientsSigned,
  recordCompletionError,
  renewCompletionClaim,
} from '../../db/repositories/completion.repo.js';
import {
  findEnvelopeForOperator,
  loadEnvelopeParts,
  lockEnvelope,
  updateEnvelope,
  type EnvelopeGraph,
} from '../../db/repositories/envelope.repo.js';
import { updateItemOfEnvelope } from '../../db/repositories/item.repo.js';
import { findPlatformById } from '../../db/repositories/platform.repo.js';
import { dictionary } from '../../infra/pdf/evidence/evidence-i18n.js';
import { appendAuditEvent } from '../audit/append-audit-event.js';
import type { Ctx } from '../context.js';
import { envelopeEventPayload } from '../events/envelope-event-payload.js';
import { recordEvent } from '../events/record-event.js';
import { enqueueJob } from '../jobs/enqueue-job.js';
import { COMPLETED_MAIL } from '../jobs/job-catalogue.js';
import { allActed } from '../model/signing-turn.js';
import { buildEvidence } from './build-evidence.js';
import { gatherValidationMaterial } from './gather-validation-material.js';
import { renderInputs } from './field-render-inputs.js';
import { formLayout } from './digital-form-fields.js';
import { queueOwnerNotice } from '../mail/owner-notice.js';
import { secondsSince } from '../../infra/metrics/metrics.js';
import { checkAuditIntegrity } from '../audit/check-audit-integrity.js';
import { AuditChainTamperedError, refuseTamperedCompletion } from './refuse-tampered-completion.js';

/**
 * The completion job. For each item: burn the inserted fields into the original, stamp it if
 * rejected, append the audit pages, seal it (PAdES, incremental). Then the certificate, sealed too.
 * Only when all of that is stored does one transaction mark the envelope COMPLETED (or finalise
 * REJECTED), set completedAt, append DOCUMENT_COMPLETED/REJECTED to the audit chain with the hashes
 * of every result, fire the event and queue the completed mails. The status check inside that
 * transaction makes it happen once, however many workers run the job. Failures are recorded on
 * the envelope (`completionError`) and retried with backoff by the job runner.
 */
/** What a completion run did: finished the envelope, found nothing to do, or found another run at it. */
export type CompletionRun = 'completed' | 'nothing-to-do' | 'busy';

/**
 * A short claim, renewed while the run works (the PDF work runs in worker threads, so the event
 * loop is free to renew it): a run killed mid-way is taken over by another within about
 * CLAIM_MS, not after the longest completion imaginable.
 */
const CLAIM_MS = 30_000;
const RENEW_EVERY_MS = 10_000;

export async function completeEnvelope(ctx: Ctx, envelopeId: number): Promise<CompletionRun> {
  // The job names the envelope by id: it runs for the envelope's own platform, read from the row.
  const envelope = await findEnvelopeForOperator(ctx.db, { documentId: envelopeId });
  if (!envelope || envelope.completedAt !== null || envelope.deletedAt !== null) return 'nothing-to-do';
  const graph = await loadEnvelopeParts(ctx.db, envelope);
  const outcome = outcomeOf(graph);
  if (!outcome) return 'nothing-to-do';
  // Rendering and sealing are the expensive part: claim the envelope so only one run does them.
  const { platformId } = envelope;
  const now = ctx.clock();
  const claim = await claimCompletion(
    ctx.db,
    platformId,
    envelopeId,
    now.toISOString(),
    new Date(now.getTime() + CLAIM_MS).toISOString(),
  );
  if (!claim) return 'busy';
  const renewal = setInterval(
    () =>
      void renewClaim(ctx, platformId, envelopeId).catch((error: unknown) =>
        ctx.log.warn({ err: error, envelopeId }, 'completion claim not renewed'),
      ),
    RENEW_EVERY_MS,
  );
  const startedAt = process.hrtime.bigint();
  try {
    // Before anything is sealed: a rewritten chain sealed into the certificate would verify as OK.
    const integrity = await checkAuditIntegrity(ctx, await listAuditEvents(ctx.db, envelopeId));
    if (!integrity.ok) await refuseTamperedCompletion(ctx, graph, integrity.problem);
    const results = await produceResults(ctx, graph, outcome);
    await storeResults(ctx, platformId, envelopeId, outcome, results);
    ctx.metrics.completionRun(outcome === 'COMPLETED' ? 'completed' : 'rejected', secondsSince(startedAt));
  } catch (error) {
    ctx.metrics.completionRun(error instanceof AuditChainTamperedError ? 'tampered' : 'error', secondsSince(startedAt));
    const message = error instanceof Error ? error.message : String(error);
    await recordCompletionError(ctx.db, platformId, envelopeId, message.slice(0, 1000));
    throw error;
  } finally {
    clearInterval(renewal);
  }
  ctx.wakeWorker();
  return 'completed';
}

async function renewClaim(ctx: Ctx, platformId: number, envelopeId: number): Promise<void> {
  await renewCompletionClaim(ctx.db, platformId, envelopeId, new Date(ctx.clock().getTime() + CLAIM_MS).toISOString());
}

function outcomeOf(g: EnvelopeGraph): 'COMPLETED' | 'REJECTED' | null {
  if (g.envelope.status === 'REJECTED') return 'REJECTED';
  if (g.envelope.status === 'PENDING' && allActed(g.recipients)) return 'COMPLETED';
  return null;
}

interface Results {
  completedAt: Date;
  finals: Map<string, string>;
  certificateSha256: string;
}

async function produceResults(ctx: Ctx, graph: EnvelopeGraph, outcome: 'COMPLETED' | 'REJECTED'): Promise<Results> {
  const identity = await ctx.sealIdentity();
  const platform = await findPlatformById(ctx.db, graph.envelope.platformId);
  const audit = await listAuditEvents(ctx.db, graph.envelope.id);
  const completedAt = ctx.clock();
  const base = { graph, audit, platformName: platform?.name ?? '', identity, status: outcome, completedAt };
  const meta = graph.envelope.meta;
  const sealOptions = {
    reason:
      outcome === 'COMPLETED'
        ? `Signed by every recipient through Firma`
        : `Rejected by a recipient; sealed as evidence by Firma`,
    location: ctx.config.publicUrl,
    name: 'Firma',
    signingTime: completedAt,
    ...(ctx.config.seal.tsaUrl ? { tsa: { url: ctx.config.seal.tsaUrl } } : {}),
  };

  // Each item's audit pages, burn-in and seal are one task of a PDF worker thread, and so are the
  // certificate and its seal: the worker's event loop only reads and stores, so completions running
  // side by side (the job runner's concurrency) keep every PDF thread busy.
  const evidence = await buildEvidence(ctx, base);
  const stamp = outcome === 'REJECTED' ? { stamp: { text: rejectedStamp(meta.language) } } : {};
  const finals = new Map<string, string>();
  // PAdES B-LT after each item's seal, and B-LTA (a document timestamp) when a TSA is configured.
  const validationFor = await gatherValidationMaterial(ctx, graph.envelope.id, identity);
  const documentTimestamp = ctx.config.seal.tsaUrl ? { documentTimestamp: { url: ctx.config.seal.tsaUrl } } : {};
  for (const item of graph.items) {
    const pages = item.pages;
    const last = pages[pages.length - 1];
    // An item DIGITAL signers signed builds on their revision, incrementally, and only fills the form
    // fields their revisions laid out (issue #34): no burn-in, no stamp, no audit pages, which would
    // change page content after their signatures. Its audit trail is the completion certificate.
    const signed = item.revisionSha256 !== null;
    const itemFields = graph.fields.filter((f) => f.envelopeItemId === item.id);
    const [original, layout] = await Promise.all([
      ctx.storage.getBytes(item.revisionSha256 ?? item.originalSha256),
      signed
        ? formLayout(ctx, graph, item.id, itemFields)
        : renderInputs(ctx, itemFields, { legacy: graph.envelope.legacyFieldInsertion === 1 }).then((fields) => ({
            fields,
            empty: null,
          })),
    ]);
    const fields = layout.fields;
    const sealStart = process.hrtime.bigint();
    const sealed = await ctx.pdf.run({
      kind: 'final-item',
      original,
      fields,
      evidence,
      ...(last ? { auditPageSize: { width: last.width, height: last.height } } : {}),
      ...(layout.empty ? { form: { empty: layout.empty } } : stamp),
      identity,
      seal: sealOptions,
      validation: validationFor(item.id),
      ...documentTimestamp,
    });
    // The seal (then the DSS and document timestamp) is the last step of the item's one PDF task (audit pages, burn-in, seal): timed whole.
    ctx.metrics.sealDone('item', secondsSince(sealStart));
    finals.set(item.id, (await ctx.storage.putBytes(sealed)).sha256);
  }
  const certificateSealStart = process.hrtime.bigint();
  const sealedCertificate = await ctx.pdf.run({
    kind: 'sealed-evidence',
    document: 'certificate',
    evidence: await buildEvidence(ctx, { ...base, finalSha256: finals }),
    identity,
    seal: { ...sealOptions, reason: 'Completion certificate issued by Firma' },
  });
  ctx.metrics.sealDone('certificate', secondsSince(certificateSealStart));
  const certificateSha256 = (await ctx.storage.putBytes(sealedCertificate)).sha256;
  return { completedAt, finals, certificateSha256 };
}

async function storeResults(
  ctx: Ctx,
  platformId: number,
  envelopeId: number,
  outcome: 'COMPLETED' | 'REJECTED',
  results: Results,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const envelope = await lockEnvelope(trx, platformId, { documentId: envelopeId });
    if (!envelope || envelope.completedAt !== null) return;
    const graph = await loadEnvelopeParts(trx, envelope);
    if (outcomeOf(graph) !== outcome) return;
    const iso = results.completedAt.toISOString();
    for (const item of graph.items) {
      const finalSha256 = results.finals.get(item.id)!;
      await updateItemOfEnvelope(trx, envelope.id, item.id, { finalSha256 });
      item.finalSha256 = finalSha256;
    }
    const patch = {
      status: outcome,
      completedAt: iso,
      certificateSha256: results.certificateSha256,
      completionError: null,
      completionClaimedUntil: null,
    };
    await updateEnvelope(trx, envelope.id, patch, results.completedAt);
    Object.assign(graph.envelope, patch, { updatedAt: iso });
    if (outcome === 'COMPLETED') {
      await markCcRecipientsSigned(trx, envelope.id, iso);
      for (const r of graph.recipients)
        if (r.role === 'CC') Object.assign(r, { signingStatus: 'SIGNED', signedAt: iso });
    }
    await appendAuditEvent(ctx, trx, {
      envelopeId: envelope.id,
      type: outcome === 'COMPLETED' ? 'DOCUMENT_COMPLETED' : 'DOCUMENT_REJECTED',
      data: {
        items: graph.items.map((i) => ({
          id: i.id,
          title: i.title,
          originalSha256: i.originalSha256,
          finalSha256: i.finalSha256,
        })),
        certificateSha256: results.certificateSha256,
      },
      actor: { kind: 'system' },
      at: results.completedAt,
    });
    await recordEvent(trx, {
      platformId: envelope.platformId,
      envelopeId: envelope.id,
      type: outcome === 'COMPLETED' ? 'DOCUMENT_COMPLETED' : 'DOCUMENT_REJECTED',
      payload: envelopeEventPayload(graph),
      at: results.completedAt,
    });
    const meta = envelope.meta;
    if (outcome === 'COMPLETED' && meta.distributionMethod === 'EMAIL' && meta.emailSettings.documentCompleted) {
      for (const r of graph.recipients)
        if (r.email)
          await enqueueJob(trx, { kind: COMPLETED_MAIL, payload: { recipientId: r.id } }, results.completedAt);
    }
    if (outcome === 'COMPLETED')
      await queueOwnerNotice(
        trx,
        { platformId: envelope.platformId, envelopeId: envelope.id, meta, notice: 'ownerCompleted' },
        results.completedAt,
      );
  });
}

/** The word stamped across a rejected document's pages, in its language ("REJECTED", "ABGELEHNT", "拒否"). */
function rejectedStamp(language: string): string {
  const d = dictionary(language as Parameters<typeof dictionary>[0]);
  return d.envelopeStatus.REJECTED.toLocaleUpperCase(d.locale);
}
