import type { EnvelopeStatus } from '../../../lib/vocabulary/envelope-status.js';
import type { Language } from '../../../lib/vocabulary/languages.js';
import type { RecipientRole, SigningStatus } from '../../../lib/vocabulary/recipients.js';

/**
 * Input of the evidence renderers (completion certificate and audit pages).
 * Plain data, already loaded and decided by the caller: the renderers only lay it out,
 * so the same data always yields the same evidence content.
 */

/** The languages a document can have (the API's `meta.language`); the evidence speaks each. */
export type EvidenceLanguage = Language;

/** The signature a recipient applied, as shown in the evidence. */
export type EvidenceSignature = { kind: 'typed'; text: string } | { kind: 'drawn'; png: Uint8Array };

export type EvidenceRole = RecipientRole;
export type EvidenceSigningStatus = SigningStatus;

export interface EvidenceRecipient {
  id: number;
  name: string;
  email: string;
  role: EvidenceRole;
  /** Under the CUIL rule 11 digits, displayed as NN-NNNNNNNN-N; under another rule its ID as written. */
  cuil: string | null;
  signingStatus: EvidenceSigningStatus;
  signedAt: Date | null;
  rejectionReason: string | null;
  signingOrder: number | null;
  /** The signature the recipient applied (first signature field). */
  signature: EvidenceSignature | null;
  sentAt: Date | null;
  openedAt: Date | null;
  /** Of the completing action (sign, approve, view or reject). */
  ip: string | null;
  userAgent: string | null;
}

export interface EvidenceEvent {
  at: Date;
  /** e.g. DOCUMENT_SENT, DOCUMENT_OPENED, DOCUMENT_FIELD_INSERTED, DOCUMENT_RECIPIENT_COMPLETED, DOCUMENT_RECIPIENT_REJECTED, DOCUMENT_COMPLETED. */
  type: string;
  /** "Ana García <ana@x.com>", "API token …" or "Firma". */
  actor: string | null;
  /** What happened, as a sentence in the evidence's language. */
  description: string;
  /** The hashes the entry recorded (an original, a drawn signature's image, a sealed final), labelled. */
  hashes?: { label: string; value: string }[];
  ip: string | null;
  userAgent: string | null;
  /** Hex SHA-256 of this audit entry. */
  hash: string;
}

export interface EvidenceItem {
  title: string;
  pageCount: number;
  originalSha256: string;
  /** Null on the audit pages, which are inside the final file. */
  finalSha256: string | null;
}

export type EvidenceEnvelopeStatus = EnvelopeStatus;

export interface EvidenceEnvelope {
  envelopeId: string;
  documentId: number;
  title: string;
  /** Final for the certificate; any state for an audit-log extract taken while the document is open. */
  status: EvidenceEnvelopeStatus;
  createdAt: Date;
  sentAt: Date | null;
  completedAt: Date | null;
  /** IANA zone, e.g. America/Argentina/Buenos_Aires; times are shown in UTC and in this zone. */
  timezone: string;
}

export interface EvidenceData {
  language: EvidenceLanguage;
  envelope: EvidenceEnvelope;
  platformName: string;
  /**
   * What the recipients' national ID is called under the identity rule the document was sent with
   * (CUIL, RUT, CI, CPF); null: no rule (NONE), so no ID is shown as checked; absent: CUIL.
   */
  nationalIdLabel?: string | null | undefined;
  /** "Firma". */
  serviceName: string;
  publicUrl: string;
  items: EvidenceItem[];
  recipients: EvidenceRecipient[];
  events: EvidenceEvent[];
  auditChain: { head: string; length: number; algorithm: 'SHA-256' };
  sealCertificate: { subject: string; fingerprintSha256: string };
  /** Firma digital: each signer's own signature in the documents, in signing order. */
  digitalSignatures?: EvidenceDigitalSignature[];
  generatedAt: Date;
}

export interface EvidenceDigitalSignature {
  signer: string;
  subject: string;
  cuil: string;
  issuer: string;
  serial: string;
  signedAt: Date;
  revocationSource: 'OCSP' | 'CRL';
  /**
   * Whether the signer's CMS carries a signature timestamp (FIRMA_TSA_URL, PAdES B-T); without one
   * the certificate says the time is Firma's, covered by the signature, not an authority's.
   */
  timestamped?: boolean;
}
