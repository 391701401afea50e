import { AppError } from '../../errors.js';
import { PdfRejectedError, type PdfInfo } from '../../infra/pdf/inspect-pdf.js';
import type { StagedBlob } from '../../infra/storage/blob-store.js';
import type { Ctx } from '../context.js';

/**
 * Checks that a staged upload is a PDF Firma can work with and reads its pages; with `findTags`,
 * also its placeholder tags (`info.tagged`), in the same worker task.
 * @throws NOT_A_PDF, PDF_DAMAGED, PDF_ENCRYPTED, PDF_NO_PAGES, PDF_TOO_MANY_PAGES (all 400)
 */
export async function inspectUpload(
  ctx: Ctx,
  staged: StagedBlob,
  label: string,
  options: { findTags?: boolean } = {},
): Promise<PdfInfo> {
  let info: PdfInfo;
  try {
    info = await ctx.pdf.run({ kind: 'inspect', bytes: await staged.read(), findTags: options.findTags === true });
  } catch (error) {
    if (error instanceof PdfRejectedError) {
      throw new AppError(error.reason, `${label}: ${error.message}`, {
        issues: [{ message: error.message, path: [label] }],
      });
    }
    throw error;
  }
  if (info.pageCount > ctx.config.limits.pagesPerDocument) {
    throw new AppError(
      'PDF_TOO_MANY_PAGES',
      `${label}: the PDF has ${info.pageCount} pages; the limit is ${ctx.config.limits.pagesPerDocument}`,
    );
  }
  return info;
}
