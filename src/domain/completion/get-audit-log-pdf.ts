import { Readable } from 'node:stream';
import { listAuditEvents } from '../../db/repositories/audit.repo.js';
import type { EnvelopeGraph } from '../../db/repositories/envelope.repo.js';
import { findPlatformById } from '../../db/repositories/platform.repo.js';
import type { Ctx } from '../context.js';
import { safeFilename, type PdfDownload } from '../model/pdf-download.js';
import { buildEvidence } from './build-evidence.js';

/**
 * The audit log as a PDF, in any state: the hash-chained entries up to now, with the chain head,
 * sealed by Firma so the extract itself cannot be edited unnoticed. While the document is open the
 * status says so ("not final"): an extract is never presented as the completion certificate.
 */
export async function getAuditLogPdf(ctx: Ctx, graph: EnvelopeGraph): Promise<PdfDownload> {
  const e = graph.envelope;
  const [audit, platform, identity] = await Promise.all([
    listAuditEvents(ctx.db, e.id),
    findPlatformById(ctx.db, e.platformId),
    ctx.sealIdentity(),
  ]);
  const finals = new Map<string, string>();
  for (const item of graph.items) if (item.finalSha256) finals.set(item.id, item.finalSha256);
  const now = ctx.clock();
  const evidence = await buildEvidence(ctx, {
    graph,
    audit,
    platformName: platform?.name ?? '',
    identity,
    status: e.status,
    completedAt: e.completedAt ? new Date(e.completedAt) : null,
    finalSha256: finals,
    generatedAt: now,
  });
  const sealed = await ctx.pdf.run({
    kind: 'sealed-evidence',
    document: 'audit-log',
    evidence,
    identity,
    seal: {
      reason: 'Audit log extract issued by Firma',
      location: ctx.config.publicUrl,
      name: 'Firma',
      signingTime: now,
    },
  });
  return { stream: Readable.from([sealed]), size: sealed.length, filename: `${safeFilename(e.title)}_audit_log.pdf` };
}
