import type { ByteSource } from './byte-source.js';
import { readIndirectObjectAt } from './object-at-offset.js';
import { PdfDict, PdfParser, PdfRef, PdfSyntaxError, type PdfValue } from './pdf-objects.js';
import { SealError, unsupportedPdf } from './seal-error.js';
import { decodeStream } from './stream-filters.js';
import { readXref, type XrefIndex } from './xref.js';

export interface LoadedObject {
  num: number;
  /** The generation a rewritten copy must carry: 0 for objects that lived in an object stream. */
  gen: number;
  value: PdfValue;
  raw: Buffer;
}

interface ObjectStream {
  data: Buffer;
  /** Where each object's text starts in `data`, by index within the stream. */
  offsets: { num: number; offset: number }[];
}

const MAX_REFERENCE_CHAIN = 32;

/** Lazy access to the objects of a PDF: only what the seal asks for is ever parsed. */
export class PdfReader {
  private readonly objects = new Map<number, LoadedObject | null>();
  private readonly objectStreams = new Map<number, ObjectStream>();

  private constructor(
    private readonly source: ByteSource,
    readonly xref: XrefIndex,
  ) {}

  static open(source: ByteSource): PdfReader {
    return new PdfReader(source, readXref(source));
  }

  /** The first trailer in the chain that has `key` (updates should repeat it, not all do). */
  trailerValue(key: string): PdfValue | undefined {
    for (const trailer of this.xref.trailers) {
      const value = trailer.get(key);
      if (value !== undefined) return value;
    }
    return undefined;
  }

  trailerRaw(key: string): Buffer | undefined {
    return this.xref.trailers.find((trailer) => trailer.get(key) !== undefined)?.raw(key);
  }

  /** null for references to objects that do not exist, which the spec says read as null. */
  getObject(ref: PdfRef): LoadedObject | null {
    let object = this.objects.get(ref.num);
    if (object === undefined) {
      object = this.loadObject(ref.num);
      this.objects.set(ref.num, object);
    }
    return object;
  }

  resolve(value: PdfValue | undefined): PdfValue | undefined {
    for (let hops = 0; value instanceof PdfRef; hops++) {
      if (hops >= MAX_REFERENCE_CHAIN) throw unsupportedPdf('reference chain too long');
      value = this.getObject(value)?.value ?? null;
    }
    return value;
  }

  resolveDict(value: PdfValue | undefined): PdfDict | undefined {
    const resolved = this.resolve(value);
    return resolved instanceof PdfDict ? resolved : undefined;
  }

  /** The decoded data of a stream object written at an offset (DSS entries); null if it is not one. */
  getStreamData(ref: PdfRef): Buffer | null {
    const entry = this.xref.entries.get(ref.num);
    if (entry?.kind !== 'offset') return null;
    const object = readIndirectObjectAt(this.source, entry.offset);
    if (!(object.value instanceof PdfDict) || object.streamDataOffset === undefined) return null;
    const length = this.resolve(object.value.get('Length'));
    if (typeof length !== 'number' || length < 0 || object.streamDataOffset + length > this.source.length) return null;
    return decodeStream(object.value, this.source.read(object.streamDataOffset, length));
  }

  private loadObject(num: number): LoadedObject | null {
    const entry = this.xref.entries.get(num);
    if (!entry || entry.kind === 'free') return null;
    if (entry.kind === 'compressed') return this.loadFromObjectStream(num, entry.streamNum, entry.index);
    const object = readIndirectObjectAt(this.source, entry.offset);
    if (object.num !== num) throw unsupportedPdf(`the xref entry of object ${num} points at object ${object.num}`);
    return { num, gen: object.gen, value: object.value, raw: object.raw };
  }

  private loadFromObjectStream(num: number, streamNum: number, index: number): LoadedObject | null {
    const stream = this.getObjectStream(streamNum);
    // The index in the xref is a hint; trust the stream's own header when they disagree.
    const slot =
      stream.offsets[index]?.num === num
        ? stream.offsets[index]
        : stream.offsets.find((candidate) => candidate.num === num);
    if (!slot) return null;
    const parser = new PdfParser(stream.data, slot.offset);
    try {
      parser.skipWhitespace();
      const start = parser.pos;
      const value = parser.parseValue();
      return { num, gen: 0, value, raw: stream.data.subarray(start, parser.pos) };
    } catch (error) {
      if (error instanceof PdfSyntaxError)
        throw unsupportedPdf(`syntax error in object ${num}: ${error.message}`, error);
      throw error;
    }
  }

  private getObjectStream(streamNum: number): ObjectStream {
    let stream = this.objectStreams.get(streamNum);
    if (stream) return stream;
    const entry = this.xref.entries.get(streamNum);
    if (entry?.kind !== 'offset') throw unsupportedPdf(`object stream ${streamNum} is missing`);
    const object = readIndirectObjectAt(this.source, entry.offset);
    const dict = object.value;
    if (!(dict instanceof PdfDict) || object.streamDataOffset === undefined)
      throw unsupportedPdf(`object ${streamNum} is not an object stream`);
    const length = this.resolve(dict.get('Length'));
    if (typeof length !== 'number') throw unsupportedPdf(`object stream ${streamNum} has no /Length`);
    const data = decodeStream(dict, this.source.read(object.streamDataOffset, length));
    const count = dict.numberOf('N') ?? 0;
    const first = dict.numberOf('First') ?? 0;
    const header = new PdfParser(data.subarray(0, first));
    const offsets: ObjectStream['offsets'] = [];
    try {
      for (let i = 0; i < count; i++) {
        const num = header.readInteger();
        offsets.push({ num, offset: first + header.readInteger() });
      }
    } catch (error) {
      if (error instanceof SealError) throw error;
      throw unsupportedPdf(`object stream ${streamNum} has a corrupt header`, error);
    }
    stream = { data, offsets };
    this.objectStreams.set(streamNum, stream);
    return stream;
  }
}
