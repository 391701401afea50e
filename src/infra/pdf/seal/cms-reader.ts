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
