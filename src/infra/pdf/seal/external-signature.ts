import { createHash, verify, type KeyObject } from 'node:crypto';
import { MemorySource } from './byte-source.js';
import {
  buildExternalSignedAttributes,
  buildExternalSignedData,
  timestampAttribute,
  type SignerCertificates,
} from './cms.js';
import { prepareUpdateWithCapacity, signedDigest, type SealOptions } from './seal-update.js';
import { writeContents } from './signature-dictionary.js';
import { requestTimestampToken, type TsaOptions } from './tsa-client.js';

/**
 * Firma digital: a signature whose key stays with the signer. `prepareExternalSignature` appends
 * the signature's incremental update (placeholder, final byte range) and computes the CMS signed
 * attributes over it; the signer signs those attributes' DER elsewhere; `embedExternalSignature`
 * checks the value against the certificate's key and writes the CMS into the placeholder.
 */
export interface PreparedExternalSignature {
  /** The document with the update appended, /Contents still zeros. */
  pdf: Buffer;
  contentsStart: number;
  contentsEnd: number;
  /** The DER SET the signer signs (SHA-256 with their key). */
  signedAttributes: Buffer;
}

/** Certificates of a signer, the signature value and a signature timestamp: what usually stays under 24 KiB. */
const EXTERNAL_CONTENTS_BYTES = 32 * 1024;
/** A timestamp token with its authority's certificates. */
const TIMESTAMP_ROOM = 16 * 1024;

export function prepareExternalSignature(
  pdf: Buffer,
  signer: SignerCertificates,
  options: SealOptions,
): PreparedExternalSignature {
  const certificates = signer.certificate.length + signer.chain.reduce((sum, c) => sum + c.length, 0);
  const capacity = Math.max(EXTERNAL_CONTENTS_BYTES, Math.ceil((certificates + 4096 + TIMESTAMP_ROOM) / 1024) * 1024);
  const update = prepareUpdateWithCapacity(new MemorySource(pdf), capacity, options);
  const digest = signedDigest(update, createHash('sha256').update(pdf));
  return {
    pdf: Buffer.concat([pdf, update.bytes]),
    contentsStart: pdf.length + update.contentsStart,
    contentsEnd: pdf.length + update.contentsEnd,
    signedAttributes: buildExternalSignedAttributes(signer, digest),
  };
}

/** True when `signature` is the signer's SHA-256 signature of the signed attributes. */
export function verifyExternalSignatureValue(
  signedAttributes: Buffer,
  signature: Buffer,
  publicKey: KeyObject,
): boolean {
  try {
    return verify('sha256', signedAttributes, publicKey, signature);
  } catch {
    return false;
  }
}

/**
 * The prepared document with its CMS in place (a new buffer; `prepared.pdf` is left as it was).
 * `timestampToken`, an RFC 3161 token over the signature value (`signatureTimestamp`), goes in as
 * the unsigned attribute id-aa-signatureTimeStampToken: the signature is then PAdES B-T.
 */
export function embedExternalSignature(
  prepared: Omit<PreparedExternalSignature, 'signedAttributes'>,
  signer: SignerCertificates,
  signedAttributes: Buffer,
  signature: Buffer,
  timestampToken?: Buffer,
): Buffer {
  const out = Buffer.from(prepared.pdf);
  const unsigned = timestampToken ? [timestampAttribute(timestampToken)] : [];
  writeContents(
    out,
    prepared.contentsStart,
    prepared.contentsEnd,
    buildExternalSignedData(signer, signedAttributes, signature, unsigned),
  );
  return out;
}

/** A signature timestamp from the authority: an RFC 3161 token over the SHA-256 of the signature value. */
export async function signatureTimestamp(tsa: TsaOptions, signature: Buffer): Promise<Buffer> {
  return requestTimestampToken(tsa, createHash('sha256').update(signature).digest());
}
