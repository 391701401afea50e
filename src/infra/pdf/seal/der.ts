/**
 * Just enough DER to build CMS SignedData, a self-signed certificate and an RFC 3161 request,
 * and to walk the few structures we read back (certificates, timestamp responses).
 * Encoding by hand keeps the hot path free of any ASN.1 object model: a seal builds a handful
 * of small buffers and concatenates them.
 */

export const TAG = {
  boolean: 0x01,
  integer: 0x02,
  bitString: 0x03,
  octetString: 0x04,
  null: 0x05,
  oid: 0x06,
  utf8String: 0x0c,
  printableString: 0x13,
  utcTime: 0x17,
  generalizedTime: 0x18,
  sequence: 0x30,
  set: 0x31,
} as const;

function encodeLength(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

export function tlv(tag: number, content: Buffer | readonly Buffer[]): Buffer {
  const body = Buffer.isBuffer(content) ? content : Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), encodeLength(body.length), body]);
}

export const sequence = (...items: Buffer[]): Buffer => tlv(TAG.sequence, items);

/** DER wants the members of a SET OF in ascending order of their encodings. */
export function setOf(...items: Buffer[]): Buffer {
  return tlv(
    TAG.set,
    [...items].sort((a, b) => Buffer.compare(a, b)),
  );
}

export function contextConstructed(tagNumber: number, ...items: Buffer[]): Buffer {
  return tlv(0xa0 | tagNumber, items);
}

export function contextPrimitive(tagNumber: number, content: Buffer): Buffer {
  return tlv(0x80 | tagNumber, content);
}

export function oid(dotted: string): Buffer {
  const parts = dotted.split('.').map(Number);
  const [first = 0, second = 0, ...rest] = parts;
  const bytes: number[] = [first * 40 + second];
  for (const part of rest) {
    const chunk: number[] = [part & 0x7f];
    for (let value = Math.floor(part / 128); value > 0; value = Math.floor(value / 128))
      chunk.unshift((value & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(TAG.oid, Buffer.from(bytes));
}

/** Unsigned big-endian magnitude → INTEGER, adding the sign byte DER needs when the top bit is set. */
export function unsignedInteger(magnitude: Buffer | number): Buffer {
  let bytes = typeof magnitude === 'number' ? numberBytes(magnitude) : magnitude;
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0 && (bytes[start + 1]! & 0x80) === 0) start++;
  bytes = bytes.subarray(start);
  if (bytes.length === 0) bytes = Buffer.from([0]);
  if ((bytes[0]! & 0x80) !== 0) bytes = Buffer.concat([Buffer.from([0]), bytes]);
  return tlv(TAG.integer, bytes);
}

function numberBytes(value: number): Buffer {
  const bytes: number[] = [];
  for (let rest = value; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest & 0xff);
  return Buffer.from(bytes.length ? bytes : [0]);
}

export const octetString = (bytes: Buffer): Buffer => tlv(TAG.octetString, bytes);
export const derNull = (): Buffer => Buffer.from([TAG.null, 0]);
export const derBoolean = (value: boolean): Buffer => Buffer.from([TAG.boolean, 1, value ? 0xff : 0]);
export const bitString = (bytes: Buffer): Buffer => tlv(TAG.bitString, [Buffer.from([0]), bytes]);
export const utf8String = (text: string): Buffer => tlv(TAG.utf8String, Buffer.from(text, 'utf8'));

/** RFC 5280: UTCTime through 2049, GeneralizedTime from 2050 on. */
export function x509Time(date: Date): Buffer {
  const iso = date.toISOString(); // YYYY-MM-DDTHH:mm:ss.sssZ
  const digits = iso.slice(0, 19).replace(/[-T:]/g, '');
  return date.getUTCFullYear() < 2050
    ? tlv(TAG.utcTime, Buffer.from(`${digits.slice(2)}Z`, 'latin1'))
    : tlv(TAG.generalizedTime, Buffer.from(`${digits}Z`, 'latin1'));
}

export interface DerNode {
  tag: number;
  /** Offset of the tag byte: `bytes.subarray(start, end)` is the whole encoding. */
  start: number;
  contentStart: number;
  end: number;
}

export class DerError extends Error {}

export function readNode(bytes: Buffer, offset: number, limit = bytes.length): DerNode {
  if (offset + 2 > limit) throw new DerError('truncated DER');
  const tag = bytes[offset]!;
  if ((tag & 0x1f) === 0x1f) throw new DerError('multi-byte DER tags are not supported');
  let length = bytes[offset + 1]!;
  let contentStart = offset + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count === 0) throw new DerError('indefinite-length encoding is not DER');
    if (count > 4 || contentStart + count > limit) throw new DerError('bad DER length');
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + bytes[contentStart + i]!;
    contentStart += count;
  }
  const end = contentStart + length;
  if (end > limit) throw new DerError('DER value runs past its container');
  return { tag, start: offset, contentStart, end };
}

export function childrenOf(bytes: Buffer, node: DerNode): DerNode[] {
  const children: DerNode[] = [];
  for (let offset = node.contentStart; offset < node.end;) {
    const child = readNode(bytes, offset, node.end);
    children.push(child);
    offset = child.end;
  }
  return children;
}

export const contentOf = (bytes: Buffer, node: DerNode): Buffer => bytes.subarray(node.contentStart, node.end);
export const encodingOf = (bytes: Buffer, node: DerNode): Buffer => bytes.subarray(node.start, node.end);

export function decodeOid(content: Buffer): string {
  const first = content[0] ?? 0;
  const parts = [Math.min(2, Math.floor(first / 40)), first - Math.min(2, Math.floor(first / 40)) * 40];
  let value = 0;
  for (let i = 1; i < content.length; i++) {
    const byte = content[i]!;
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) {
      parts.push(value);
      value = 0;
    }
  }
  return parts.join('.');
}

/** Throws unless `node` has the expected tag; keeps the walkers below one line per step. */
export function expectTag(node: DerNode | undefined, tag: number, what: string): DerNode {
  if (!node || node.tag !== tag) throw new DerError(`expected ${what}`);
  return node;
}
