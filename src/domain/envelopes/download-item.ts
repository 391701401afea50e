import { Readable } from 'node:stream';
import type { EnvelopeGraph, ItemRow } from '../../db/repositories/envelope.repo.js';
import { AppError } from '../../errors.js';
import type { Ctx } from '../context.js';
import { safeFilename, type PdfDownload } from '../model/pdf-download.js';
import { renderPendingItem } from '../completion/render-pending.js';

/** Every download answers a PdfDownload (see model/pdf-download.ts). */
export type { PdfDownload } from '../model/pdf-download.js';

export type DownloadVersion = 'original' | 'signed' | 'pending';

/**
 * The bytes of one item in the version asked for. `original` is the upload byte for byte at any
 * time; `signed` is the sealed result and exists only once the document is final (never the
 * unsigned file in its place); `pending` is rendered on demand while PENDING.
 * @throws DOCUMENT_NOT_COMPLETED (409), DOCUMENT_NOT_PENDING (409)
 */
export async function downloadItem(
  ctx: Ctx,
  graph: EnvelopeGraph,
  item: ItemRow,
  version: DownloadVersion,
): Promise<PdfDownload> {
  assertVersionExists(graph, item, version);
  const filename = downloadFilename(item, version);
  switch (version) {
    case 'original':
      return { stream: ctx.storage.getStream(item.originalSha256), size: item.originalSize, filename };
    case 'signed':
      return { stream: ctx.storage.getStream(item.finalSha256!), size: null, filename };
    case 'pending': {
      const bytes = await renderPendingItem(ctx, graph, item);
      return { stream: Readable.from([bytes]), size: bytes.length, filename };
    }
  }
}

/** The file name a version of an item is served under. */
export function downloadFilename(item: ItemRow, version: DownloadVersion): string {
  const base = safeFilename(item.title);
  return version === 'original' ? `${base}.pdf` : `${base}_${version}.pdf`;
}

/**
 * Whether the version can be served in the envelope's state, checked before a download starts or
 * a link to one is handed out.
 * @throws DOCUMENT_NOT_COMPLETED (409), DOCUMENT_NOT_PENDING (409)
 */
export function assertVersionExists(graph: EnvelopeGraph, item: ItemRow, version: DownloadVersion): void {
  const status = graph.envelope.status;
  if (version === 'signed' && ((status !== 'COMPLETED' && status !== 'REJECTED') || !item.finalSha256)) {
    throw new AppError(
      'DOCUMENT_NOT_COMPLETED',
      `The signed version exists once the document is COMPLETED; it is ${status}. Use version=original for the upload${status === 'PENDING' ? ' or version=pending for a preview' : ''}.`,
    );
  }
  if (version === 'pending' && status !== 'PENDING') {
    throw new AppError(
      'DOCUMENT_NOT_PENDING',
      `The pending version exists only while the document is PENDING; it is ${status}.`,
    );
  }
}
