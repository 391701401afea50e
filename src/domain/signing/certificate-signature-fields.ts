import { digitalSignatureFields } from '../completion/digital-form-fields.js';
import type { SigningSession } from './signing-session.js';

/**
 * The fields a DIGITAL recipient's certificate signs: their first SIGNATURE field on each item,
 * which their own revision turns into the visible digital signature (digital-form-fields.ts). The
 * certificate fills them, so they are never drawn or typed first and count as signed; empty for
 * an ELECTRONIC recipient.
 */
export function certificateSignatureFieldIds(s: Pick<SigningSession, 'graph' | 'recipient'>): Set<number> {
  const ids = new Set<number>();
  if (s.recipient.signatureLevel !== 'DIGITAL') return ids;
  for (const item of s.graph.items) {
    const field = digitalSignatureFields(s.graph, item.id).get(s.recipient.id);
    if (field) ids.add(field.id);
  }
  return ids;
}
