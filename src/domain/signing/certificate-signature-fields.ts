import type { FieldRow } from '../../db/repositories/envelope.repo.js';
import { digitalSignatureFields, signatureFieldName } from '../completion/digital-form-fields.js';
import { digitalSignatureWords } from '../completion/digital-signature-words.js';
import type { SigningSession } from './signing-session.js';

type Session = Pick<SigningSession, 'graph' | 'recipient'>;

/**
 * The fields a DIGITAL recipient's certificate signs: every SIGNATURE field of theirs. The first on
 * each item becomes the visible digital signature in their own revision (digital-form-fields.ts);
 * any other one names that signature (certificateReferenceText). The certificate fills them all, so
 * none is drawn or typed first and each counts as signed; empty for an ELECTRONIC recipient.
 */
export function certificateSignatureFieldIds(s: Session): Set<number> {
  if (s.recipient.signatureLevel !== 'DIGITAL') return new Set();
  return new Set(
    s.graph.fields.filter((f) => f.recipientId === s.recipient.id && f.type === 'SIGNATURE').map((f) => f.id),
  );
}

/**
 * What a DIGITAL recipient's further SIGNATURE field on an item shows: a PDF signature is one field,
 * so the others say whose certificate signed and which field holds that signature ("Firmado
 * digitalmente por / Bruno Güemes / Firma 1 — GÜEMES Bruno"), written as form text in the signer's
 * own revision. Null for the field that is the signature itself, and for anyone else's field.
 */
export function certificateReferenceText(s: Session & Pick<SigningSession, 'meta'>, field: FieldRow): string | null {
  if (s.recipient.signatureLevel !== 'DIGITAL' || field.recipientId !== s.recipient.id || field.type !== 'SIGNATURE')
    return null;
  const signature = digitalSignatureFields(s.graph, field.envelopeItemId).get(s.recipient.id);
  if (!signature || signature.id === field.id) return null;
  const { language } = s.meta;
  return [
    digitalSignatureWords(language).signedBy,
    s.recipient.name.trim() || s.recipient.email || '',
    signatureFieldName(s.graph, s.recipient, language),
  ].join('\n');
}
