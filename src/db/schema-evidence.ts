import type { Generated } from 'kysely';

// Row types of the evidence: digital signatures, the seal identities, the audit MAC floor (see schema.ts).

/** One item a DIGITAL recipient signs: prepared (placeholder, attributes to sign), then signed. */
export interface DigitalSignatureTable {
  id: Generated<number>;
  preparationId: string;
  envelopeId: number;
  recipientId: number;
  envelopeItemId: string;
  status: 'PREPARED' | 'SIGNED';
  tokenHash: string;
  /** The revision the signature builds on; null: the item's original. */
  baseSha256: string | null;
  preparedSha256: string;
  contentsStart: number;
  contentsEnd: number;
  /** Base64 of the DER SET the signer signs. */
  signedAttributes: string;
  /** JSON array of base64 DER certificates, the signer's first. */
  certificateChain: string;
  subject: string;
  issuer: string;
  serial: string;
  cuil: string;
  revocationSource: 'OCSP' | 'CRL';
  /** Blob of the OCSP answer or CRL that said the certificate was not revoked. */
  revocationSha256: string;
  /**
   * JSON `[{certificateSha256, source, sha256}]`: the same about each issuing certificate below the
   * anchor (blobs); null for preparations older than migration 0045.
   */
  issuerRevocations: string | null;
  /** JSON: the values Firma fills in for this recipient's empty NAME/EMAIL/DATE fields, by field id. */
  autoFill: string;
  signedSha256: string | null;
  signedAt: string | null;
  createdAt: string;
}

/** The one row (id 1) naming the last audit entry allowed to lack a MAC (migration 0049). */
export interface AuditMacFloorTable {
  id: number;
  legacyThrough: number;
  /** MAC of `audit-mac-floor/v1:<legacyThrough>` under the audit key. */
  mac: string;
  createdAt: string;
}

export type SealIdentityOrigin = 'GENERATED' | 'DATA_DIR' | 'PKCS12';

/** A certificate the installation's seals were made with (migration 0053). */
export interface SealIdentityTable {
  id: Generated<number>;
  /** SHA-256 of the certificate DER, lowercase hex. */
  fingerprintSha256: string;
  /** The certificate DER, base64. */
  certificate: string;
  subject: string;
  origin: SealIdentityOrigin;
  /** 'self-signed' on the one identity whose key is kept here; null on the others. */
  installationSlot: string | null;
  /** The PKCS#8 PEM private key, sealed with the secret box; only on the slot's row. */
  privateKeySealed: string | null;
  /** Audit MAC of `seal-identity:<fingerprint>`. */
  mac: string;
  recordedAt: string;
}
