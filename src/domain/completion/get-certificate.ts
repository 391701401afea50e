import type { EnvelopeGraph } from '../../db/repositories/envelope.repo.js';
import { AppError } from '../../errors.js';
import type { Ctx } from '../context.js';
import { safeFilename, type PdfDownload } from '../model/pdf-download.js';

/**
 * The completion certificate: a separate, sealed PDF written when the document became final.
 * @throws DOCUMENT_NOT_COMPLETED (409) while DRAFT or PENDING, or for a cancelled document.
 */
export function getCertificate(ctx: Ctx, graph: EnvelopeGraph): PdfDownload {
  const e = graph.envelope;
  if (!e.certificateSha256) {
    throw new AppError(
      'DOCUMENT_NOT_COMPLETED',
      `The certificate exists once the document is COMPLETED; it is ${e.status}.`,
    );
  }
  return {
    stream: ctx.storage.getStream(e.certificateSha256),
    size: null,
    filename: `${safeFilename(e.title)}_certificate.pdf`,
  };
}
