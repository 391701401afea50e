import { AppError, notFound } from '../../errors.js';
import type { Principal } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { createDownloadUrl, openDownloadLink, type LinkedVersion } from '../model/download-link.js';
import { assertVersionExists, downloadFilename, downloadItem, type PdfDownload } from './download-item.js';
import { getDocumentGraph, getEnvelopeGraph } from './get-envelope.js';

/**
 * A link to the document's PDF (its first item) in one version that works without the API token
 * for a short while (v1 `documents/{id}/download`, v2 `document/{id}/download-beta`). Handed out
 * only when that version exists now, with the same refusals as the direct download.
 * @throws NOT_FOUND, ENVELOPE_HAS_NO_DOCUMENT, DOCUMENT_NOT_COMPLETED
 */
export async function createDocumentDownloadLink(
  ctx: Ctx,
  principal: Principal,
  input: { documentId: number; version: LinkedVersion; api: 'v1' | 'v2' },
): Promise<{ downloadUrl: string; filename: string; contentType: string }> {
  const graph = await getDocumentGraph(ctx.db, principal.platformId, input.documentId);
  const item = graph.items[0];
  if (!item) throw new AppError('ENVELOPE_HAS_NO_DOCUMENT', 'The document has no PDF yet');
  assertVersionExists(graph, item, input.version);
  return {
    downloadUrl: createDownloadUrl(ctx, { ...input, platformId: principal.platformId }),
    filename: downloadFilename(item, input.version),
    contentType: 'application/pdf',
  };
}

/**
 * The PDF behind a download link, checked again now: a document deleted since is NOT_FOUND.
 * @throws NOT_FOUND, DOWNLOAD_LINK_EXPIRED
 */
export async function downloadByLink(ctx: Ctx, link: string): Promise<PdfDownload> {
  const { documentId, platformId, version } = openDownloadLink(ctx, link);
  const graph = await getEnvelopeGraph(ctx.db, platformId, { documentId });
  const item = graph.items[0];
  if (!item) throw notFound('Document');
  return downloadItem(ctx, graph, item, version);
}
