import { createHash, randomBytes, sign, type KeyObject } from 'node:crypto';
import {
  bitString,
  contextConstructed,
  derBoolean,
  derNull,
  octetString,
  oid,
  sequence,
  setOf,
  unsignedInteger,
  utf8String,
  x509Time,
} from './der.js';

export const SELF_SIGNED_COMMON_NAME = 'Firma self-signed seal';
const VALIDITY_YEARS = 10;
/** Backdating absorbs clock skew between this host and whoever validates the seal. */
const BACKDATE_MS = 60 * 60 * 1000;

const OIDS = {
  commonName: '2.5.4.3',
  sha256WithRsaEncryption: '1.2.840.113549.1.1.11',
  subjectKeyIdentifier: '2.5.29.14',
  keyUsage: '2.5.29.15',
  basicConstraints: '2.5.29.19',
  extendedKeyUsage: '2.5.29.37',
  documentSigning: '1.3.6.1.5.5.7.3.36',
} as const;

function extension(id: string, critical: boolean, value: Buffer): Buffer {
  return sequence(oid(id), ...(critical ? [derBoolean(true)] : []), octetString(value));
}

/**
 * A v3 certificate for an RSA key, signed by that key. Built as DER here and signed with node's
 * crypto: no JavaScript RSA anywhere.
 */
export function createSelfSignedCertificate(privateKey: KeyObject, publicKey: KeyObject, now = new Date()): Buffer {
  const name = sequence(setOf(sequence(oid(OIDS.commonName), utf8String(SELF_SIGNED_COMMON_NAME))));
  const notBefore = new Date(now.getTime() - BACKDATE_MS);
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + VALIDITY_YEARS);
  const subjectPublicKeyInfo = publicKey.export({ type: 'spki', format: 'der' });
  const serial = randomBytes(16);
  serial[0] = (serial[0]! & 0x7f) | 0x01; // positive and never zero
  const signatureAlgorithm = sequence(oid(OIDS.sha256WithRsaEncryption), derNull());

  const tbsCertificate = sequence(
    contextConstructed(0, unsignedInteger(2)), // v3
    unsignedInteger(serial),
    signatureAlgorithm,
    name,
    sequence(x509Time(notBefore), x509Time(notAfter)),
    name,
    subjectPublicKeyInfo,
    contextConstructed(
      3,
      sequence(
        extension(OIDS.basicConstraints, true, sequence()),
        // digitalSignature (bit 0) + nonRepudiation (bit 1): 0b11 followed by six unused bits.
        extension(OIDS.keyUsage, true, Buffer.from([0x03, 0x02, 0x06, 0xc0])),
        extension(OIDS.extendedKeyUsage, false, sequence(oid(OIDS.documentSigning))),
        extension(
          OIDS.subjectKeyIdentifier,
          false,
          octetString(createHash('sha1').update(subjectPublicKeyInfo).digest()),
        ),
      ),
    ),
  );
  return sequence(tbsCertificate, signatureAlgorithm, bitString(sign('sha256', tbsCertificate, privateKey)));
}
