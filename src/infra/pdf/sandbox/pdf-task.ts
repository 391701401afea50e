import type { FinalItemInput, SealedEvidenceInput } from '../final/render-final.js';
import type { SignerRevision, SignerRevisionInput } from '../final/signer-revision.js';
import { FormFillError } from '../forms/fill-form.js';
import {
  ImageRejectedError,
  type ImageRejectReason,
  type SignatureImage,
  type SignatureImageInput,
} from '../images/signature-image.js';
import type { FormValue } from '../forms/form-fields.js';
import { PdfRejectedError, type PdfInfo, type PdfRejectReason } from '../inspect-pdf.js';
import { RenderError, type RenderField, type RenderOptions } from '../render/index.js';
import type { FoundText, TaggedPdf } from '../tags/cover-tags.js';
import { SealError, type SealErrorReason, type SealIdentity, type SealOptions } from '../seal/index.js';

/** The work a PDF worker thread does, with what each kind takes and answers. */
export type PdfTask =
  | { kind: 'inspect'; bytes: Uint8Array; findTags?: boolean }
  | { kind: 'render'; original: Uint8Array; fields: RenderField[]; options: RenderOptions }
  | { kind: 'seal'; pdf: Uint8Array; identity: SealIdentity; options: SealOptions }
  | { kind: 'fill-form'; pdf: Uint8Array; values: Record<string, FormValue> }
  | { kind: 'find-tags'; bytes: Uint8Array; pages?: number[] }
  | { kind: 'find-text'; bytes: Uint8Array; texts: { text: string; all: boolean }[] }
  | ({ kind: 'final-item' } & FinalItemInput)
  | ({ kind: 'sealed-evidence' } & SealedEvidenceInput)
  | ({ kind: 'signer-revision' } & SignerRevisionInput)
  | ({ kind: 'signature-image' } & SignatureImageInput);

export interface PdfTaskResult {
  inspect: PdfInfo;
  render: Uint8Array;
  seal: Uint8Array;
  'fill-form': Uint8Array;
  'find-tags': TaggedPdf;
  'find-text': FoundText;
  'final-item': Uint8Array;
  'sealed-evidence': Uint8Array;
  'signer-revision': SignerRevision;
  'signature-image': SignatureImage;
}

/** An error as it crosses the thread boundary: the classes callers branch on are rebuilt. */
export interface SerializedError {
  name: string;
  message: string;
  reason?: string;
  detail?: string;
  fieldIndex?: number;
  field?: string;
}

export function serializeError(error: unknown): SerializedError {
  if (error instanceof PdfRejectedError)
    return {
      name: error.name,
      message: error.message,
      reason: error.reason,
      ...(error.detail ? { detail: error.detail } : {}),
    };
  if (error instanceof RenderError)
    return {
      name: error.name,
      message: error.message,
      ...(error.fieldIndex !== undefined ? { fieldIndex: error.fieldIndex } : {}),
    };
  if (error instanceof FormFillError) return { name: error.name, message: error.message, field: error.field };
  if (error instanceof ImageRejectedError) return { name: error.name, message: error.message, reason: error.reason };
  if (error instanceof SealError) return { name: error.name, message: error.message, reason: error.reason };
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}

export function deserializeError(e: SerializedError): Error {
  switch (e.name) {
    case 'PdfRejectedError':
      return new PdfRejectedError(e.reason as PdfRejectReason, e.detail);
    case 'RenderError': {
      const error = new RenderError(e.message);
      Object.defineProperty(error, 'fieldIndex', { value: e.fieldIndex });
      return error;
    }
    case 'SealError':
      return new SealError(e.reason as SealErrorReason, e.message);
    case 'FormFillError':
      return new FormFillError(e.field ?? '', e.message);
    case 'ImageRejectedError':
      return new ImageRejectedError(e.reason as ImageRejectReason, e.message);
    case 'InflateLimitError':
      return new PdfRejectedError('PDF_TOO_COMPLEX', e.message);
    default: {
      const error = new Error(e.message);
      error.name = e.name;
      return error;
    }
  }
}
