import type { ByteSource } from './byte-source.js';
import { parseAt, readIndirectObjectAt } from './object-at-offset.js';
import { PdfDict, type PdfParser } from './pdf-objects.js';
import { unsupportedPdf } from './seal-error.js';
import { decodeStream } from './stream-filters.js';

export type XrefEntry =
  | { kind: 'offset'; offset: number; gen: number }
  | { kind: 'compressed'; streamNum: number; index: number }
  | { kind: 'free' };

export type XrefSectionKind = 'table' | 'stream';

export interface XrefIndex {
  /** Merged over the whole chain: the newest section that mentions an object wins. */
  entries: Map<number, XrefEntry>;
  /** Trailer dictionaries, newest first (for xref streams, the stream dictionary). */
  trailers: PdfDict[];
  /** What the last section written is: an update should be of the same kind. */
  lastSectionKind: XrefSectionKind;
  startxref: number;
  /** One more than the highest object number in use. */
  size: number;
}

const MAX_SECTIONS = 10_000;

export function readXref(source: ByteSource): XrefIndex {
  const startxref = findStartxref(source);
  const entries = new Map<number, XrefEntry>();
  const trailers: PdfDict[] = [];
  const visited = new Set<number>();
  let lastSectionKind: XrefSectionKind | undefined;

  for (let offset: number | undefined = startxref; offset !== undefined;) {
    if (visited.has(offset)) break; // a /Prev loop: everything reachable has been read
    if (visited.size >= MAX_SECTIONS) throw unsupportedPdf('too many cross-reference sections');
    visited.add(offset);
    const section: Section = startsWithXrefKeyword(source, offset)
      ? readTableSection(source, offset, entries)
      : readStreamSection(source, offset, entries);
    lastSectionKind ??= section.kind;
    trailers.push(section.trailer);
    const prev: unknown = section.trailer.get('Prev');
    offset = typeof prev === 'number' ? prev : undefined;
  }

  if (!trailers.some((trailer) => trailer.get('Root') !== undefined)) throw unsupportedPdf('the trailer has no /Root');
  if (trailers.some((trailer) => trailer.get('Encrypt') !== undefined))
    throw unsupportedPdf('encrypted PDFs are not supported');
  let size = 0;
  for (const num of entries.keys()) size = Math.max(size, num + 1);
  const declaredSize = trailers[0]?.numberOf('Size') ?? 0;
  return {
    entries,
    trailers,
    lastSectionKind: lastSectionKind ?? 'table',
    startxref,
    size: Math.max(size, declaredSize),
  };
}

function findStartxref(source: ByteSource): number {
  // Writers may leave garbage after %%EOF; look further back before giving up.
  for (const window of [1024, 64 * 1024]) {
    const start = Math.max(0, source.length - window);
    const tail = source.read(start, window).toString('latin1');
    const at = tail.lastIndexOf('startxref');
    if (at < 0) continue;
    const match = /^startxref\s+(\d+)/.exec(tail.slice(at));
    if (match) return Number(match[1]);
  }
  throw unsupportedPdf('no startxref found (not a PDF, or truncated)');
}

function startsWithXrefKeyword(source: ByteSource, offset: number): boolean {
  // Some writers point startxref at whitespace just before the keyword.
  return /^\s*xref/.test(source.read(offset, 16).toString('latin1'));
}

interface Section {
  kind: XrefSectionKind;
  trailer: PdfDict;
}

function readTableSection(source: ByteSource, offset: number, entries: Map<number, XrefEntry>): Section {
  const { inUse, free, trailer } = parseAt(source, offset, 64 * 1024, parseTable);
  const setIfNew = (num: number, entry: XrefEntry): void => {
    if (!entries.has(num)) entries.set(num, entry);
  };
  for (const [num, entry] of inUse) setIfNew(num, entry);
  // In a hybrid file the table hides compressed objects from old readers (omitted or marked
  // free); the stream at /XRefStm lists them and takes precedence over the table's free marks.
  const hiddenStream = trailer.get('XRefStm');
  if (typeof hiddenStream === 'number') {
    const hidden = new Map<number, XrefEntry>();
    readStreamSection(source, hiddenStream, hidden);
    for (const [num, entry] of hidden) setIfNew(num, entry);
  }
  for (const num of free) setIfNew(num, { kind: 'free' });
  return { kind: 'table', trailer };
}

function parseTable(parser: PdfParser): { inUse: Map<number, XrefEntry>; free: number[]; trailer: PdfDict } {
  parser.expectKeyword('xref');
  const inUse = new Map<number, XrefEntry>();
  const free: number[] = [];
  for (;;) {
    const token = parser.readToken();
    if (token === 'trailer') break;
    if (!/^\d+$/.test(token)) throw unsupportedPdf(`malformed xref table ("${token.slice(0, 20)}")`);
    const first = Number(token);
    const count = parser.readInteger();
    for (let i = 0; i < count; i++) {
      const position = parser.readInteger();
      const gen = parser.readInteger();
      const type = parser.readToken();
      if (type === 'n') {
        if (!inUse.has(first + i)) inUse.set(first + i, { kind: 'offset', offset: position, gen });
      } else if (type === 'f') {
        free.push(first + i);
      } else {
        throw unsupportedPdf(`malformed xref entry type "${type.slice(0, 20)}"`);
      }
    }
  }
  parser.skipWhitespace();
  const trailer = parser.parseValue();
  if (!(trailer instanceof PdfDict)) throw unsupportedPdf('the trailer is not a dictionary');
  return { inUse, free, trailer };
}

function readStreamSection(source: ByteSource, offset: number, entries: Map<number, XrefEntry>): Section {
  const object = readIndirectObjectAt(source, offset);
  const dict = object.value;
  if (!(dict instanceof PdfDict) || object.streamDataOffset === undefined || dict.nameOf('Type') !== 'XRef') {
    throw unsupportedPdf(`startxref or /Prev does not point at a cross-reference section (offset ${offset})`);
  }
  const length = dict.numberOf('Length');
  if (length === undefined) throw unsupportedPdf('cross-reference stream without a direct /Length');
  const data = decodeStream(dict, source.read(object.streamDataOffset, length));
  const widths = numberArray(dict.get('W'));
  if (widths.length !== 3 || widths.some((width) => width < 0 || width > 8))
    throw unsupportedPdf('bad /W in cross-reference stream');
  const size = dict.numberOf('Size') ?? 0;
  const index = dict.get('Index') === undefined ? [0, size] : numberArray(dict.get('Index'));
  const [typeWidth, secondWidth, thirdWidth] = widths as [number, number, number];
  const entryWidth = typeWidth + secondWidth + thirdWidth;

  let at = 0;
  for (let pair = 0; pair + 1 < index.length; pair += 2) {
    const first = index[pair]!;
    const count = index[pair + 1]!;
    for (let i = 0; i < count; i++, at += entryWidth) {
      if (at + entryWidth > data.length) throw unsupportedPdf('cross-reference stream shorter than its /Index says');
      const num = first + i;
      if (entries.has(num)) continue;
      // A zero-width type field means every entry is type 1.
      const type = typeWidth === 0 ? 1 : readUint(data, at, typeWidth);
      const second = readUint(data, at + typeWidth, secondWidth);
      const third = readUint(data, at + typeWidth + secondWidth, thirdWidth);
      if (type === 0) entries.set(num, { kind: 'free' });
      else if (type === 1) entries.set(num, { kind: 'offset', offset: second, gen: third });
      else if (type === 2) entries.set(num, { kind: 'compressed', streamNum: second, index: third });
      // Other types are reserved: readers treat them as null references.
    }
  }
  return { kind: 'stream', trailer: dict };
}

function readUint(data: Buffer, at: number, width: number): number {
  let value = 0;
  for (let i = 0; i < width; i++) value = value * 256 + data[at + i]!;
  return value;
}

function numberArray(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  const numbers = value.filter((item): item is number => typeof item === 'number');
  return numbers.length === value.length ? numbers : [];
}
