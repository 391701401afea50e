import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { getCertificate } from '../domain/completion/get-certificate.js';
import type { Ctx } from '../domain/context.js';
import { downloadItem } from '../domain/envelopes/download-item.js';
import { getEnvelopeGraph, type EnvelopeKey } from '../domain/envelopes/get-envelope.js';
import { documentView } from '../domain/model/envelope-views.js';
import { getPlatformOperator } from '../domain/platforms/get-platform-operator.js';
import { AppError } from '../errors.js';

/** A document id (7) or an envelope id (envelope_…), as `firma send` printed them. */
function keyOf(ref: string | undefined, command: string): EnvelopeKey {
  if (!ref) throw new AppError('VALIDATION_ERROR', `usage: firma ${command} <documentId | envelopeId>`);
  return /^\d+$/.test(ref) ? { documentId: Number(ref) } : { publicId: ref };
}

/**
 * `firma status <id>`: the document's status and each recipient's (signing status, when they
 * signed), read through the same view the API answers. Exit 0 whatever the status.
 * @throws NOT_FOUND (another platform's document too)
 */
export async function statusCommand(
  ctx: Ctx,
  input: { ref: string | undefined; platform: string; json: boolean },
  out: (text: string) => void,
): Promise<number> {
  const key = keyOf(input.ref, 'status');
  const { platformId } = await getPlatformOperator(ctx, input.platform);
  const view = documentView(await getEnvelopeGraph(ctx.db, platformId, key));
  const recipients = view.recipients.map((r) => ({
    name: r.name,
    email: r.email,
    role: r.role,
    signingStatus: r.signingStatus,
    signedAt: r.signedAt,
  }));
  if (input.json) {
    const { id, envelopeId, title, status, completedAt } = view;
    out(JSON.stringify({ id, envelopeId, title, status, completedAt, recipients }));
    return 0;
  }
  out(`${view.title}: ${view.status} (document ${view.id}, ${view.envelopeId})`);
  for (const r of recipients)
    out(`  ${r.name} <${r.email}> ${r.role}: ${r.signingStatus}${r.signedAt ? ` at ${r.signedAt}` : ''}`);
  return 0;
}

/**
 * `firma download <id> [--certificate] [--out file]`: the sealed PDF (or the completion
 * certificate) written to a file, by default the name the API serves it under.
 * @throws NOT_FOUND, ENVELOPE_NOT_COMPLETED (and the other download codes)
 */
export async function downloadCommand(
  ctx: Ctx,
  input: {
    ref: string | undefined;
    platform: string;
    certificate: boolean;
    outFile: string | undefined;
    json: boolean;
  },
  out: (text: string) => void,
): Promise<number> {
  const key = keyOf(input.ref, 'download');
  const { platformId } = await getPlatformOperator(ctx, input.platform);
  const graph = await getEnvelopeGraph(ctx.db, platformId, key);
  const item = graph.items[0];
  if (!item && !input.certificate) throw new AppError('ENVELOPE_HAS_NO_DOCUMENT', 'The document has no PDF yet');
  const pdf = input.certificate ? getCertificate(ctx, graph) : await downloadItem(ctx, graph, item!, 'signed');
  const path = input.outFile ?? pdf.filename;
  let bytes = 0;
  pdf.stream.on('data', (chunk: Buffer) => (bytes += chunk.length));
  await pipeline(pdf.stream, createWriteStream(path, { flags: 'wx' })).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EEXIST')
      throw new AppError('VALIDATION_ERROR', `${path} exists; choose another file with --out`);
    throw error;
  });
  out(input.json ? JSON.stringify({ file: path, bytes }) : `Wrote ${path} (${bytes} bytes)`);
  return 0;
}
