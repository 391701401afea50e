import { createPrivateKey, type KeyObject } from 'node:crypto';
import forge from 'node-forge';
import { SealError } from './seal-error.js';

export interface Pkcs12Contents {
  privateKey: KeyObject;
  certificates: Buffer[];
}

/**
 * Opens a PKCS#12 bundle. forge only decrypts and unpacks the bags here; keys go straight to
 * node's crypto as PKCS#8, so RSA and EC keys both work (forge itself only models RSA keys).
 */
export function readPkcs12(bytes: Buffer, password: string): Pkcs12Contents {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(bytes.toString('binary')), false, password);
  } catch (error) {
    const message = (error as Error).message;
    const hint = /MAC|password|decrypt/i.test(message) ? 'wrong password?' : 'not a PKCS#12 file?';
    throw new SealError('IDENTITY_INVALID', `cannot open the seal PKCS#12 (${hint}): ${message}`, { cause: error });
  }

  const keys: KeyObject[] = [];
  const certificates: Buffer[] = [];
  for (const safeContents of p12.safeContents) {
    for (const bag of safeContents.safeBags) {
      // forge leaves bags it cannot model (EC keys and certificates) as raw ASN.1.
      const rawAsn1 = (bag as { asn1?: forge.asn1.Asn1 }).asn1;
      if (bag.type === forge.pki.oids.certBag) {
        const asn1 = bag.cert ? forge.pki.certificateToAsn1(bag.cert) : rawAsn1;
        if (asn1) certificates.push(Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'));
      } else if (bag.type === forge.pki.oids.keyBag || bag.type === forge.pki.oids.pkcs8ShroudedKeyBag) {
        const asn1 = bag.key ? forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(bag.key)) : rawAsn1;
        if (asn1)
          keys.push(
            createPrivateKey({
              key: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'),
              format: 'der',
              type: 'pkcs8',
            }),
          );
      }
    }
  }
  const [privateKey] = keys;
  if (!privateKey) throw new SealError('IDENTITY_INVALID', 'the seal PKCS#12 holds no private key');
  if (keys.length > 1)
    throw new SealError('IDENTITY_INVALID', 'the seal PKCS#12 holds several private keys; keep only the seal key');
  return { privateKey, certificates };
}
