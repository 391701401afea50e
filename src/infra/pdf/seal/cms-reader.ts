import { verify, X509Certificate } from 'node:crypto';
import { OID } from './cms.js';
import { childrenOf, contentOf, decodeOid, encodingOf, expectTag, readNode, TAG, type DerNode } from './der.js';

/** What a verifier needs from a CMS SignedData with one SignerInfo (a PAdES signature, a timestamp token). */
export interface ReadCms {
  /** Every certificate the SignedData carries (DER). */
  certificates: Buffer[];
  /** The signer's issuer Name and serialNumber INTEGER content, to pick its certificate. */
  signerIssuer: Buffer;
  signerSerial: Buffer;
  digestAlgorithm: string;
  /** The signed attributes as the DER SET that was signed; null when the SignerInfo has none. */
  signedAttributes: Buffer | null;
  messageDigest: Buffer | null;
  signature: Buffer;
  /** Encapsulated content (a timestamp token's TSTInfo); null for detached signatures. */
  content: Buffer | null;
  /** id-aa-signatureTimeStampToken values (ContentInfo DER). */
  timestampTokens: Buffer[];
}

/**
 * Reads a ContentInfo holding SignedData. `padded` may carry trailing zeros (a /Contents
 * placeholder): the outer length says where the CMS ends. Throws DerError on malformed input.
 */
export function readCms(padded: Buffer): ReadCms {
  const cms = encodingOf(padded, readNode(padded, 0));
  const contentInfo = childrenOf(cms, readNode(cms, 0));
  if (decodeOid(contentOf(cms, expectTag(contentInfo[0], TAG.oid, 'contentType'))) !== OID.signedData)
    throw new Error('not CMS SignedData');
  const explicit = expectTag(contentInfo[1], 0xa0, '[0] content');
  const signedData = childrenOf(cms, expectTag(childrenOf(cms, explicit)[0], TAG.sequence, 'SignedData'));
  const encapsulated = childrenOf(cms, expectTag(signedData[2], TAG.sequence, 'EncapsulatedContentInfo'));
  let content: Buffer | null = null;
  if (encapsulated[1]) {
    const inner = childrenOf(cms, expectTag(encapsulated[1], 0xa0, '[0] eContent'))[0];
    content = Buffer.from(contentOf(cms, expectTag(inner, TAG.octetString, 'eContent')));
  }
  const certificatesNode = signedData.find((node) => node.tag === 0xa0);
  const certificates = certificatesNode
    ? childrenOf(cms, certificatesNode)
        .filter((node) => node.tag === TAG.sequence)
        .map((node) => Buffer.from(encodingOf(cms, node)))
    : [];
  const signerInfos = childrenOf(cms, expectTag(signedData.at(-1), TAG.set, 'signerInfos'));
  if (signerInfos.length !== 1) throw new Error(`${signerInfos.length} signers, not one`);
  const fields = childrenOf(cms, expectTag(signerInfos[0], TAG.sequence, 'SignerInfo'));
  const [issuerNode, serialNode] = childrenOf(cms, expectTag(fields[1], TAG.sequence, 'issuerAndSerialNumber'));
  const digestAlgorithm = decodeOid(
    contentOf(
      cms,
      expectTag(childrenOf(cms, expectTag(fields[2], TAG.sequence, 'digestAlgorithm'))[0], TAG.oid, 'OID'),
    ),
  );
  const signedNode = fields[3]?.tag === 0xa0 ? fields[3] : undefined;
  const rest = signedNode ? fields.slice(4) : fields.slice(3);
  const signature = contentOf(cms, expectTag(rest[1], TAG.octetString, 'signature'));
  const unsignedNode = rest.find((node) => node.tag === 0xa1);
  return {
    certificates,
    signerIssuer: Buffer.from(encodingOf(cms, expectTag(issuerNode, TAG.sequence, 'issuer'))),
    signerSerial: Buffer.from(contentOf(cms, expectTag(serialNode, TAG.integer, 'serialNumber'))),
    digestAlgorithm,
    // What was signed is the DER SET: the same bytes with the universal tag in place of [0].
    signedAttributes: signedNode
      ? Buffer.concat([Buffer.from([TAG.set]), encodingOf(cms, signedNode).subarray(1)])
      : null,
    messageDigest: signedNode ? attributeOctets(cms, signedNode, OID.messageDigest) : null,
    signature: Buffer.from(signature),
    content,
    timestampTokens: unsignedNode ? attributeValues(cms, unsignedNode, OID.signatureTimeStampToken) : [],
  };
}

function attributeValues(bytes: Buffer, attributes: DerNode, type: string): Buffer[] {
  for (const attribute of childrenOf(bytes, attributes)) {
    const [typeNode, values] = childrenOf(bytes, attribute);
    if (typeNode?.tag === TAG.oid && decodeOid(contentOf(bytes, typeNode)) === type && values)
      return childrenOf(bytes, values).map((node) => Buffer.from(encodingOf(bytes, node)));
  }
  return [];
}

function attributeOctets(bytes: Buffer, attributes: DerNode, type: string): Buffer | null {
  const [value] = attributeValues(bytes, attributes, type);
  if (!value) return null;
  const node = readNode(value, 0);
  return node.tag === TAG.octetString ? Buffer.from(contentOf(value, node)) : null;
}

/** The certificates of a CMS and of the timestamp tokens inside it (their TSAs' chains). */
export function certificatesInCms(padded: Buffer): Buffer[] {
  const cms = readCms(padded);
  const found = [...cms.certificates];
  for (const token of cms.timestampTokens) {
    try {
      found.push(...readCms(token).certificates);
    } catch {
      // A token we cannot read contributes nothing; the signature itself is judged elsewhere.
    }
  }
  return found;
}

const HASH_OF_DIGEST_OID: Record<string, string> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};

/** node's name of a CMS digest algorithm, or null for one Firma does not accept. */
export function hashName(digestOid: string): string | null {
  return HASH_OF_DIGEST_OID[digestOid] ?? null;
}

/** The certificate the SignerInfo names (issuer and serial), among those the CMS carries. */
export function signerCertificateOf(cms: ReadCms): X509Certificate | null {
  for (const der of cms.certificates) {
    try {
      const cert = readNode(der, 0);
      const tbs = childrenOf(der, childrenOf(der, cert)[0]!);
      const rest = tbs[0]?.tag === 0xa0 ? tbs.slice(1) : tbs;
      const [serial, , issuer] = rest;
      if (!serial || !issuer) continue;
      if (contentOf(der, serial).equals(cms.signerSerial) && encodingOf(der, issuer).equals(cms.signerIssuer))
        return new X509Certificate(der);
    } catch {
      // not a certificate we can read: not the signer's
    }
  }
  return null;
}

/** The signed attributes verify under the certificate's key with the SignerInfo's digest. */
export function signerInfoHolds(cms: ReadCms, certificate: X509Certificate): boolean {
  const hash = hashName(cms.digestAlgorithm);
  if (!hash || !cms.signedAttributes) return false;
  try {
    return verify(hash, cms.signedAttributes, certificate.publicKey, cms.signature);
  } catch {
    return false;
  }
}

/** What an RFC 3161 token says: the imprint it timestamps, with which hash, and when. */
export interface TimestampFacts {
  cms: ReadCms;
  hashAlgorithm: string;
  imprint: Buffer;
  genTime: Date;
}

export function readTimestampToken(token: Buffer): TimestampFacts {
  const cms = readCms(token);
  if (!cms.content) throw new Error('the token carries no TSTInfo');
  const info = cms.content;
  const fields = childrenOf(info, expectTag(readNode(info, 0), TAG.sequence, 'TSTInfo'));
  const [algorithm, hashed] = childrenOf(info, expectTag(fields[2], TAG.sequence, 'MessageImprint'));
  const [algorithmOid] = childrenOf(info, expectTag(algorithm, TAG.sequence, 'AlgorithmIdentifier'));
  const text = contentOf(info, expectTag(fields[4], TAG.generalizedTime, 'genTime')).toString('latin1');
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(?:\.(\d+))?Z$/.exec(text);
  if (!match) throw new Error('the token time is not a UTC GeneralizedTime');
  const [, y, mo, d, h, mi, s, fraction = '0'] = match;
  return {
    cms,
    hashAlgorithm: decodeOid(contentOf(info, expectTag(algorithmOid, TAG.oid, 'hash OID'))),
    imprint: Buffer.from(contentOf(info, expectTag(hashed, TAG.octetString, 'hashedMessage'))),
    genTime: new Date(Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!, +s!, Math.round(Number(`0.${fraction}`) * 1000))),
  };
}
