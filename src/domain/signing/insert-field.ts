import { updateFieldRow } from '../../db/repositories/field.repo.js';
import { updateEnvelope } from '../../db/repositories/envelope.repo.js';
import { AppError } from '../../errors.js';
import { appendAuditEvent } from '../audit/append-audit-event.js';
import type { Ctx } from '../context.js';
import { validateFieldValue, type InsertFieldBody } from '../fields/validate-field-value.js';
import { parseStoredFieldMeta } from '../model/stored-json.js';
import { recipientActor } from './recipient-actor.js';
import { assertCanAct, fillableFields, loadSigningSession, type SigningSession } from './signing-session.js';
import { signingFieldView, type SigningFieldView } from './signing-view.js';
import { assertAccessVerified } from './verification-state.js';
import { passesOf, type SigningRequest } from './verification-grant.js';

/**
 * Fills one field for the recipient (or, for an ASSISTANT, for a later recipient), after checking
 * the recipient may act now and the value satisfies the field. Re-filling replaces the value until
 * the recipient completes. A drawn signature is stored as a PNG blob by its SHA-256.
 * @throws NOT_FOUND (token or field), the assertCanAct codes (409), FIELD_READ_ONLY, INVALID_FIELD_VALUE (400)
 */
export async function insertField(
  ctx: Ctx,
  token: string,
  fieldId: number,
  body: InsertFieldBody,
  request: SigningRequest,
): Promise<SigningFieldView> {
  const view = await ctx.db.transaction().execute(async (trx) => {
    const s = await loadSigningSession(trx, token, { lock: true });
    const now = ctx.clock();
    await assertAccessVerified(trx, s, now, passesOf(ctx.secrets, s, request, now));
    assertCanAct(s, now);
    const field = findFillable(s, fieldId);
    const meta = parseStoredFieldMeta(field.fieldMeta);
    if (meta?.readOnly) throw new AppError('FIELD_READ_ONLY', 'This field is read-only');
    const owner = s.graph.recipients.find((r) => r.id === field.recipientId) ?? s.recipient;
    const validated = validateFieldValue(field.type, meta, body, {
      recipient: { name: owner.name, email: owner.email },
      now,
      timezone: s.meta.timezone,
      dateFormat: s.meta.dateFormat,
      language: s.meta.language,
      typedSignatureEnabled: s.meta.typedSignatureEnabled,
      drawSignatureEnabled: s.meta.drawSignatureEnabled,
    });
    let stored = validated.stored;
    let signatureSha256: string | null = null;
    if (validated.png) {
      signatureSha256 = (await ctx.storage.putBytes(validated.png)).sha256;
      stored = { kind: 'signature', signature: { type: 'drawn', sha256: signatureSha256 } };
    }
    const patch = {
      inserted: 1,
      value: JSON.stringify(stored),
      // The blob named in a column of its own: the blob garbage collection looks for it there.
      signatureSha256,
      customText: validated.customText,
      insertedAt: now.toISOString(),
      insertedByRecipientId: s.recipient.id,
    };
    await updateFieldRow(trx, field.id, patch);
    Object.assign(field, patch);
    await updateEnvelope(trx, s.graph.envelope.id, {}, now);
    await appendAuditEvent(ctx, trx, {
      envelopeId: s.graph.envelope.id,
      type: 'DOCUMENT_FIELD_INSERTED',
      data: { fieldId: field.id, fieldType: field.type, forRecipientId: field.recipientId, value: auditValue(stored) },
      actor: recipientActor(s.recipient),
      recipientId: s.recipient.id,
      request,
      at: now,
    });
    return signingFieldView(field, s.recipient.id);
  });
  return view;
}

/**
 * Empties a field the recipient filled, while it still may act.
 * @throws as insertField
 */
export async function removeField(
  ctx: Ctx,
  token: string,
  fieldId: number,
  request: SigningRequest,
): Promise<SigningFieldView> {
  return ctx.db.transaction().execute(async (trx) => {
    const s = await loadSigningSession(trx, token, { lock: true });
    const now = ctx.clock();
    await assertAccessVerified(trx, s, now, passesOf(ctx.secrets, s, request, now));
    assertCanAct(s, now);
    const field = findFillable(s, fieldId);
    const meta = parseStoredFieldMeta(field.fieldMeta);
    if (meta?.readOnly) throw new AppError('FIELD_READ_ONLY', 'This field is read-only');
    if (field.inserted === 1) {
      const patch = {
        inserted: 0,
        value: null,
        signatureSha256: null,
        customText: '',
        insertedAt: null,
        insertedByRecipientId: null,
      };
      await updateFieldRow(trx, field.id, patch);
      Object.assign(field, patch);
      await updateEnvelope(trx, s.graph.envelope.id, {}, now);
      await appendAuditEvent(ctx, trx, {
        envelopeId: s.graph.envelope.id,
        type: 'DOCUMENT_FIELD_UNINSERTED',
        data: { fieldId: field.id, fieldType: field.type },
        actor: recipientActor(s.recipient),
        recipientId: s.recipient.id,
        request,
        at: now,
      });
    }
    return signingFieldView(field, s.recipient.id);
  });
}

function findFillable(s: SigningSession, fieldId: number) {
  const field = fillableFields(s).find((f) => f.id === fieldId);
  if (!field) throw new AppError('NOT_FOUND', 'No such field for this recipient');
  return field;
}

/** What the audit trail records of a value: the text itself, or which signature. */
function auditValue(stored: NonNullable<ReturnType<typeof JSON.parse>>): unknown {
  const v = stored as {
    kind: string;
    text?: string;
    values?: string[];
    signature?: { type: string; text?: string; sha256?: string };
  };
  if (v.kind === 'signature')
    return v.signature?.type === 'typed'
      ? { typedSignature: v.signature.text }
      : { drawnSignatureSha256: v.signature?.sha256 };
  return v.kind === 'choices' ? v.values : v.text;
}
