import { createHash, randomBytes, sign, type Hash } from 'node:crypto';
import type { ByteSource } from './byte-source.js';
import { buildSignedAttributes, buildSignedData, estimateSignedDataSize, timestampAttribute } from './cms.js';
import { writeIncrementalUpdate } from './incremental-update.js';
import { PdfRef, PdfString } from './pdf-objects.js';
import { PdfReader } from './pdf-reader.js';
import type { SealIdentity } from './seal-identity.js';
import { SealError } from './seal-error.js';
import { buildSignatureDictionary, writeByteRange, writeContents } from './signature-dictionary.js';
import { planExistingSignatureField, planSignatureField } from './signature-field.js';
import { requestTimestampToken, type TsaOptions } from './tsa-client.js';

export interface SealOptions {
  reason: string;
  location?: string;
  contactInfo?: string;
  name?: string;
  /** The time claimed in the signature dictionary's /M; defaults to now. */
  signingTime?: Date;
  /** Adds an RFC 3161 signature timestamp (PAdES B-T). */
  tsa?: TsaOptions;
  /**
   * Sign into this existing, unsigned signature field (a visible one laid out earlier) instead of
   * adding an invisible field on the first page; the invisible field when there is none by that name.
   */
  fieldName?: string;
}

/** Room a timestamp token needs: the token itself plus the TSA's certificates. */
const TIMESTAMP_ALLOWANCE = 16 * 1024;
const MIN_CONTENTS_BYTES = 8 * 1024;

// The steps of a seal that do not care where the document lives: laying out the update around
// a placeholder, then producing the CMS that fills it. seal-pdf.ts does the I/O around them.

export interface PreparedUpdate {
  /** The bytes to append; embedSignature fills the /Contents placeholder. */
  bytes: Buffer;
  contentsStart: number;
  contentsEnd: number;
}

/** Parses what the update needs and lays it out, byte range final, /Contents still zeros. */
export function prepareUpdate(source: ByteSource, identity: SealIdentity, options: SealOptions): PreparedUpdate {
  return prepareUpdateWithCapacity(source, contentsCapacity(identity, options), options);
}

/** The same layout with a /Contents placeholder of `capacity` bytes (an external signer's CMS). */
export function prepareUpdateWithCapacity(
  source: ByteSource,
  capacity: number,
  options: SealOptions,
  documentTimestamp = false,
): PreparedUpdate {
  const reader = PdfReader.open(source);
  const { xref } = reader;
  const signatureRef = new PdfRef(xref.size, 0);
  const existing = options.fieldName ? planExistingSignatureField(reader, options.fieldName, signatureRef) : null;
  const widgetRef = new PdfRef(existing ? xref.size : xref.size + 1, 0);
  const plan = existing ?? planSignatureField(reader, widgetRef, signatureRef);

  const signature = buildSignatureDictionary(
    {
      reason: options.reason,
      location: options.location,
      contactInfo: options.contactInfo,
      name: options.name,
      signingTime: options.signingTime ?? new Date(),
      documentTimestamp,
    },
    capacity,
  );
  const previousId = reader.resolve(reader.trailerValue('ID'));
  const firstId =
    Array.isArray(previousId) && previousId[0] instanceof PdfString && previousId[0].bytes.length > 0
      ? previousId[0].bytes
      : randomBytes(16);
  const lastByte = source.read(source.length - 1, 1)[0];
  const update = writeIncrementalUpdate(
    source.length,
    lastByte === 0x0a || lastByte === 0x0d,
    [{ num: signatureRef.num, gen: 0, body: signature.body }, plan.widget, ...plan.rewrites],
    {
      kind: xref.lastSectionKind,
      prev: xref.startxref,
      nextFreeNum: Math.max(signatureRef.num, widgetRef.num) + 1,
      root: reader.trailerRaw('Root')!,
      info: reader.trailerValue('Info') instanceof PdfRef ? reader.trailerRaw('Info') : undefined,
      // Keep the permanent identifier, change the one that tracks revisions.
      id: [firstId, randomBytes(16)],
    },
  );

  const signatureAt = update.bodyOffsets.get(signatureRef.num)!;
  const contentsStart = signatureAt + signature.contentsStart;
  const contentsEnd = signatureAt + signature.contentsEnd;
  const total = source.length + update.bytes.length;
  const gapStart = source.length + contentsStart;
  const gapEnd = source.length + contentsEnd;
  writeByteRange(update.bytes, signatureAt + signature.byteRangeStart, signatureAt + signature.byteRangeEnd, [
    0,
    gapStart,
    gapEnd,
    total - gapEnd,
  ]);
  return { bytes: update.bytes, contentsStart, contentsEnd };
}

function contentsCapacity(identity: SealIdentity, options: SealOptions): number {
  const needed =
    Math.max(MIN_CONTENTS_BYTES, estimateSignedDataSize(identity)) + (options.tsa ? TIMESTAMP_ALLOWANCE : 0);
  return Math.ceil(needed / 1024) * 1024;
}

/** Completes a hash that has consumed the original document with the signed parts of the update. */
export function signedDigest(update: PreparedUpdate, documentHash: Hash): Buffer {
  documentHash.update(update.bytes.subarray(0, update.contentsStart));
  documentHash.update(update.bytes.subarray(update.contentsEnd));
  return documentHash.digest();
}

/** Signs the digest (and has the signature timestamped if asked): the CMS for /Contents. */
export async function createSignature(digest: Buffer, identity: SealIdentity, options: SealOptions): Promise<Buffer> {
  const signedAttributes = buildSignedAttributes(identity, digest);
  const signatureValue = signWithKey(signedAttributes, identity);
  const unsigned: Buffer[] = [];
  if (options.tsa) {
    const token = await requestTimestampToken(options.tsa, createHash('sha256').update(signatureValue).digest());
    unsigned.push(timestampAttribute(token));
  }
  return buildSignedData(identity, signedAttributes, signatureValue, unsigned);
}

export function embedSignature(update: PreparedUpdate, cms: Buffer): void {
  writeContents(update.bytes, update.contentsStart, update.contentsEnd, cms);
}

/**
 * Synchronous on purpose: one RSA-2048 signature is ~0.7 ms, less than the thread-pool round
 * trip of the async form costs here, and callers overlap it with their file writes instead.
 */
function signWithKey(data: Buffer, identity: SealIdentity): Buffer {
  try {
    return sign('sha256', data, identity.privateKey);
  } catch (error) {
    throw new SealError('IDENTITY_INVALID', `signing failed: ${(error as Error).message}`, { cause: error });
  }
}
