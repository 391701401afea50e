import type { EnvelopeType } from '../../db/schema.js';
import type { ApiCaller } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { createEnvelope } from '../envelopes/create-envelope.js';
import type { UploadedPdf } from '../uploads/uploaded-pdf.js';

export interface NewAuthoringEnvelope {
  type: EnvelopeType;
  title: string;
  /** The embedding app's own id for it (Documenso's `externalId` fragment option). */
  externalId: string | null;
  folderId: string | null;
  file: UploadedPdf;
}

/**
 * A DRAFT document or template from one uploaded PDF, for the embedded editor: the API's create
 * (its checks, limits, off-event-loop PDF parsing, audit entry in the presign token's issuer's
 * name, outbox event), with no recipients yet — the editor adds them. Answers both of Documenso's
 * ids: the envelope id (v2 events) and the numeric one (v1 events' documentId/templateId).
 * @throws what createEnvelope throws (NOT_A_PDF, PAYLOAD_TOO_LARGE, NOT_FOUND for a folder, …)
 */
export async function createAuthoringEnvelope(
  ctx: Ctx,
  caller: ApiCaller,
  input: NewAuthoringEnvelope,
): Promise<{ envelopeId: string; documentId: number; type: EnvelopeType }> {
  const graph = await createEnvelope(ctx, caller, {
    type: input.type,
    title: input.title,
    externalId: input.externalId,
    folderId: input.folderId,
    files: [{ ...input.file, title: input.title }],
    recipients: [],
  });
  return { envelopeId: graph.envelope.publicId, documentId: graph.envelope.id, type: graph.envelope.type };
}
