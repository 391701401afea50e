import type { AuditMac } from '../../infra/crypto/audit-mac.js';

/*
 * A recorded identity vouches for seals only if a holder of FIRMA_SECRET_KEY wrote it: the row's
 * MAC is the audit MAC of its fingerprint, under a prefix no audit entry hash (64 hex digits) has.
 */
const subject = (fingerprintSha256: string): string => `seal-identity:${fingerprintSha256}`;

export const signSealIdentity = (mac: AuditMac, fingerprintSha256: string): string =>
  mac.sign(subject(fingerprintSha256));

export const sealIdentityMacHolds = (mac: AuditMac, fingerprintSha256: string, value: string): boolean =>
  mac.verify(subject(fingerprintSha256), value);
