import { appendAuditPages, renderAuditPagesPdf } from '../evidence/render-audit-pages.js';
import { renderCertificatePdf } from '../evidence/render-certificate.js';
import type { EvidenceData } from '../evidence/evidence-types.js';
import { renderFields, type FormPlaceholder, type RenderField } from '../render/index.js';
import {
  appendDocumentTimestamp,
  appendDss,
  sealPdf,
  type SealIdentity,
  type SealOptions,
  type TsaOptions,
  type ValidationMaterial,
} from '../seal/index.js';

/**
 * The completion's PDF work, each piece as one task of a PDF worker thread: the document's bytes
 * cross the thread boundary once each way, and the audit pages, burn-in and seal of one item (or
 * the certificate and its seal) run back to back on one core while another item, certificate or
 * envelope runs on the other.
 */

export interface FinalItemInput {
  original: Uint8Array;
  fields: RenderField[];
  /** What the appended audit pages show. */
  evidence: EvidenceData;
  /** The size of the document's last page, which the audit pages take (A4 when absent). */
  auditPageSize?: { width: number; height: number };
  /** A diagonal stamp on every page (a rejected document). */
  stamp?: { text: string };
  /**
   * The item carries DIGITAL signers' revisions (issue #34): append to `original` as an incremental
   * update that only fills form fields (`fields` name theirs; `empty` are created if missing), with
   * neither audit pages nor stamp, so every signature stays valid for a validator's modification
   * analysis.
   */
  form?: { empty: FormPlaceholder[] };
  identity: SealIdentity;
  seal: SealOptions;
  /**
   * PAdES B-LT: after the seal, a DSS with this material (gathered by the domain: issuers, OCSP
   * answers, CRLs) and the certificates every signature carries.
   */
  validation?: ValidationMaterial;
  /** PAdES B-LTA: after the DSS, a document timestamp from this authority. */
  documentTimestamp?: TsaOptions;
}

/** The final document of one item: fields burned in (or filled in, in form mode), audit pages appended, sealed, then B-LT/B-LTA. */
export async function renderFinalItem(input: FinalItemInput): Promise<Uint8Array> {
  const rendered = input.form
    ? await renderFields(input.original, input.fields, { incremental: true, form: input.form })
    : await renderFields(input.original, input.fields, input.stamp ? { stamp: input.stamp } : {}, (doc) =>
        appendAuditPages(doc, input.evidence, input.auditPageSize),
      );
  const sealed = await sealPdf(rendered, input.identity, input.seal);
  if (!input.validation) return sealed;
  const withDss = appendDss(sealed, asBuffers(input.validation));
  return input.documentTimestamp ? appendDocumentTimestamp(withDss, input.documentTimestamp) : withDss;
}

/** Bytes that crossed the thread boundary arrive as plain Uint8Arrays. */
function asBuffers(material: ValidationMaterial): ValidationMaterial {
  const buffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    time: new Date(material.time),
    certificates: material.certificates.map(buffer),
    revocation: material.revocation.map((r) => ({
      certificate: buffer(r.certificate),
      ...(r.ocsp ? { ocsp: buffer(r.ocsp) } : {}),
      ...(r.crl ? { crl: buffer(r.crl) } : {}),
    })),
  };
}

export interface SealedEvidenceInput {
  /** The completion certificate, or the audit log extract (the audit pages on their own). */
  document: 'certificate' | 'audit-log';
  evidence: EvidenceData;
  identity: SealIdentity;
  seal: SealOptions;
}

/** The certificate or the audit log extract, rendered and sealed. */
export async function renderSealedEvidence(input: SealedEvidenceInput): Promise<Uint8Array> {
  const pdf =
    input.document === 'certificate'
      ? await renderCertificatePdf(input.evidence)
      : await renderAuditPagesPdf(input.evidence);
  return sealPdf(pdf, input.identity, input.seal);
}
