import { createHash, verify, X509Certificate } from 'node:crypto';
import { MemorySource } from './byte-source.js';
import { OID } from './cms.js';
import {
  childrenOf,
  contentOf,
  decodeOid,
  DerError,
  encodingOf,
  expectTag,
  readNode,
  TAG,
  type DerNode,
} from './der.js';
import { PdfString, type PdfDict } from './pdf-objects.js';
import { signatureDictionaries } from './pdf-signatures.js';
import { onlyValidationUpdatesAfter } from './validation-updates.js';
import { PdfReader } from './pdf-reader.js';
import type { SealIdentity } from './seal-identity.js';

export type SealVerdict = { ok: true; reader: PdfReader } | { ok: false; problem: string };

/**
 * Checks that `pdf` carries a seal made with `identity`'s key that covers the whole file, as
 * `sealPdf` writes it: the last approval signature, whose /ByteRange runs from the first byte to
 * the end of its revision, leaving out only its own /Contents; a CMS whose messageDigest is the
 * SHA-256 of those bytes and whose signed attributes verify under the identity's public key.
 * After it only long-term validation material may follow (a DSS, document timestamps:
 * validation-updates.ts); anything else appended (an update rewriting /Info, say) fails. On success the reader over the verified bytes is returned, so callers read
 * the sealed content, not a second parse of something else.
 */
export function verifyPdfSeal(pdf: Buffer, identity: SealIdentity): SealVerdict {
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
    return checkCms(contents.bytes, digest, identity) ?? { ok: true, reader };
  } catch (error) {
    if (error instanceof DerError) return { ok: false, problem: `the seal's CMS is malformed (${error.message})` };
    throw error;
  }
}

/** null when the CMS holds; otherwise what is wrong with it. */
function checkCms(padded: Buffer, digest: Buffer, identity: SealIdentity): { ok: false; problem: string } | null {
  // The /Contents placeholder is zero-padded after the CMS: its outer length says where it ends.
  const cms = encodingOf(padded, readNode(padded, 0));
  const contentInfo = childrenOf(cms, readNode(cms, 0));
  if (decodeOid(contentOf(cms, expectTag(contentInfo[0], TAG.oid, 'contentType'))) !== OID.signedData)
    return { ok: false, problem: 'the seal is not CMS SignedData' };
  const explicit = expectTag(contentInfo[1], 0xa0, '[0] content');
  const signedData = childrenOf(cms, expectTag(childrenOf(cms, explicit)[0], TAG.sequence, 'SignedData'));
  const signerInfos = signedData.at(-1);
  const signerInfo = childrenOf(cms, expectTag(signerInfos, TAG.set, 'signerInfos'));
  if (signerInfo.length !== 1) return { ok: false, problem: `the seal has ${signerInfo.length} signers, not one` };
  const fields = childrenOf(cms, expectTag(signerInfo[0], TAG.sequence, 'SignerInfo'));
  const digestAlgorithm = childrenOf(cms, expectTag(fields[2], TAG.sequence, 'digestAlgorithm'))[0];
  if (decodeOid(contentOf(cms, expectTag(digestAlgorithm, TAG.oid, 'digest OID'))) !== OID.sha256)
    return { ok: false, problem: 'the seal does not use SHA-256' };
  const signedAttributes = expectTag(fields[3], 0xa0, 'signedAttrs');
  const signature = contentOf(cms, expectTag(fields[5], TAG.octetString, 'signature'));

  const messageDigest = attributeValue(cms, signedAttributes, OID.messageDigest);
  if (!messageDigest || messageDigest.tag !== TAG.octetString || !contentOf(cms, messageDigest).equals(digest)) {
    return { ok: false, problem: 'the sealed bytes do not match the digest the seal signed' };
  }
  // What was signed is the DER SET: the same bytes with the universal tag in place of [0].
  const signedBytes = Buffer.concat([Buffer.from([TAG.set]), encodingOf(cms, signedAttributes).subarray(1)]);
  const publicKey = new X509Certificate(identity.certificate).publicKey;
  let valid: boolean;
  try {
    valid = verify('sha256', signedBytes, publicKey, signature);
  } catch {
    valid = false; // a signature value that is not even well-formed for this key type
  }
  if (!valid) {
    return {
      ok: false,
      problem: `the seal was not made by this instance's sealing identity (${identity.fingerprintSha256})`,
    };
  }
  return null;
}

function attributeValue(bytes: Buffer, attributes: DerNode, type: string): DerNode | undefined {
  for (const attribute of childrenOf(bytes, attributes)) {
    const [typeNode, values] = childrenOf(bytes, attribute);
    if (typeNode?.tag === TAG.oid && decodeOid(contentOf(bytes, typeNode)) === type && values)
      return childrenOf(bytes, values)[0];
  }
  return undefined;
}

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
