import { createHash } from 'node:crypto';
import {
  childrenOf,
  contextConstructed,
  derNull,
  encodingOf,
  oid,
  octetString,
  readNode,
  sequence,
  setOf,
  tlv,
  unsignedInteger,
} from './der.js';
import type { SealIdentity } from './seal-identity.js';
import { SealError } from './seal-error.js';

export const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
} as const;

/** RFC 5754: SHA-2 algorithm identifiers are generated without parameters. */
export const sha256AlgorithmIdentifier = (): Buffer => sequence(oid(OID.sha256));

/** Everything about the signer that does not change between seals, derived once per identity. */
interface SignerParts {
  issuerAndSerialNumber: Buffer;
  signingCertificateV2: Buffer;
  certificates: Buffer;
  signatureAlgorithm: Buffer;
}

const signerPartsCache = new WeakMap<SealIdentity, SignerParts>();

function signerParts(identity: SealIdentity): SignerParts {
  let parts = signerPartsCache.get(identity);
  if (parts) return parts;
  const keyType = identity.privateKey.asymmetricKeyType;
  if (keyType !== 'rsa' && keyType !== 'ec')
    throw new SealError('IDENTITY_INVALID', `seal keys must be RSA or EC, not ${keyType ?? 'unknown'}`);
  parts = partsFor({ certificate: identity.certificate, chain: identity.chain, keyType });
  signerPartsCache.set(identity, parts);
  return parts;
}

/** A signer known only by its certificates (Firma digital: the key stays with the signer). */
export interface SignerCertificates {
  certificate: Buffer;
  chain: Buffer[];
  keyType: 'rsa' | 'ec';
}

function partsFor(signer: SignerCertificates): SignerParts {
  const { issuer, serialNumber } = issuerAndSerial(signer.certificate);
  // RFC 5035 ESSCertIDv2 with the default SHA-256 hash, so hashAlgorithm is left out (DER omits defaults).
  const essCertId = sequence(
    octetString(createHash('sha256').update(signer.certificate).digest()),
    sequence(sequence(contextConstructed(4, issuer)), serialNumber),
  );
  return {
    issuerAndSerialNumber: sequence(issuer, serialNumber),
    signingCertificateV2: sequence(sequence(essCertId)),
    // [0] IMPLICIT SET OF: DER order, like any other SET OF.
    certificates: tlv(
      0xa0,
      [signer.certificate, ...signer.chain].sort((a, b) => Buffer.compare(a, b)),
    ),
    signatureAlgorithm:
      signer.keyType === 'rsa' ? sequence(oid(OID.rsaEncryption), derNull()) : sequence(oid(OID.ecdsaWithSha256)),
  };
}

/** The raw issuer Name and serialNumber INTEGER of a certificate, copied byte for byte. */
function issuerAndSerial(certificate: Buffer): { issuer: Buffer; serialNumber: Buffer } {
  const tbs = childrenOf(certificate, readNode(certificate, 0))[0];
  if (!tbs) throw new SealError('IDENTITY_INVALID', 'the seal certificate is not valid DER');
  const fields = childrenOf(certificate, tbs);
  const rest = fields[0]?.tag === 0xa0 ? fields.slice(1) : fields; // skip the explicit version
  const [serial, , issuer] = rest;
  if (!serial || !issuer) throw new SealError('IDENTITY_INVALID', 'the seal certificate is not valid DER');
  return { issuer: encodingOf(certificate, issuer), serialNumber: encodingOf(certificate, serial) };
}

const attribute = (type: string, ...values: Buffer[]): Buffer => sequence(oid(type), setOf(...values));

/**
 * The signed attributes as the DER SET that gets signed (RFC 5652 §5.4). PAdES B-B forbids
 * signingTime here: the time claim lives in the signature dictionary's /M.
 */
export function buildSignedAttributes(identity: SealIdentity, documentDigest: Buffer): Buffer {
  return signedAttributesOf(signerParts(identity), documentDigest);
}

/** The same attributes for a signer whose key Firma never holds. */
export function buildExternalSignedAttributes(signer: SignerCertificates, documentDigest: Buffer): Buffer {
  return signedAttributesOf(partsFor(signer), documentDigest);
}

function signedAttributesOf(parts: SignerParts, documentDigest: Buffer): Buffer {
  return setOf(
    attribute(OID.contentType, oid(OID.data)),
    attribute(OID.messageDigest, octetString(documentDigest)),
    attribute(OID.signingCertificateV2, parts.signingCertificateV2),
  );
}

export function timestampAttribute(token: Buffer): Buffer {
  return attribute(OID.signatureTimeStampToken, token);
}

/** A detached ContentInfo/SignedData with one SignerInfo, ready for /Contents. */
export function buildSignedData(
  identity: SealIdentity,
  signedAttributes: Buffer,
  signature: Buffer,
  unsignedAttributes: Buffer[] = [],
): Buffer {
  return signedDataOf(signerParts(identity), signedAttributes, signature, unsignedAttributes);
}

export function buildExternalSignedData(
  signer: SignerCertificates,
  signedAttributes: Buffer,
  signature: Buffer,
  unsignedAttributes: Buffer[] = [],
): Buffer {
  return signedDataOf(partsFor(signer), signedAttributes, signature, unsignedAttributes);
}

function signedDataOf(
  parts: SignerParts,
  signedAttributes: Buffer,
  signature: Buffer,
  unsignedAttributes: Buffer[],
): Buffer {
  // In the SignerInfo the SET is re-tagged [0] IMPLICIT; the content bytes stay those signed.
  const signedAttributesField = Buffer.concat([Buffer.from([0xa0]), signedAttributes.subarray(1)]);
  const signerInfo = sequence(
    unsignedInteger(1),
    parts.issuerAndSerialNumber,
    sha256AlgorithmIdentifier(),
    signedAttributesField,
    parts.signatureAlgorithm,
    octetString(signature),
    ...(unsignedAttributes.length
      ? [
          tlv(
            0xa1,
            [...unsignedAttributes].sort((a, b) => Buffer.compare(a, b)),
          ),
        ]
      : []),
  );
  const signedData = sequence(
    unsignedInteger(1),
    setOf(sha256AlgorithmIdentifier()),
    sequence(oid(OID.data)),
    parts.certificates,
    setOf(signerInfo),
  );
  return sequence(oid(OID.signedData), contextConstructed(0, signedData));
}

/** Bytes the CMS will need beyond the certificates; what is left over is zero padding. */
export function estimateSignedDataSize(identity: SealIdentity): number {
  const certificates = identity.certificate.length + identity.chain.reduce((sum, cert) => sum + cert.length, 0);
  const keyBytes = (identity.privateKey.asymmetricKeyDetails?.modulusLength ?? 4096) / 8;
  return certificates + keyBytes + 2048;
}
