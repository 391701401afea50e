import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { childrenOf, contentOf, decodeOid, encodingOf, readNode } from '../../pdf/seal/index.js';

/** Hash of each signature algorithm Firma accepts on OCSP answers and CRLs (RSA PKCS#1 v1.5, ECDSA). */
const HASH_OF: Record<string, string> = {
  '1.2.840.113549.1.1.5': 'sha1',
  '1.2.840.113549.1.1.11': 'sha256',
  '1.2.840.113549.1.1.12': 'sha384',
  '1.2.840.113549.1.1.13': 'sha512',
  '1.2.840.10045.4.1': 'sha1',
  '1.2.840.10045.4.3.2': 'sha256',
  '1.2.840.10045.4.3.3': 'sha384',
  '1.2.840.10045.4.3.4': 'sha512',
};

/**
 * Checks a SEQUENCE { tbs, AlgorithmIdentifier, BIT STRING } (a CRL, a BasicOCSPResponse) against
 * a public key. False for an unknown algorithm or any malformed part.
 */
export function verifySignedStructure(der: Buffer, key: KeyObject | Buffer): boolean {
  try {
    const [tbs, algorithm, signature] = childrenOf(der, readNode(der, 0));
    if (!tbs || !algorithm || !signature || signature.tag !== 0x03) return false;
    const algorithmId = childrenOf(der, algorithm)[0];
    if (!algorithmId) return false;
    const hash = HASH_OF[decodeOid(contentOf(der, algorithmId))];
    if (!hash) return false;
    const publicKey = Buffer.isBuffer(key) ? createPublicKey({ key, format: 'der', type: 'spki' }) : key;
    return verify(hash, encodingOf(der, tbs), publicKey, contentOf(der, signature).subarray(1));
  } catch {
    return false;
  }
}

/** The INTEGER content with leading zero bytes removed, for comparing serial numbers. */
export function serialKey(bytes: Buffer): string {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  return bytes.subarray(start).toString('hex');
}

/** A UTCTime or GeneralizedTime node's instant. */
export function readTime(bytes: Buffer, tag: number): Date {
  const text = bytes.toString('latin1').replace(/Z$/, '');
  const full = tag === 0x17 ? (Number(text.slice(0, 2)) >= 50 ? '19' : '20') + text : text;
  const [y, mo, d, h, mi, s] = [0, 4, 6, 8, 10, 12].map((at, i) => Number(full.slice(at, at + (i === 0 ? 4 : 2))));
  return new Date(Date.UTC(y!, mo! - 1, d, h, mi, s || 0));
}
