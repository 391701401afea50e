import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * Anchors audit entries to the instance secret: a MAC over each entry's chain hash, so that
 * someone who can write the database but does not hold `FIRMA_SECRET_KEY` cannot rewrite a
 * chain and recompute it. The MAC key is an HKDF subkey of the secret key, never the key the
 * secret box encrypts with, so neither use can be turned against the other.
 */
export interface AuditMac {
  /** `v1.<base64url HMAC-SHA256>` of an entry's hash. */
  sign(hash: string): string;
  verify(hash: string, mac: string): boolean;
}

const VERSION = 'v1';
const INFO = 'firma/audit-chain-mac/v1';

export function createAuditMac(secretKey: Buffer): AuditMac {
  if (secretKey.length !== 32) throw new Error('secret key must be 32 bytes');
  const key = Buffer.from(hkdfSync('sha256', secretKey, Buffer.alloc(0), INFO, 32));
  const digest = (hash: string): Buffer => createHmac('sha256', key).update(hash, 'utf8').digest();
  return {
    sign: (hash) => `${VERSION}.${digest(hash).toString('base64url')}`,
    verify(hash, mac) {
      const [version, body] = mac.split('.');
      if (version !== VERSION || !body) return false;
      const given = Buffer.from(body, 'base64url');
      const expected = digest(hash);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
