import type { ByteSource } from './byte-source.js';
import { NeedMoreBytes, PdfDict, PdfParser, PdfSyntaxError, type PdfValue } from './pdf-objects.js';
import { SealError, unsupportedPdf } from './seal-error.js';

/**
 * Runs `parse` over a window of the source starting at `offset`, doubling the window whenever
 * the parse runs off its end. Objects the seal reads are small, so the first window nearly
 * always suffices.
 */
export function parseAt<T>(
  source: ByteSource,
  offset: number,
  firstWindow: number,
  parse: (parser: PdfParser) => T,
): T {
  if (offset < 0 || offset >= source.length) throw unsupportedPdf(`offset ${offset} lies outside the file`);
  for (let window = firstWindow; ; window *= 2) {
    const bytes = source.read(offset, window);
    const complete = offset + bytes.length >= source.length;
    try {
      return parse(new PdfParser(bytes, 0, complete));
    } catch (error) {
      if (error instanceof NeedMoreBytes && !complete) continue;
      if (error instanceof SealError) throw error;
      if (error instanceof PdfSyntaxError || error instanceof NeedMoreBytes)
        throw unsupportedPdf(`syntax error near byte ${offset}: ${error.message}`, error);
      throw error;
    }
  }
}

export interface IndirectObject {
  num: number;
  gen: number;
  value: PdfValue;
  /** The value's source bytes. */
  raw: Buffer;
  /** Absolute offset of the first stream data byte, for stream objects. */
  streamDataOffset?: number;
}

export function readIndirectObjectAt(source: ByteSource, offset: number): IndirectObject {
  return parseAt(source, offset, 4096, (parser) => {
    const num = parser.readInteger();
    const gen = parser.readInteger();
    parser.expectKeyword('obj');
    parser.skipWhitespace();
    const start = parser.pos;
    const value = parser.parseValue();
    const raw = parser.bytes.subarray(start, parser.pos);
    const object: IndirectObject = { num, gen, value, raw };
    if (value instanceof PdfDict && parser.enterStreamData()) object.streamDataOffset = offset + parser.pos;
    return object;
  });
}
