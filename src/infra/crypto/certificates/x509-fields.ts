import { X509Certificate } from 'node:crypto';
import { childrenOf, contentOf, decodeOid, encodingOf, readNode, type DerNode } from '../../pdf/seal/index.js';

/** What the validator reads from a certificate beyond what node's X509Certificate offers. */
export interface CertificateFields {
  x509: X509Certificate;
  der: Buffer;
  /** The subject's serialNumber attributes (OID 2.5.4.5), as written. */
  subjectSerialNumbers: string[];
  /** The raw issuer and subject Name encodings (for OCSP's issuerNameHash and CRL matching). */
  issuerDer: Buffer;
  subjectDer: Buffer;
  /** The serial number INTEGER's content bytes. */
  serial: Buffer;
  /** The subjectPublicKey BIT STRING's key bytes (OCSP's issuerKeyHash is over these). */
  publicKeyBits: Buffer;
  /** keyUsage bits, or null when the certificate has no keyUsage extension. */
  keyUsage: { digitalSignature: boolean; nonRepudiation: boolean } | null;
  ocspUrls: string[];
  crlUrls: string[];
  /** The AIA caIssuers addresses: where the certificate of its issuer can be downloaded. */
  caIssuersUrls: string[];
}

const OID = {
  serialNumber: '2.5.4.5',
  keyUsage: '2.5.29.15',
  authorityInfoAccess: '1.3.6.1.5.5.7.1.1',
  ocsp: '1.3.6.1.5.5.7.48.1',
  caIssuers: '1.3.6.1.5.5.7.48.2',
  crlDistributionPoints: '2.5.29.31',
} as const;

/** Parses one DER certificate; throws on anything that is not one. */
export function readCertificate(der: Buffer): CertificateFields {
  const x509 = new X509Certificate(der);
  const cert = readNode(der, 0);
  const tbs = childrenOf(der, cert)[0]!;
  const fields = childrenOf(der, tbs);
  const rest = fields[0]?.tag === 0xa0 ? fields.slice(1) : fields;
  const [serial, , issuer, , subject, spki] = rest;
  if (!serial || !issuer || !subject || !spki) throw new Error('not an X.509 certificate');
  const bitString = childrenOf(der, spki)[1]!;
  const extensions = extensionsOf(der, rest);
  const keyUsage = extensions.get(OID.keyUsage);
  return {
    x509,
    der,
    subjectSerialNumbers: serialNumbersOf(der, subject),
    issuerDer: Buffer.from(encodingOf(der, issuer)),
    subjectDer: Buffer.from(encodingOf(der, subject)),
    serial: Buffer.from(contentOf(der, serial)),
    publicKeyBits: Buffer.from(contentOf(der, bitString).subarray(1)),
    keyUsage: keyUsage ? keyUsageOf(keyUsage) : null,
    ocspUrls: extensions.has(OID.authorityInfoAccess)
      ? accessUrlsOf(extensions.get(OID.authorityInfoAccess)!, OID.ocsp)
      : [],
    caIssuersUrls: extensions.has(OID.authorityInfoAccess)
      ? accessUrlsOf(extensions.get(OID.authorityInfoAccess)!, OID.caIssuers)
      : [],
    crlUrls: extensions.has(OID.crlDistributionPoints) ? uriLeaves(extensions.get(OID.crlDistributionPoints)!) : [],
  };
}

/** Each extension's extnValue content (the DER inside the OCTET STRING), by OID. */
function extensionsOf(der: Buffer, tbsFields: DerNode[]): Map<string, Buffer> {
  const map = new Map<string, Buffer>();
  const wrapper = tbsFields.find((node) => node.tag === 0xa3);
  if (!wrapper) return map;
  const list = childrenOf(der, wrapper)[0];
  if (!list) return map;
  for (const extension of childrenOf(der, list)) {
    const parts = childrenOf(der, extension);
    const id = parts[0];
    const value = parts[parts.length - 1];
    if (!id || !value || id.tag !== 0x06 || value.tag !== 0x04) continue;
    map.set(decodeOid(contentOf(der, id)), Buffer.from(contentOf(der, value)));
  }
  return map;
}

function serialNumbersOf(der: Buffer, name: DerNode): string[] {
  const found: string[] = [];
  for (const rdn of childrenOf(der, name)) {
    for (const attribute of childrenOf(der, rdn)) {
      const [type, value] = childrenOf(der, attribute);
      if (type && value && decodeOid(contentOf(der, type)) === OID.serialNumber)
        found.push(contentOf(der, value).toString(value.tag === 0x1e ? 'utf16le' : 'utf8'));
    }
  }
  return found;
}

function keyUsageOf(value: Buffer): { digitalSignature: boolean; nonRepudiation: boolean } {
  const bits = contentOf(value, readNode(value, 0));
  const first = bits[1] ?? 0;
  return { digitalSignature: (first & 0x80) !== 0, nonRepudiation: (first & 0x40) !== 0 };
}

/** The URIs of one access method (OCSP or caIssuers) in an AuthorityInfoAccess extension. */
function accessUrlsOf(value: Buffer, accessMethod: string): string[] {
  const urls: string[] = [];
  for (const description of childrenOf(value, readNode(value, 0))) {
    const [method, location] = childrenOf(value, description);
    if (method && location && decodeOid(contentOf(value, method)) === accessMethod && location.tag === 0x86)
      urls.push(contentOf(value, location).toString('latin1'));
  }
  return urls;
}

/** Every uniformResourceIdentifier ([6]) anywhere in the structure: the CRL distribution points' URLs. */
function uriLeaves(value: Buffer): string[] {
  const urls: string[] = [];
  const walk = (node: DerNode, depth: number): void => {
    if (node.tag === 0x86) urls.push(contentOf(value, node).toString('latin1'));
    else if ((node.tag & 0x20) !== 0 && depth < 8) for (const child of childrenOf(value, node)) walk(child, depth + 1);
  };
  walk(readNode(value, 0), 0);
  return urls;
}

/** Splits a PEM bundle into DER certificates. */
export function pemCertificates(pem: string): Buffer[] {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ?? [];
  return blocks.map((block) =>
    Buffer.from(block.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, ''), 'base64'),
  );
}
