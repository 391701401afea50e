import { createHash } from 'node:crypto';
import { MemorySource } from './byte-source.js';
import { hashName, readCms, signerCertificateOf, signerInfoHolds, type ReadCms } from './cms-reader.js';
import { DerError } from './der.js';
import { PdfString, type PdfDict } from './pdf-objects.js';
import { signatureDictionaries } from './pdf-signatures.js';
import { onlyValidationUpdatesAfter } from './validation-updates.js';
import { PdfReader } from './pdf-reader.js';

/** A certificate the installation sealed with (SealIdentity fits). */
export interface KnownSealCertificate {
  /** DER. */
  certificate: Buffer;
}

/** The certificate a verified seal was made with. */
export interface SealSigner {
  subject: string;
  fingerprintSha256: string;
}

type Problem = { ok: false; problem: string };
export type SealVerdict = { ok: true; reader: PdfReader; signer: SealSigner } | Problem;

/**
 * Checks that `pdf` carries a seal made with one of the `known` certificates that covers the whole
 * file, as `sealPdf` writes it: the last approval signature, whose /ByteRange runs from the first
 * byte to the end of its revision, leaving out only its own /Contents; a CMS whose messageDigest is
 * the SHA-256 of those bytes and whose signed attributes verify under the certificate it carries
 * for its signer, which must be one of `known` (the installation's recorded identities).
 * After it only long-term validation material may follow (a DSS, document timestamps:
 * validation-updates.ts); anything else appended (an update rewriting /Info, say) fails. On success the reader over the verified bytes is returned, so callers read
 * the sealed content, not a second parse of something else.
 */
export function verifyPdfSeal(pdf: Buffer, known: readonly KnownSealCertificate[]): SealVerdict {
  let signatures: PdfDict[];
  let reader: PdfReader;
  try {
    reader = PdfReader.open(new MemorySource(pdf));
    signatures = signatureDictionaries(reader);
  } catch (error) {
    return { ok: false, problem: `not a readable PDF (${(error as Error).message})` };
  }
  if (signatures.length === 0) return { ok: false, problem: 'carries no signature' };
  // The seal is the last approval signature; only validation data (DSS, document timestamps) may follow it.
  const last = signatures
    .filter((dict) => dict.nameOf('Type') !== 'DocTimeStamp')
    .map((dict) => ({ dict, range: byteRangeOf(reader, dict) }))
    .filter((c): c is { dict: PdfDict; range: ByteRange } => c.range !== null && coversItsRevision(pdf, c.range))
    .sort((a, b) => b.range[2] + b.range[3] - (a.range[2] + a.range[3]))[0];
  if (!last) return { ok: false, problem: 'no signature covers the whole file: it was changed after it was sealed' };
  const [, gapStart, gapEnd, tailLength] = last.range;
  const revisionEnd = gapEnd + tailLength;
  if (revisionEnd !== pdf.length) {
    const problem = onlyValidationUpdatesAfter(pdf, revisionEnd);
    if (problem)
      return {
        ok: false,
        problem: `no signature covers the whole file: it was changed after it was sealed (${problem})`,
      };
    reader = PdfReader.open(new MemorySource(pdf.subarray(0, revisionEnd)));
  }
  const contents = reader.resolve(last.dict.get('Contents'));
  if (!(contents instanceof PdfString)) return { ok: false, problem: 'the seal has no /Contents' };
  const digest = createHash('sha256')
    .update(pdf.subarray(0, gapStart))
    .update(pdf.subarray(gapEnd, gapEnd + tailLength))
    .digest();
  try {
    const checked = checkCms(contents.bytes, digest, known);
    return 'problem' in checked ? checked : { ok: true, reader, signer: checked };
  } catch (error) {
    if (error instanceof DerError) return { ok: false, problem: `the seal's CMS is malformed (${error.message})` };
    throw error;
  }
}

/**
 * null when the CMS holds; otherwise what is wrong with it. The signature is checked under the
 * certificate the CMS carries for its signer, and that certificate must be one of `known`: a seal
 * made elsewhere, with a certificate of its own, verifies under it but is not this installation's.
 */
function checkCms(padded: Buffer, digest: Buffer, known: readonly KnownSealCertificate[]): Problem | SealSigner {
  let cms: ReadCms;
  try {
    cms = readCms(padded);
  } catch (error) {
    if (error instanceof DerError) throw error;
    return { ok: false, problem: `the seal is not a usable CMS SignedData (${(error as Error).message})` };
  }
  if (hashName(cms.digestAlgorithm) !== 'sha256') return { ok: false, problem: 'the seal does not use SHA-256' };
  if (!cms.messageDigest?.equals(digest))
    return { ok: false, problem: 'the sealed bytes do not match the digest the seal signed' };
  const signer = signerCertificateOf(cms);
  if (!signer) return { ok: false, problem: 'the seal does not carry the certificate it was made with' };
  if (!signerInfoHolds(cms, signer))
    return { ok: false, problem: "the seal's signature does not verify under the certificate it carries" };
  const fingerprintSha256 = sha256Hex(signer.raw);
  const subject = signer.subject.split('\n').join(', ');
  if (!known.some((candidate) => sha256Hex(candidate.certificate) === fingerprintSha256)) {
    return {
      ok: false,
      problem: `the seal was made by ${subject} (${fingerprintSha256}), not one of this installation's seal identities`,
    };
  }
  return { subject, fingerprintSha256 };
}

const sha256Hex = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

type ByteRange = [number, number, number, number];

function byteRangeOf(reader: PdfReader, dict: PdfDict): ByteRange | null {
  const value = reader.resolve(dict.get('ByteRange'));
  if (!Array.isArray(value) || value.length !== 4 || !value.every((n) => Number.isSafeInteger(n) && (n as number) >= 0))
    return null;
  return value as ByteRange;
}

/** [0, a, b, c]: from the start to the /Contents hex string, and from its end to the end of a revision. */
function coversItsRevision(pdf: Buffer, [start, gapStart, gapEnd, tailLength]: ByteRange): boolean {
  return (
    start === 0 &&
    gapStart < gapEnd &&
    gapEnd + tailLength <= pdf.length &&
    pdf[gapStart] === 0x3c &&
    pdf[gapEnd - 1] === 0x3e
  );
}
