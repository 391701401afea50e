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
  const base = safeFilename(item.title);
  switch (version) {
    case 'original':
      return { stream: ctx.storage.getStream(item.originalSha256), size: item.originalSize, filename: `${base}.pdf` };
    case 'signed': {
      const status = graph.envelope.status;
      if ((status !== 'COMPLETED' && status !== 'REJECTED') || !item.finalSha256) {
        throw new AppError(
          'DOCUMENT_NOT_COMPLETED',
          `The signed version exists once the document is COMPLETED; it is ${status}. Use version=original for the upload${status === 'PENDING' ? ' or version=pending for a preview' : ''}.`,
        );
      }
      return { stream: ctx.storage.getStream(item.finalSha256), size: null, filename: `${base}_signed.pdf` };
    }
    case 'pending': {
      if (graph.envelope.status !== 'PENDING') {
        throw new AppError(
          'DOCUMENT_NOT_PENDING',
          `The pending version exists only while the document is PENDING; it is ${graph.envelope.status}.`,
        );
      }
      const bytes = await renderPendingItem(ctx, graph, item);
      return { stream: Readable.from([bytes]), size: bytes.length, filename: `${base}_pending.pdf` };
    }
  }
}
