import { constants, inflateSync } from 'node:zlib';
import { PdfDict, PdfName } from './pdf-objects.js';
import { unsupportedPdf } from './seal-error.js';

/**
 * Decoding for the streams the seal has to read: cross-reference streams and object streams.
 * Writers use FlateDecode, usually with a PNG predictor on xref streams; nothing else is
 * needed here, and anything else is refused rather than guessed at.
 */
export function decodeStream(dict: PdfDict, data: Buffer): Buffer {
  const filters = asList(dict.get('Filter'));
  const params = asList(dict.get('DecodeParms'));
  let decoded = data;
  filters.forEach((filter, index) => {
    const name = filter instanceof PdfName ? filter.name : undefined;
    if (name !== 'FlateDecode' && name !== 'Fl') throw unsupportedPdf(`stream filter ${name ?? '?'} is not supported`);
    decoded = inflate(decoded);
    const param = params[index];
    if (param instanceof PdfDict) decoded = undoPredictor(decoded, param);
  });
  return decoded;
}

function asList(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** No structural stream of a sealable document comes near this; a decompression bomb stops here. */
const MAX_INFLATED_BYTES = 256 * 1024 * 1024;

function inflate(data: Buffer): Buffer {
  try {
    // A sync flush tolerates streams whose final block marker got lost, as viewers do.
    return inflateSync(data, { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: MAX_INFLATED_BYTES });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
      throw unsupportedPdf('a compressed stream inflates beyond the limit', error);
    throw unsupportedPdf('a compressed stream is corrupt', error);
  }
}

function undoPredictor(data: Buffer, params: PdfDict): Buffer {
  const predictor = params.numberOf('Predictor') ?? 1;
  if (predictor === 1) return data;
  if (predictor < 10) throw unsupportedPdf(`TIFF predictor ${predictor} is not supported`);
  const colors = params.numberOf('Colors') ?? 1;
  const bitsPerComponent = params.numberOf('BitsPerComponent') ?? 8;
  const columns = params.numberOf('Columns') ?? 1;
  const bytesPerPixel = Math.max(1, Math.ceil((colors * bitsPerComponent) / 8));
  const rowLength = Math.ceil((columns * colors * bitsPerComponent) / 8);
  return undoPngPredictor(data, rowLength, bytesPerPixel);
}

/** PNG filters (RFC 2083 §6): every row starts with a byte naming the filter used on it. */
export function undoPngPredictor(data: Buffer, rowLength: number, bytesPerPixel: number): Buffer {
  const rows = Math.floor(data.length / (rowLength + 1));
  const out = Buffer.alloc(rows * rowLength);
  for (let row = 0; row < rows; row++) {
    const filter = data[row * (rowLength + 1)]!;
    const input = row * (rowLength + 1) + 1;
    const at = row * rowLength;
    for (let i = 0; i < rowLength; i++) {
      const raw = data[input + i]!;
      const left = i >= bytesPerPixel ? out[at + i - bytesPerPixel]! : 0;
      const up = row > 0 ? out[at + i - rowLength]! : 0;
      const upLeft = row > 0 && i >= bytesPerPixel ? out[at + i - rowLength - bytesPerPixel]! : 0;
      let predicted: number;
      switch (filter) {
        case 0:
          predicted = 0;
          break;
        case 1:
          predicted = left;
          break;
        case 2:
          predicted = up;
          break;
        case 3:
          predicted = (left + up) >> 1;
          break;
        case 4:
          predicted = paeth(left, up, upLeft);
          break;
        default:
          throw unsupportedPdf(`unknown PNG predictor filter ${filter}`);
      }
      out[at + i] = (raw + predicted) & 0xff;
    }
  }
  return out;
}

function paeth(left: number, up: number, upLeft: number): number {
  const estimate = left + up - upLeft;
  const toLeft = Math.abs(estimate - left);
  const toUp = Math.abs(estimate - up);
  const toUpLeft = Math.abs(estimate - upLeft);
  if (toLeft <= toUp && toLeft <= toUpLeft) return left;
  return toUp <= toUpLeft ? up : upLeft;
}
