import type { Db } from '../../db/database.js';
import { updateEnvelope, type FieldRow } from '../../db/repositories/envelope.repo.js';
import { updateFieldRow } from '../../db/repositories/field.repo.js';
import { updateRecipientRow } from '../../db/repositories/recipient.repo.js';
import { appendAuditEvent } from '../audit/append-audit-event.js';
import type { RequestMeta } from '../audit/audit-actor.js';
import { handOverToCompletion } from '../completion/hand-over.js';
import type { Ctx } from '../context.js';
import { envelopeEventPayload } from '../events/envelope-event-payload.js';
import { recordEvent } from '../events/record-event.js';
import { allActed, currentTurn } from '../model/signing-turn.js';
import { certificateSignatureFieldIds } from './certificate-signature-fields.js';
import { notifyNewTurn } from './notify-turn.js';
import { queueRecipientFinishedMails } from '../mail/recipient-finished-mails.js';
import { recipientActor } from './recipient-actor.js';
import type { SigningSession } from './signing-session.js';
import { AppError } from '../../errors.js';
import type { AcceptedConsent } from '../model/signing-consent.js';
import { provesSigning, takesSignature } from '../../lib/vocabulary/field-types.js';
import { fieldPrefill, type Prefill } from '../fields/field-prefill.js';

/**
 * The end of a recipient's part, however they signed (the electronic `complete` or a DIGITAL
 * signer's `submit`), inside the caller's transaction on the locked session: fields Firma fills
 * itself are filled after the accepted statement is audited (`autoFillText`: the text, or undefined to leave the field),
 * fields still empty take the sender's prefill (prefillOf), every required
 * field must be filled, the recipient is SIGNED, the completion is audited with `auditData`,
 * DOCUMENT_RECIPIENT_COMPLETED and DOCUMENT_SIGNED are recorded, and either the envelope goes to
 * completion (nobody else has to act) or the recipients whose turn it now is are notified; the
 * owner's "recipient finished" and the recipient's "waiting for the others" mails are queued.
 * @throws RECIPIENT_HAS_UNSIGNED_FIELDS
 */
export async function finishRecipient(
  ctx: Ctx,
  trx: Db,
  s: SigningSession,
  step: {
    /** The statement the recipient accepted: its own audit entry, first. */
    consent: AcceptedConsent;
    autoFillText: (field: FieldRow) => string | undefined;
    auditData: Record<string, unknown>;
    request: RequestMeta;
    now: Date;
  },
): Promise<void> {
  const { now, request } = step;
  const iso = now.toISOString();
  const env = s.graph.envelope;
  await appendAuditEvent(ctx, trx, {
    envelopeId: env.id,
    type: 'RECIPIENT_CONSENT_ACCEPTED',
    data: { ...step.consent },
    actor: recipientActor(s.recipient),
    recipientId: s.recipient.id,
    request,
    at: now,
  });
  const own = s.graph.fields.filter((f) => f.recipientId === s.recipient.id);
  for (const field of own) {
    const text = step.autoFillText(field);
    const filled =
      text !== undefined ? { stored: { kind: 'text' as const, text }, customText: text } : prefillOf(field);
    if (!filled) continue;
    const patch = {
      inserted: 1,
      value: filled.stored,
      customText: filled.customText,
      insertedAt: iso,
      insertedByRecipientId: s.recipient.id,
    };
    await updateFieldRow(trx, field.id, patch);
    Object.assign(field, patch);
  }
  assertFieldsComplete(s, own);

  const turnBefore = currentTurn(s.graph.recipients, s.meta.signingOrder);
  const patch = { signingStatus: 'SIGNED' as const, signedAt: iso, updatedAt: iso };
  await updateRecipientRow(trx, s.recipient.id, patch);
  Object.assign(s.recipient, patch);
  await updateEnvelope(trx, env.id, {}, now);
  await appendAuditEvent(ctx, trx, {
    envelopeId: env.id,
    type: 'DOCUMENT_RECIPIENT_COMPLETED',
    data: step.auditData,
    actor: recipientActor(s.recipient),
    recipientId: s.recipient.id,
    request,
    at: now,
  });
  const payload = envelopeEventPayload(s.graph);
  for (const type of ['DOCUMENT_RECIPIENT_COMPLETED', 'DOCUMENT_SIGNED'] as const)
    await recordEvent(trx, { platformId: env.platformId, envelopeId: env.id, type, payload, at: now });
  const othersStillAct = !allActed(s.graph.recipients);
  await queueRecipientFinishedMails(
    trx,
    { platformId: env.platformId, envelopeId: env.id, meta: s.meta, recipient: s.recipient, othersStillAct },
    now,
  );
  if (!othersStillAct) {
    await handOverToCompletion(trx, env.id, now);
  } else {
    const turnAfter = currentTurn(s.graph.recipients, s.meta.signingOrder);
    const newlyInTurn = s.graph.recipients.filter((r) => turnAfter.has(r.id) && !turnBefore.has(r.id));
    await notifyNewTurn(ctx, trx, s, newlyInTurn, now);
  }
}

/**
 * The sender's prefill of a field the recipient left empty (fieldMeta `text`, `value`, checked
 * options, `defaultValue`): it becomes the field's value, so a required prefilled field is
 * satisfied and the renderers burn it in like any other value.
 */
export function prefillOf(field: FieldRow): Prefill | null {
  return field.inserted === 1 ? null : fieldPrefill(field.fieldMeta);
}

/**
 * A recipient may finish only with every required field filled, and a SIGNER with at least one
 * signature; a DIGITAL recipient's certificate fills their signature fields (none is drawn first).
 * @throws RECIPIENT_HAS_UNSIGNED_FIELDS
 */
export function assertFieldsComplete(s: SigningSession, own: FieldRow[]): void {
  const byCertificate = certificateSignatureFieldIds(s);
  const missing = own.filter((f) => {
    if (f.inserted === 1 || byCertificate.has(f.id)) return false;
    const meta = f.fieldMeta;
    return takesSignature(f.type) || meta?.required === true;
  });
  const signed = own.some((f) => provesSigning(f.type) && (f.inserted === 1 || byCertificate.has(f.id)));
  if (missing.length > 0 || (s.recipient.role === 'SIGNER' && !signed)) {
    const issues = missing.map((f) => ({ message: `field ${f.id} (${f.type}) is required`, path: ['fields', f.id] }));
    if (s.recipient.role === 'SIGNER' && !signed)
      issues.push({ message: 'a signer must sign at least one signature field', path: ['fields'] });
    throw new AppError('RECIPIENT_HAS_UNSIGNED_FIELDS', 'Some required fields are still empty', { issues });
  }
}
