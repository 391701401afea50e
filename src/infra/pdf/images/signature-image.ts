import { PNG } from 'pngjs';

/**
 * A signature image a signer uploads (PNG or JPEG) or draws (PNG), checked and re-encoded in a PDF
 * worker thread: a crafted file costs a thread, never the event loop. The dimensions are read
 * from the header before anything is decoded (a small file can declare a huge image), the pixels
 * are decoded, and an uploaded image comes out as a fresh RGBA PNG: nothing of the file but its
 * pixels survives (EXIF, comments, colour profiles, trailing bytes), and pdf-lib embeds it as any
 * drawn signature.
 */

export const MAX_SIGNATURE_SIDE = 4000;
/** Bounds the decoded size (4 bytes a pixel) whatever the aspect ratio: 32 MB. */
export const MAX_SIGNATURE_AREA = 8_000_000;

export type SignatureImageFormat = 'png' | 'jpeg';

export type ImageRejectReason = 'IMAGE_INVALID' | 'IMAGE_DIMENSIONS';

/** Why an image is refused; its message is safe to answer (it never quotes the image). */
export class ImageRejectedError extends Error {
  override readonly name = 'ImageRejectedError';
  constructor(
    readonly reason: ImageRejectReason,
    message: string,
  ) {
    super(message);
  }
}

export interface SignatureImageInput {
  bytes: Uint8Array;
  format: SignatureImageFormat;
  /** true: answer a re-encoded PNG; false: only check (a drawn PNG is stored as sent). */
  reencode: boolean;
}

export interface SignatureImage {
  png: Uint8Array;
  width: number;
  height: number;
}

export async function normalizeSignatureImage(input: SignatureImageInput): Promise<SignatureImage> {
  const bytes = Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength);
  const header = input.format === 'png' ? readPngHeader(bytes) : readJpegHeader(bytes);
  if (!header) throw invalidImage(input.format);
  checkDimensions(header.width, header.height);
  const rgba = input.format === 'png' ? decodePng(bytes) : await decodeJpeg(bytes, header);
  checkDimensions(rgba.width, rgba.height);
  if (!input.reencode) return { png: input.bytes, width: rgba.width, height: rgba.height };
  const out = new PNG({ width: rgba.width, height: rgba.height });
  out.data = Buffer.from(rgba.data.buffer, rgba.data.byteOffset, rgba.data.byteLength);
  const png = PNG.sync.write(out, { colorType: 6 });
  return { png: new Uint8Array(png.buffer, png.byteOffset, png.byteLength), width: rgba.width, height: rgba.height };
}

function invalidImage(format: SignatureImageFormat): ImageRejectedError {
  return new ImageRejectedError('IMAGE_INVALID', `the image is not a valid ${format === 'png' ? 'PNG' : 'JPEG'}`);
}

export function checkDimensions(width: number, height: number): void {
  if (width > MAX_SIGNATURE_SIDE || height > MAX_SIGNATURE_SIDE || width < 2 || height < 2)
    throw new ImageRejectedError(
      'IMAGE_DIMENSIONS',
      `the image must be between 2 and ${MAX_SIGNATURE_SIDE} pixels wide and high`,
    );
  if (width * height > MAX_SIGNATURE_AREA)
    throw new ImageRejectedError(
      'IMAGE_DIMENSIONS',
      `the image must have at most ${MAX_SIGNATURE_AREA / 1_000_000} million pixels`,
    );
}

interface Rgba {
  width: number;
  height: number;
  data: Uint8Array;
}

function decodePng(bytes: Buffer): Rgba {
  try {
    const png = PNG.sync.read(bytes);
    return { width: png.width, height: png.height, data: png.data };
  } catch {
    throw invalidImage('png');
  }
}

interface JpegDecoder {
  parse(data: Uint8Array): void;
  width: number;
  height: number;
  numComponents: number;
  getData(options: { width: number; height: number; forceRGBA: boolean; isSourcePDF: boolean }): Uint8ClampedArray;
}
interface ImageDecoders {
  JpegImage: new () => JpegDecoder;
}

// pdf.js's JPEG decoder, already a dependency (maintained with pdf.js; pure JavaScript). Its module
// ships without types, hence the specifier in a variable and the interface above.
const IMAGE_DECODERS = 'pdfjs-dist/legacy/image_decoders/pdf.image_decoders.mjs';
let decoders: Promise<ImageDecoders> | undefined;

async function decodeJpeg(bytes: Buffer, header: { width: number; height: number }): Promise<Rgba> {
  decoders ??= import(IMAGE_DECODERS) as Promise<ImageDecoders>;
  const { JpegImage } = await decoders;
  try {
    const jpeg = new JpegImage();
    jpeg.parse(bytes);
    if (jpeg.width !== header.width || jpeg.height !== header.height || jpeg.numComponents > 4)
      throw invalidImage('jpeg');
    const data = jpeg.getData({ width: jpeg.width, height: jpeg.height, forceRGBA: true, isSourcePDF: false });
    if (data.length !== jpeg.width * jpeg.height * 4) throw invalidImage('jpeg');
    return { width: jpeg.width, height: jpeg.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
  } catch (error) {
    if (error instanceof ImageRejectedError) throw error;
    throw invalidImage('jpeg');
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from the IHDR chunk, which the PNG format requires to come first. */
export function readPngHeader(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return undefined;
  if (bytes.readUInt32BE(8) !== 13 || bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * Width and height from the first frame header (SOF0…SOF15 but DHT, JPG and DAC), walking the
 * segments from SOI; undefined when the file is not a JPEG or ends first.
 */
export function readJpegHeader(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    // Fill bytes and markers without a length (RSTn, TEM).
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined;
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2) return undefined;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (at + 9 > bytes.length) return undefined;
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  return undefined;
}
