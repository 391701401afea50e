import { textString } from './pdf-objects.js';
import { SealError } from './seal-error.js';

export interface SignatureDictionaryFields {
  reason: string;
  location?: string;
  contactInfo?: string;
  name?: string;
  signingTime: Date;
  /** A document timestamp (PAdES B-LTA): /Type /DocTimeStamp, an RFC 3161 token, no claims of its own. */
  documentTimestamp?: boolean;
}

export interface SignatureDictionary {
  body: Buffer;
  /** Offsets within `body`. */
  byteRangeStart: number;
  byteRangeEnd: number;
  /** The /Contents hex string, angle brackets included: the one gap in the signed bytes. */
  contentsStart: number;
  contentsEnd: number;
}

/** Wide enough for four offsets into a file of up to a terabyte, so patching never shifts a byte. */
const BYTE_RANGE_WIDTH = 48;

/**
 * The /Sig dictionary with fixed-width placeholders: the byte range is known only once the
 * whole update is laid out, and the CMS only once the hash over that range is taken.
 */
export function buildSignatureDictionary(
  fields: SignatureDictionaryFields,
  contentsCapacity: number,
): SignatureDictionary {
  const head = fields.documentTimestamp
    ? '<< /Type /DocTimeStamp /Filter /Adobe.PPKLite /SubFilter /ETSI.RFC3161 /ByteRange '
    : '<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /ETSI.CAdES.detached /ByteRange ';
  const byteRange = `[${'0 0 0 0'.padEnd(BYTE_RANGE_WIDTH - 2, ' ')}]`;
  const middle = ' /Contents <';
  const contentsLength = contentsCapacity * 2 + 2;
  // PAdES puts the claimed signing time here, not in a CMS signingTime attribute. A document
  // timestamp claims nothing of its own: its token is the time.
  let tail = '';
  if (!fields.documentTimestamp) {
    tail += ` /M ${textString(pdfDate(fields.signingTime))} /Reason ${textString(fields.reason)}`;
    if (fields.location) tail += ` /Location ${textString(fields.location)}`;
    if (fields.contactInfo) tail += ` /ContactInfo ${textString(fields.contactInfo)}`;
    if (fields.name) tail += ` /Name ${textString(fields.name)}`;
  }
  tail += ' >>';
  const byteRangeStart = head.length;
  const contentsStart = byteRangeStart + byteRange.length + middle.length - 1;
  return {
    body: Buffer.concat([
      Buffer.from(head + byteRange + middle, 'latin1'),
      Buffer.alloc(contentsCapacity * 2, '0'),
      Buffer.from(`>${tail}`, 'latin1'),
    ]),
    byteRangeStart,
    byteRangeEnd: byteRangeStart + byteRange.length,
    contentsStart,
    contentsEnd: contentsStart + contentsLength,
  };
}

export function writeByteRange(
  target: Buffer,
  start: number,
  end: number,
  range: readonly [number, number, number, number],
): void {
  const text = `[${range.join(' ')}`.padEnd(end - start - 1, ' ') + ']';
  if (text.length !== end - start) throw new Error('byte range does not fit its placeholder');
  target.write(text, start, 'latin1');
}

/** Writes the CMS into the zero-filled hex placeholder; the zeros left after it are padding. */
export function writeContents(target: Buffer, start: number, end: number, cms: Buffer): void {
  const capacity = (end - start - 2) / 2;
  if (cms.length > capacity) {
    throw new SealError(
      'SIGNATURE_TOO_LARGE',
      `the CMS signature is ${cms.length} bytes but the /Contents placeholder holds ${capacity}`,
    );
  }
  target.write(cms.toString('hex'), start + 1, 'latin1');
}

/** D:YYYYMMDDHHmmSS+00'00' in UTC. */
export function pdfDate(date: Date): string {
  const pad = (value: number, width = 2): string => String(value).padStart(width, '0');
  return (
    `D:${pad(date.getUTCFullYear(), 4)}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}` +
    `${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}+00'00'`
  );
}
