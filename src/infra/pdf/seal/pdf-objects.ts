/**
 * A tokenizer and parser for the few PDF objects the seal reads (trailers, xref streams, the
 * catalog, page-tree nodes, AcroForm dictionaries), plus the serialisation needed to write
 * changed copies of them.
 *
 * Dictionaries keep the raw source bytes of every value, so rewriting one (say, a page with a
 * widget added to /Annots) copies untouched entries byte for byte instead of re-encoding
 * numbers, strings and nested structures we never needed to understand.
 */

export class PdfName {
  constructor(readonly name: string) {}
}

export class PdfRef {
  constructor(
    readonly num: number,
    readonly gen: number,
  ) {}

  toString(): string {
    return `${this.num} ${this.gen} R`;
  }
}

export class PdfString {
  constructor(readonly bytes: Buffer) {}
}

export type PdfValue = null | boolean | number | PdfName | PdfRef | PdfString | PdfValue[] | PdfDict;

interface DictEntry {
  value: PdfValue;
  raw: Buffer;
}

export class PdfDict {
  private readonly entries = new Map<string, DictEntry>();

  get(key: string): PdfValue | undefined {
    return this.entries.get(key)?.value;
  }

  /** The value exactly as written in the source. */
  raw(key: string): Buffer | undefined {
    return this.entries.get(key)?.raw;
  }

  keys(): IterableIterator<string> {
    return this.entries.keys();
  }

  set(key: string, value: PdfValue, raw: Buffer): void {
    this.entries.set(key, { value, raw });
  }

  nameOf(key: string): string | undefined {
    const value = this.get(key);
    return value instanceof PdfName ? value.name : undefined;
  }

  numberOf(key: string): number | undefined {
    const value = this.get(key);
    return typeof value === 'number' ? value : undefined;
  }
}

/** The window handed to the parser ended before the object did: retry with more bytes. */
export class NeedMoreBytes extends Error {}
export class PdfSyntaxError extends Error {}

const WHITESPACE = new Uint8Array(256);
for (const byte of [0, 9, 10, 12, 13, 32]) WHITESPACE[byte] = 1;
const DELIMITER = new Uint8Array(256);
for (const char of '()<>[]{}/%') DELIMITER[char.charCodeAt(0)] = 1;

const isRegular = (byte: number): boolean => byte >= 0 && !WHITESPACE[byte] && !DELIMITER[byte];
const isDigit = (byte: number): boolean => byte >= 0x30 && byte <= 0x39;
/** Arrays and dictionaries nested deeper are refused; upload inspection applies the same bound. */
export const MAX_NESTING = 256;

export class PdfParser {
  private depth = 0;

  /**
   * @param complete false when `bytes` is only a window on a longer file, in which case running
   * off its end throws NeedMoreBytes instead of being a syntax error.
   */
  constructor(
    readonly bytes: Buffer,
    public pos = 0,
    private readonly complete = true,
  ) {}

  private peek(offset = 0): number {
    const at = this.pos + offset;
    if (at < this.bytes.length) return this.bytes[at]!;
    if (!this.complete) throw new NeedMoreBytes();
    return -1;
  }

  skipWhitespace(): void {
    for (;;) {
      const byte = this.peek();
      if (byte === 0x25 /* % */) {
        while (this.peek() !== 0x0a && this.peek() !== 0x0d && this.peek() !== -1) this.pos++;
      } else if (byte >= 0 && WHITESPACE[byte]) {
        this.pos++;
      } else {
        return;
      }
    }
  }

  /** A run of regular characters: a keyword or a number. */
  readToken(): string {
    this.skipWhitespace();
    const start = this.pos;
    while (isRegular(this.peek())) this.pos++;
    return this.bytes.toString('latin1', start, this.pos);
  }

  readInteger(): number {
    const token = this.readToken();
    if (!/^[+-]?\d+$/.test(token)) throw new PdfSyntaxError(`expected an integer, found "${token.slice(0, 20)}"`);
    return Number(token);
  }

  expectKeyword(keyword: string): void {
    const token = this.readToken();
    if (token !== keyword) throw new PdfSyntaxError(`expected "${keyword}", found "${token.slice(0, 20)}"`);
  }

  parseValue(): PdfValue {
    this.skipWhitespace();
    const byte = this.peek();
    if (byte === 0x2f /* / */) return this.parseName();
    if (byte === 0x3c /* < */) return this.peek(1) === 0x3c ? this.parseDict() : this.parseHexString();
    if (byte === 0x28 /* ( */) return this.parseLiteralString();
    if (byte === 0x5b /* [ */) return this.parseArray();
    if (isDigit(byte) || byte === 0x2b || byte === 0x2d || byte === 0x2e) return this.parseNumberOrRef();
    const token = this.readToken();
    if (token === 'true') return true;
    if (token === 'false') return false;
    if (token === 'null') return null;
    throw new PdfSyntaxError(`unexpected ${token ? `"${token.slice(0, 20)}"` : `byte ${byte}`} at ${this.pos}`);
  }

  private enter(): void {
    if (++this.depth > MAX_NESTING) throw new PdfSyntaxError('objects nested too deeply');
  }

  parseDict(): PdfDict {
    this.enter();
    this.pos += 2;
    const dict = new PdfDict();
    for (;;) {
      this.skipWhitespace();
      if (this.peek() === 0x3e && this.peek(1) === 0x3e) {
        this.pos += 2;
        this.depth--;
        return dict;
      }
      if (this.peek() !== 0x2f) throw new PdfSyntaxError(`expected a name key at ${this.pos}`);
      const key = this.parseName().name;
      this.skipWhitespace();
      const start = this.pos;
      const value = this.parseValue();
      dict.set(key, value, this.bytes.subarray(start, this.pos));
    }
  }

  private parseArray(): PdfValue[] {
    this.enter();
    this.pos++;
    const items: PdfValue[] = [];
    for (;;) {
      this.skipWhitespace();
      if (this.peek() === 0x5d /* ] */) {
        this.pos++;
        this.depth--;
        return items;
      }
      if (this.peek() === -1) throw new PdfSyntaxError('unterminated array');
      items.push(this.parseValue());
    }
  }

  private parseName(): PdfName {
    this.pos++;
    const bytes: number[] = [];
    while (isRegular(this.peek())) {
      const byte = this.bytes[this.pos++]!;
      if (byte === 0x23 /* # */ && isHex(this.peek()) && isHex(this.peek(1))) {
        bytes.push(parseInt(this.bytes.toString('latin1', this.pos, this.pos + 2), 16));
        this.pos += 2;
      } else {
        bytes.push(byte);
      }
    }
    return new PdfName(Buffer.from(bytes).toString('latin1'));
  }

  private parseHexString(): PdfString {
    this.pos++;
    let digits = '';
    for (;;) {
      const byte = this.peek();
      this.pos++;
      if (byte === 0x3e /* > */) break;
      if (byte === -1) throw new PdfSyntaxError('unterminated hex string');
      if (isHex(byte)) digits += String.fromCharCode(byte);
    }
    if (digits.length % 2) digits += '0';
    return new PdfString(Buffer.from(digits, 'hex'));
  }

  private parseLiteralString(): PdfString {
    this.pos++;
    const out: number[] = [];
    let nesting = 1;
    for (;;) {
      const byte = this.peek();
      if (byte === -1) throw new PdfSyntaxError('unterminated string');
      this.pos++;
      if (byte === 0x5c /* \ */) {
        this.readEscape(out);
      } else if (byte === 0x28) {
        nesting++;
        out.push(byte);
      } else if (byte === 0x29) {
        if (--nesting === 0) return new PdfString(Buffer.from(out));
        out.push(byte);
      } else if (byte === 0x0d) {
        // End-of-line markers inside strings all read as a single LF.
        if (this.peek() === 0x0a) this.pos++;
        out.push(0x0a);
      } else {
        out.push(byte);
      }
    }
  }

  private readEscape(out: number[]): void {
    const byte = this.peek();
    this.pos++;
    const simple: Record<number, number> = { 0x6e: 10, 0x72: 13, 0x74: 9, 0x62: 8, 0x66: 12 };
    if (simple[byte] !== undefined) out.push(simple[byte]);
    else if (byte === 0x0d) {
      if (this.peek() === 0x0a) this.pos++;
    } else if (byte === 0x0a) {
      // a backslash before a line break continues the string on the next line
    } else if (byte >= 0x30 && byte <= 0x37) {
      let value = byte - 0x30;
      for (let i = 0; i < 2 && this.peek() >= 0x30 && this.peek() <= 0x37; i++)
        value = value * 8 + (this.bytes[this.pos++]! - 0x30);
      out.push(value & 0xff);
    } else if (byte !== -1) out.push(byte);
  }

  private parseNumberOrRef(): number | PdfRef {
    const token = this.readToken();
    const value = Number(token);
    if (!Number.isFinite(value)) {
      // Some producers write things like "--5" or "1.2.3"; readers take the leading number.
      const lenient = parseFloat(token.replace(/^[+-]+/, (signs) => (signs.includes('-') ? '-' : '')));
      if (!Number.isFinite(lenient)) throw new PdfSyntaxError(`bad number "${token.slice(0, 20)}"`);
      return lenient;
    }
    if (!/^\d+$/.test(token)) return value;
    const afterFirst = this.pos;
    this.skipWhitespace();
    if (isDigit(this.peek())) {
      const generation = this.readToken();
      if (/^\d+$/.test(generation)) {
        this.skipWhitespace();
        if (this.peek() === 0x52 /* R */ && !isRegular(this.peek(1))) {
          this.pos++;
          return new PdfRef(value, Number(generation));
        }
      }
    }
    this.pos = afterFirst;
    return value;
  }

  /** After a stream dictionary: position on the first data byte, or return false if no stream follows. */
  enterStreamData(): boolean {
    this.skipWhitespace();
    const start = this.pos;
    if (this.readToken() !== 'stream') {
      this.pos = start;
      return false;
    }
    if (this.peek() === 0x0d) this.pos++;
    if (this.peek() === 0x0a) this.pos++;
    return true;
  }
}

function isHex(byte: number): boolean {
  return (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66);
}

export function encodeName(name: string): string {
  let out = '/';
  for (const byte of Buffer.from(name, 'latin1')) {
    out +=
      byte > 0x20 && byte < 0x7f && byte !== 0x23 && isRegular(byte)
        ? String.fromCharCode(byte)
        : `#${byte.toString(16).padStart(2, '0')}`;
  }
  return out;
}

export function hexString(bytes: Buffer): string {
  return `<${bytes.toString('hex').toUpperCase()}>`;
}

/** A PDF text string: plain ASCII stays readable, anything else goes out as UTF-16BE with a BOM. */
export function textString(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return `(${text.replace(/[\\()]/g, (char) => `\\${char}`)})`;
  const utf16 = Buffer.from(text, 'utf16le').swap16();
  return hexString(Buffer.concat([Buffer.from([0xfe, 0xff]), utf16]));
}

/**
 * Writes `dict` back out with some entries replaced or added (a Buffer or string per key) or
 * removed (null). Entries not mentioned are copied from the source verbatim.
 */
export function rewriteDict(dict: PdfDict, changes: ReadonlyMap<string, string | Buffer | null>): Buffer {
  const parts: Buffer[] = [Buffer.from('<<')];
  const emit = (key: string, value: string | Buffer): void => {
    parts.push(
      Buffer.from(` ${encodeName(key)} `, 'latin1'),
      typeof value === 'string' ? Buffer.from(value, 'latin1') : value,
    );
  };
  for (const key of dict.keys()) {
    const change = changes.get(key);
    if (change === null) continue;
    emit(key, change ?? dict.raw(key)!);
  }
  for (const [key, change] of changes) {
    if (change !== null && dict.get(key) === undefined) emit(key, change);
  }
  parts.push(Buffer.from(' >>'));
  return Buffer.concat(parts);
}

/** The source text of an array with one more element before its closing bracket. */
export function appendToArrayText(rawArray: Buffer, element: string): Buffer {
  const close = rawArray.lastIndexOf(0x5d);
  if (close < 0) throw new PdfSyntaxError('not an array');
  return Buffer.concat([rawArray.subarray(0, close), Buffer.from(` ${element}]`, 'latin1')]);
}
