import type { EnvelopeType } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import type { ApiCaller } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { downloadItem, type PdfDownload } from '../envelopes/download-item.js';
import { findVisibleEnvelope } from './visible-envelope.js';

/**
 * The original PDF of one item of a document or template the member may see, for the editor's
 * pdf.js (the API's item download, version `original`). Another envelope's item is NOT_FOUND.
 * @throws NOT_FOUND
 */
export async function getEditorPdf(
  ctx: Ctx,
  caller: ApiCaller,
  publicId: string,
  type: EnvelopeType,
  itemId: string,
): Promise<PdfDownload> {
  const graph = await findVisibleEnvelope(ctx, caller, publicId, type);
  const item = graph.items.find((i) => i.id === itemId);
  if (!item) throw notFound('Envelope item');
  return downloadItem(ctx, graph, item, 'original');
}
