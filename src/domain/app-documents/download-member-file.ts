import { notFound } from '../../errors.js';
import type { ApiCaller } from '../auth/principal.js';
import { getCertificate } from '../completion/get-certificate.js';
import type { Ctx } from '../context.js';
import { downloadItem, type PdfDownload } from '../envelopes/download-item.js';
import { findVisibleEnvelope } from './visible-envelope.js';

export type MemberFile = 'original' | 'sealed' | 'certificate';

/**
 * A file of a document the member may see: an item's original upload, its sealed result (once
 * final) or the completion certificate — the API's downloads (download-item.ts, get-certificate.ts).
 * `itemId` picks the item (default: the first).
 * @throws NOT_FOUND, DOCUMENT_NOT_COMPLETED (409)
 */
export async function downloadMemberFile(
  ctx: Ctx,
  caller: ApiCaller,
  publicId: string,
  file: MemberFile,
  itemId?: string,
): Promise<PdfDownload> {
  const graph = await findVisibleEnvelope(ctx, caller, publicId, 'DOCUMENT');
  if (file === 'certificate') return getCertificate(ctx, graph);
  const item = itemId === undefined ? graph.items[0] : graph.items.find((i) => i.id === itemId);
  if (!item) throw notFound('Envelope item');
  return downloadItem(ctx, graph, item, file === 'sealed' ? 'signed' : 'original');
}
