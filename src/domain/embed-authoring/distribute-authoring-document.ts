import type { EnvelopeType } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import type { ApiCaller } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { distributeEnvelope } from '../envelopes/distribute-envelope.js';
import { findVisibleEnvelope } from '../app-documents/visible-envelope.js';

/**
 * Send from the embedded editor: the API's distribute on a document of the caller's platform
 * (a template is NOT_FOUND here, as on the editor's other routes). Only the status is answered:
 * the recipients' signing URLs the API would hand its caller never reach the embedding page.
 * @throws NOT_FOUND, and what distributeEnvelope throws (MISSING_SIGNATURE_FIELD, …)
 */
export async function distributeAuthoringDocument(
  ctx: Ctx,
  caller: ApiCaller,
  publicId: string,
  type: EnvelopeType,
): Promise<{ status: string }> {
  if (type !== 'DOCUMENT') throw notFound('Document');
  await findVisibleEnvelope(ctx, caller, publicId, type);
  const result = await distributeEnvelope(ctx, caller, { key: { publicId } });
  return { status: result.graph.envelope.status };
}
