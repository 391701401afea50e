import { AppError } from '../../errors.js';
import {
  ImageRejectedError,
  readJpegHeader,
  readPngHeader,
  type SignatureImageFormat,
} from '../../infra/pdf/images/signature-image.js';
import { PdfRejectedError } from '../../infra/pdf/inspect-pdf.js';
import type { Ctx } from '../context.js';

/** The largest logo file taken: a logo, not a photograph. */
export const MAX_LOGO_BYTES = 512 * 1024;
/** The largest PNG kept once the pixels are re-encoded: it goes with every mail of the team (inline). */
export const MAX_STORED_LOGO_BYTES = 512 * 1024;
export const MAX_LOGO_SIDE = 2000;

export interface CheckedLogo {
  png: Uint8Array;
  width: number;
  height: number;
  format: SignatureImageFormat;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A logo upload checked by what it is, never by its name or declared type: its first bytes must be
 * a PNG's or a JPEG's, the file must end where that format ends (a PNG at its IEND chunk, a JPEG at
 * its EOI marker: nothing appended, so no polyglot with a ZIP, HTML or script after the image),
 * its header's size at most 2000×2000, and its pixels must decode in full in a PDF worker thread
 * (a truncated or corrupt file fails there, costing a thread, never the event loop). What is kept
 * is a fresh PNG of those pixels: nothing else of the file (chunks, comments, EXIF) is ever served.
 * @throws LOGO_INVALID, LOGO_DIMENSIONS (400), LOGO_TOO_LARGE (413)
 */
export async function checkLogo(ctx: Ctx, bytes: Buffer): Promise<CheckedLogo> {
  if (bytes.length > MAX_LOGO_BYTES) throw tooLarge(`The logo file is over ${MAX_LOGO_BYTES / 1024} KB`);
  const format = formatOf(bytes);
  if (!format) throw invalid('The logo must be a PNG or JPEG image (the file’s content is neither)');
  const header = format === 'png' ? readPngHeader(bytes) : readJpegHeader(bytes);
  if (!header || !endsWhereFormatEnds(bytes, format))
    throw invalid(
      `The logo is not a whole ${format === 'png' ? 'PNG' : 'JPEG'} file (it is cut short, or has data after the image)`,
    );
  checkSides(header.width, header.height);
  const decoded = await decode(ctx, bytes, format);
  checkSides(decoded.width, decoded.height);
  if (decoded.png.length > MAX_STORED_LOGO_BYTES)
    throw tooLarge('The logo is over 512 KB once converted to PNG: use a smaller or simpler image');
  return { ...decoded, format };
}

function formatOf(bytes: Buffer): SignatureImageFormat | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  return null;
}

/** A PNG's chunks walked to IEND, which must be the last bytes; a JPEG must end with EOI. */
function endsWhereFormatEnds(bytes: Buffer, format: SignatureImageFormat): boolean {
  if (format === 'jpeg')
    return bytes.length >= 4 && bytes[bytes.length - 2] === 0xff && bytes[bytes.length - 1] === 0xd9;
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const next = at + 12 + length;
    if (next > bytes.length) return false;
    if (type === 'IEND') return next === bytes.length;
    at = next;
  }
  return false;
}

function checkSides(width: number, height: number): void {
  if (width > MAX_LOGO_SIDE || height > MAX_LOGO_SIDE || width < 2 || height < 2)
    throw new AppError(
      'LOGO_DIMENSIONS',
      `The logo must be between 2 and ${MAX_LOGO_SIDE} pixels wide and high (it is ${width}×${height})`,
      { issues: [{ message: `image: ${width}×${height} pixels`, path: ['image'] }] },
    );
}

async function decode(ctx: Ctx, bytes: Buffer, format: SignatureImageFormat) {
  try {
    return await ctx.pdf.run({ kind: 'signature-image', bytes: new Uint8Array(bytes), format, reencode: true });
  } catch (error) {
    // A thread stopped for time or memory is the file's fault, as a refused image is.
    if (
      error instanceof ImageRejectedError ||
      (error instanceof PdfRejectedError && error.reason === 'PDF_TOO_COMPLEX')
    )
      throw invalid(`The logo’s pixels could not be decoded as a ${format === 'png' ? 'PNG' : 'JPEG'}`);
    throw error;
  }
}

const invalid = (message: string) =>
  new AppError('LOGO_INVALID', message, { issues: [{ message: `image: ${message}`, path: ['image'] }] });
const tooLarge = (message: string) =>
  new AppError('LOGO_TOO_LARGE', message, { issues: [{ message: `image: ${message}`, path: ['image'] }] });
