import { childrenOf, contentOf, readNode } from '../../pdf/seal/index.js';
import type { CertificateFields } from './x509-fields.js';
import { readTime, serialKey, verifySignedStructure } from './signed-structure.js';

export type RevocationStatus = 'good' | 'revoked';

/**
 * Reads a DER CRL for one certificate: null unless it is issued by `issuer` (same Name, valid
 * signature under its key) and current (`now` before nextUpdate, when it has one).
 */
export function statusFromCrl(
  crl: Buffer,
  cert: CertificateFields,
  issuer: CertificateFields,
  now: Date,
): RevocationStatus | null {
  try {
    if (!verifySignedStructure(crl, issuer.x509.publicKey)) return null;
    const tbs = childrenOf(crl, readNode(crl, 0))[0]!;
    const fields = childrenOf(crl, tbs);
    const rest = fields[0]?.tag === 0x02 ? fields.slice(1) : fields; // optional version
    const [, issuerName, , maybeNext, ...tail] = rest;
    if (!issuerName || !crl.subarray(issuerName.start, issuerName.end).equals(issuer.subjectDer)) return null;
    let revokedList = tail[0];
    if (maybeNext && (maybeNext.tag === 0x17 || maybeNext.tag === 0x18)) {
      if (readTime(contentOf(crl, maybeNext), maybeNext.tag) < now) return null;
    } else {
      revokedList = maybeNext;
    }
    if (!revokedList || revokedList.tag !== 0x30) return 'good';
    const wanted = serialKey(cert.serial);
    for (const entry of childrenOf(crl, revokedList)) {
      const serial = childrenOf(crl, entry)[0];
      if (serial && serialKey(contentOf(crl, serial)) === wanted) return 'revoked';
    }
    return 'good';
  } catch {
    return null;
  }
}
