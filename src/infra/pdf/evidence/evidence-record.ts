import { PDFDict, PDFHexString, PDFName, type PDFDocument } from 'pdf-lib';
import { z } from 'zod';
import { PdfString, type PdfReader } from '../seal/index.js';
import type { EvidenceData } from './evidence-types.js';

/**
 * The certificate's facts in machine-readable form: a JSON text under this key of the document
 * information dictionary, written before the certificate is sealed, so the seal covers it.
 * `firma audit verify` reads it back instead of scraping the rendered text.
 */
export const EVIDENCE_RECORD_KEY = 'FirmaEvidence';

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

const recordSchema = z.object({
  version: z.literal(1),
  envelopeId: z.string(),
  documentId: z.number().int(),
  status: z.string(),
  /** The chain as it stood when the certificate was made: the completion entry comes right after. */
  auditChain: z.object({ length: z.number().int().nonnegative(), head: z.union([sha256, z.literal('')]) }),
  items: z.array(z.object({ originalSha256: sha256, finalSha256: sha256.nullable() })),
});

export type EvidenceRecord = z.infer<typeof recordSchema>;

export function evidenceRecordOf(data: EvidenceData): EvidenceRecord {
  return {
    version: 1,
    envelopeId: data.envelope.envelopeId,
    documentId: data.envelope.documentId,
    status: data.envelope.status,
    auditChain: { length: data.auditChain.length, head: data.auditChain.head },
    items: data.items.map((i) => ({ originalSha256: i.originalSha256, finalSha256: i.finalSha256 })),
  };
}

/** Needs the information dictionary `startEvidence` created when it set the title. */
export function writeEvidenceRecord(doc: PDFDocument, data: EvidenceData): void {
  const json = JSON.stringify(evidenceRecordOf(data));
  const info = doc.context.lookup(doc.context.trailerInfo.Info, PDFDict);
  // Hex keeps the JSON free of PDF string escaping concerns.
  info.set(PDFName.of(EVIDENCE_RECORD_KEY), PDFHexString.of(Buffer.from(json, 'utf8').toString('hex')));
}

/** The record of a certificate, or why there is none (older certificates were issued without it). */
export function readEvidenceRecord(reader: PdfReader): { record: EvidenceRecord } | { problem: string } {
  const info = reader.resolveDict(reader.trailerValue('Info'));
  const value = reader.resolve(info?.get(EVIDENCE_RECORD_KEY));
  if (!(value instanceof PdfString))
    return { problem: `the certificate carries no ${EVIDENCE_RECORD_KEY} record (issued before records were written)` };
  let parsed: unknown;
  try {
    parsed = JSON.parse(value.bytes.toString('utf8'));
  } catch {
    return { problem: `the certificate's ${EVIDENCE_RECORD_KEY} record is not JSON` };
  }
  const result = recordSchema.safeParse(parsed);
  return result.success
    ? { record: result.data }
    : { problem: `the certificate's ${EVIDENCE_RECORD_KEY} record is malformed` };
}
