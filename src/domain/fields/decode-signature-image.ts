import { AppError } from '../../errors.js';
import { ImageRejectedError } from '../../infra/pdf/images/signature-image.js';
import { PdfRejectedError } from '../../infra/pdf/inspect-pdf.js';
import type { Ctx } from '../context.js';
import type { SignatureImageRequest } from './validate-field-value.js';

/**
 * Decodes a signature image in a PDF worker thread and answers the PNG to store: a drawn PNG as
 * sent once its pixels decoded within bounds, an uploaded PNG or JPEG re-encoded from its pixels.
 * A thread stopped for time or memory means the file, not Firma, is at fault: also a 400.
 * @throws INVALID_FIELD_VALUE (400) with the issue at signature.image
 */
export async function decodeSignatureImage(ctx: Ctx, image: SignatureImageRequest): Promise<Uint8Array> {
  try {
    const decoded = await ctx.pdf.run({ kind: 'signature-image', ...image });
    return decoded.png;
  } catch (error) {
    const message =
      error instanceof ImageRejectedError
        ? error.message
        : error instanceof PdfRejectedError && error.reason === 'PDF_TOO_COMPLEX'
          ? 'the image could not be decoded within the limits'
          : undefined;
    if (message === undefined) throw error;
    throw new AppError('INVALID_FIELD_VALUE', message, {
      issues: [{ message: `signature.image: ${message}`, path: ['signature', 'image'] }],
    });
  }
}
