import type { EnvelopeType } from '../../db/schema.js';
import type { EnvelopeStatus } from '../../lib/vocabulary/envelope-status.js';
import { AppError } from '../../errors.js';

/** Refuses any change to an envelope in a final state, with the code naming that state. */
export function assertNotFinal(status: EnvelopeStatus): void {
  switch (status) {
    case 'COMPLETED':
      throw new AppError('ENVELOPE_COMPLETED', 'The document is completed and can no longer change');
    case 'REJECTED':
      throw new AppError('ENVELOPE_REJECTED', 'The document was rejected and can no longer change');
    case 'CANCELLED':
      throw new AppError('ENVELOPE_CANCELLED', 'The document was cancelled and can no longer change');
    case 'DRAFT':
    case 'PENDING':
      return;
  }
}

/**
 * A template is a model documents are made from: it is never sent, so no recipient of it ever gets
 * a signing token, and nothing can be signed or completed on it.
 */
export function assertNotTemplate(type: EnvelopeType): void {
  if (type === 'TEMPLATE')
    throw new AppError(
      'TEMPLATE_NOT_DISTRIBUTABLE',
      'A template cannot be distributed or signed; create a document from it and distribute that',
    );
}
