import { createHash } from 'node:crypto';
import {
  childrenOf,
  contentOf,
  decodeOid,
  derNull,
  encodingOf,
  oid,
  octetString,
  readNode,
  sequence,
  tlv,
} from '../../pdf/seal/index.js';
import { readCertificate, type CertificateFields } from './x509-fields.js';
import type { RevocationStatus } from './crl.js';
import { readTime, serialKey, verifySignedStructure } from './signed-structure.js';

const SHA1 = '1.3.14.3.2.26';
const BASIC_RESPONSE = '1.3.6.1.5.5.7.48.1.1';
const OCSP_SIGNING = '1.3.6.1.5.5.7.3.9';

/** An OCSPRequest for one certificate (RFC 6960), CertID with SHA-1 as every responder understands. */
export function ocspRequest(cert: CertificateFields, issuer: CertificateFields): Buffer {
  const certId = sequence(
    sequence(oid(SHA1), derNull()),
    octetString(createHash('sha1').update(cert.issuerDer).digest()),
    octetString(createHash('sha1').update(issuer.publicKeyBits).digest()),
    tlv(0x02, cert.serial),
  );
  return sequence(sequence(sequence(sequence(certId))));
}

/**
 * Reads an OCSPResponse about `cert`: null unless it is successful, signed by the issuer or by a
 * responder the issuer delegated (id-kp-OCSPSigning), names this serial and is current.
 */
export function statusFromOcsp(
  response: Buffer,
  cert: CertificateFields,
  issuer: CertificateFields,
  now: Date,
): RevocationStatus | null {
  try {
    const [status, bytesWrapper] = childrenOf(response, readNode(response, 0));
    if (!status || contentOf(response, status)[0] !== 0 || !bytesWrapper) return null;
    const responseBytes = childrenOf(response, bytesWrapper)[0]!;
    const [type, inner] = childrenOf(response, responseBytes);
    if (!type || !inner || decodeOid(contentOf(response, type)) !== BASIC_RESPONSE) return null;
    const basic = Buffer.from(contentOf(response, inner));
    const parts = childrenOf(basic, readNode(basic, 0));
    if (!responderTrusted(basic, parts.slice(3), issuer)) return null;
    const data = childrenOf(basic, parts[0]!);
    const rest = data[0]?.tag === 0xa0 ? data.slice(1) : data;
    const responses = rest[2];
    if (!responses) return null;
    const wanted = serialKey(cert.serial);
    const issuerKeyHash = createHash('sha1').update(issuer.publicKeyBits).digest();
    for (const single of childrenOf(basic, responses)) {
      const [certId, certStatus, thisUpdate, ...more] = childrenOf(basic, single);
      if (!certId || !certStatus || !thisUpdate) continue;
      const idParts = childrenOf(basic, certId);
      if (serialKey(contentOf(basic, idParts[3]!)) !== wanted) continue;
      if (!contentOf(basic, idParts[2]!).equals(issuerKeyHash)) continue;
      const next = more.find((node) => node.tag === 0xa0);
      if (next) {
        const time = childrenOf(basic, next)[0]!;
        if (readTime(contentOf(basic, time), time.tag) < now) return null;
      }
      if (certStatus.tag === 0x80) return 'good';
      if (certStatus.tag === 0xa1) return 'revoked';
      return null;
    }
    return null;
  } catch {
    return null;
  }
}

/** The issuer itself signed the answer, or a certificate it issued for OCSP signing, carried in `certs`. */
function responderTrusted(basic: Buffer, optional: ReturnType<typeof childrenOf>, issuer: CertificateFields): boolean {
  if (verifySignedStructure(basic, issuer.x509.publicKey)) return true;
  const certsWrapper = optional.find((node) => node.tag === 0xa0);
  if (!certsWrapper) return false;
  for (const node of childrenOf(basic, childrenOf(basic, certsWrapper)[0]!)) {
    const responder = readCertificate(Buffer.from(encodingOf(basic, node)));
    if (!responder.x509.checkIssued(issuer.x509) || !responder.x509.verify(issuer.x509.publicKey)) continue;
    if (!(responder.x509.keyUsage ?? []).includes(OCSP_SIGNING)) continue;
    if (verifySignedStructure(basic, responder.x509.publicKey)) return true;
  }
  return false;
}

/** When the responder produced a BasicOCSPResponse; null for anything else. */
export function ocspProducedAt(response: Buffer): Date | null {
  try {
    const [, bytesWrapper] = childrenOf(response, readNode(response, 0));
    const [, inner] = childrenOf(response, childrenOf(response, bytesWrapper!)[0]!);
    const basic = Buffer.from(contentOf(response, inner!));
    const data = childrenOf(basic, childrenOf(basic, readNode(basic, 0))[0]!);
    const rest = data[0]?.tag === 0xa0 ? data.slice(1) : data;
    const producedAt = rest[1]!;
    return readTime(contentOf(basic, producedAt), producedAt.tag);
  } catch {
    return null;
  }
}
