import { createHash } from 'node:crypto';
import { MemorySource } from './byte-source.js';
import { readNode } from './der.js';
import type { PdfDict } from './pdf-objects.js';
import { PdfRef, PdfString, type PdfValue } from './pdf-objects.js';
import { PdfReader } from './pdf-reader.js';

/** One signature of a PDF as written, before any judgement of it. */
export interface PdfSignature {
  /** Sig (an approval or certification signature) or DocTimeStamp. */
  type: string;
  subFilter: string | null;
  byteRange: [number, number, number, number] | null;
  /** The /Contents string's bytes, zero padding included (what the VRI key hashes). */
  contents: Buffer;
  /** The claimed signing time (/M), when there is one that parses. */
  signingTime: Date | null;
}

const MAX_FIELDS = 10_000;

/** The /V dictionaries of the document's signature fields (AcroForm /Fields and their /Kids). */
export function signatureDictionaries(reader: PdfReader): PdfDict[] {
  const catalog = reader.resolveDict(reader.trailerValue('Root'));
  const acroForm = reader.resolveDict(catalog?.get('AcroForm'));
  const pending: PdfValue[] = [];
  const fieldsValue = reader.resolve(acroForm?.get('Fields'));
  if (Array.isArray(fieldsValue)) pending.push(...[...fieldsValue].reverse());
  const seen = new Set<number>();
  const found: PdfDict[] = [];
  for (let visited = 0; pending.length > 0 && visited < MAX_FIELDS; visited++) {
    const entry = pending.pop();
    if (entry instanceof PdfRef) {
      if (seen.has(entry.num)) continue;
      seen.add(entry.num);
    }
    const field = reader.resolveDict(entry);
    if (!field) continue;
    const kids = reader.resolve(field.get('Kids'));
    if (Array.isArray(kids)) pending.push(...[...kids].reverse());
    const value = reader.resolveDict(field.get('V'));
    if (value && value.get('ByteRange') !== undefined) found.push(value);
  }
  return found;
}

/** Every signature of the document, in the order their revisions were written. */
export function listPdfSignatures(pdf: Buffer): PdfSignature[] {
  const reader = PdfReader.open(new MemorySource(pdf));
  const signatures = signatureDictionaries(reader).map((dict) => describe(reader, dict));
  return signatures.sort((a, b) => revisionEndOf(a) - revisionEndOf(b));
}

function revisionEndOf(signature: PdfSignature): number {
  return signature.byteRange ? signature.byteRange[2] + signature.byteRange[3] : Number.MAX_SAFE_INTEGER;
}

function describe(reader: PdfReader, dict: PdfDict): PdfSignature {
  const range = reader.resolve(dict.get('ByteRange'));
  const contents = reader.resolve(dict.get('Contents'));
  const time = reader.resolve(dict.get('M'));
  return {
    type: dict.nameOf('Type') ?? 'Sig',
    subFilter: dict.nameOf('SubFilter') ?? null,
    byteRange:
      Array.isArray(range) && range.length === 4 && range.every((n) => Number.isSafeInteger(n) && (n as number) >= 0)
        ? (range as [number, number, number, number])
        : null,
    contents: contents instanceof PdfString ? contents.bytes : Buffer.alloc(0),
    signingTime: time instanceof PdfString ? parsePdfDate(time.bytes.toString('latin1')) : null,
  };
}

/** D:YYYYMMDDHHmmSS with an optional offset (Z, +HH'mm', -HH'mm'). */
export function parsePdfDate(text: string): Date | null {
  const match = /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:([Z+-])(\d{2})?'?(\d{2})?'?)?/.exec(text);
  if (!match) return null;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', sign, oh = '00', om = '00'] = match;
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const offset = sign === '+' || sign === '-' ? (sign === '+' ? 1 : -1) * (Number(oh) * 60 + Number(om)) : 0;
  return new Date(utc - offset * 60_000);
}

/** The ETSI VRI key of a signature: uppercase hex SHA-1 of its /Contents bytes. */
export function vriKey(contents: Buffer): string {
  return createHash('sha1').update(contents).digest('hex').toUpperCase();
}

/** The CMS inside a /Contents string, without the zero padding after it. */
export function trimmedContents(contents: Buffer): Buffer {
  const node = readNode(contents, 0);
  return contents.subarray(0, node.end);
}

/** What a document's DSS holds (ISO 32000-2 §12.8.4.3). */
export interface DocumentSecurityStore {
  certs: Buffer[];
  ocsps: Buffer[];
  crls: Buffer[];
  /** VRI keys present. */
  vriKeys: string[];
}

/** The document's DSS, or null when it has none. */
export function readDocumentSecurityStore(pdf: Buffer): DocumentSecurityStore | null {
  const reader = PdfReader.open(new MemorySource(pdf));
  const catalog = reader.resolveDict(reader.trailerValue('Root'));
  const dss = reader.resolveDict(catalog?.get('DSS'));
  if (!dss) return null;
  const streams = (key: string): Buffer[] => {
    const list = reader.resolve(dss.get(key));
    if (!Array.isArray(list)) return [];
    return list.flatMap((ref) => {
      const data = ref instanceof PdfRef ? reader.getStreamData(ref) : null;
      return data ? [data] : [];
    });
  };
  const vri = reader.resolveDict(dss.get('VRI'));
  return {
    certs: streams('Certs'),
    ocsps: streams('OCSPs'),
    crls: streams('CRLs'),
    vriKeys: vri ? [...vri.keys()] : [],
  };
}
