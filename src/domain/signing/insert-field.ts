import { updateFieldRow } from '../../db/repositories/field.repo.js';
import { updateEnvelope } from '../../db/repositories/envelope.repo.js';
import { AppError } from '../../errors.js';
import { appendAuditEvent } from '../audit/append-audit-event.js';
import type { Ctx } from '../context.js';
import {
  validateFieldValue,
  type FillContext,
  type InsertFieldBody,
  type ValidatedValue,
} from '../fields/validate-field-value.js';
import { decodeSignatureImage } from '../fields/decode-signature-image.js';
import { certificateSignatureFieldIds } from './certificate-signature-fields.js';
import { recipientActor } from './recipient-actor.js';
import { assertCanAct, fillableFields, loadSigningSession, type SigningSession } from './signing-session.js';
import { signingFieldView, type SigningFieldView } from './signing-view.js';
import { assertAccessVerified } from './verification-state.js';
import { passesOf, type SigningRequest } from './verification-grant.js';

/**
 * Fills one field for the recipient (or, for an ASSISTANT, for a later recipient), after checking
 * the recipient may act now and the value satisfies the field. Re-filling replaces the value until
 * the recipient completes. A drawn or uploaded signature is stored as a PNG blob by its SHA-256.
 * An image is decoded in a PDF worker before the transaction, and only after the same checks have
 * passed on an unlocked read: a stranger's image costs nothing, and no lock waits for a decoder.
 * @throws NOT_FOUND (token or field), the assertCanAct codes (409), FIELD_SIGNED_BY_CERTIFICATE, FIELD_READ_ONLY,
 *   INVALID_FIELD_VALUE, SIGNATURE_UPLOAD_DISABLED (400)
 */
export async function insertField(
  ctx: Ctx,
  token: string,
  fieldId: number,
  body: InsertFieldBody,
  request: SigningRequest,
): Promise<SigningFieldView> {
  let png: Uint8Array | undefined;
  if ('signature' in body && body.signature.type !== 'typed') {
    const first = await checkedValue(ctx, ctx.db, token, fieldId, body, request);
    if (first.validated.image) png = await decodeSignatureImage(ctx, first.validated.image);
  }
  const view = await ctx.db.transaction().execute(async (trx) => {
    const { s, field, validated, now } = await checkedValue(ctx, trx, token, fieldId, body, request, { lock: true });
    let stored = validated.stored;
    let signatureSha256: string | null = null;
    if (validated.image && png && stored.kind === 'signature' && stored.signature.type !== 'typed') {
      signatureSha256 = (await ctx.storage.putBytes(png)).sha256;
      stored = { kind: 'signature', signature: { type: stored.signature.type, sha256: signatureSha256 } };
    }
    const patch = {
      inserted: 1,
      value: stored,
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
    const meta = field.fieldMeta;
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

/** The session, the field and the value checked against both: every rule but the image's pixels. */
async function checkedValue(
  ctx: Ctx,
  db: Ctx['db'],
  token: string,
  fieldId: number,
  body: InsertFieldBody,
  request: SigningRequest,
  options: { lock?: boolean } = {},
): Promise<{
  s: SigningSession;
  field: SigningSession['graph']['fields'][number];
  validated: ValidatedValue;
  now: Date;
}> {
  const s = await loadSigningSession(db, token, options);
  const now = ctx.clock();
  await assertAccessVerified(db, s, now, passesOf(ctx.secrets, s, request, now));
  assertCanAct(s, now);
  const field = findFillable(s, fieldId);
  const meta = field.fieldMeta;
  if (meta?.readOnly) throw new AppError('FIELD_READ_ONLY', 'This field is read-only');
  const owner = s.graph.recipients.find((r) => r.id === field.recipientId) ?? s.recipient;
  const fill: FillContext = {
    recipient: { name: owner.name, email: owner.email },
    now,
    timezone: s.meta.timezone,
    dateFormat: s.meta.dateFormat,
    language: s.meta.language,
    typedSignatureEnabled: s.meta.typedSignatureEnabled,
    drawSignatureEnabled: s.meta.drawSignatureEnabled,
    uploadSignatureEnabled: s.meta.uploadSignatureEnabled,
  };
  return { s, field, validated: validateFieldValue(field.type, meta, body, fill), now };
}

/**
 * The recipient's (or, for an ASSISTANT, a later recipient's) field. A DIGITAL recipient's SIGNATURE
 * fields are their certificate's: nothing drawn, typed or uploaded goes in, nor is taken out.
 */
function findFillable(s: SigningSession, fieldId: number) {
  const field = fillableFields(s).find((f) => f.id === fieldId);
  if (!field) throw new AppError('NOT_FOUND', 'No such field for this recipient');
  if (certificateSignatureFieldIds(s).has(field.id))
    throw new AppError(
      'FIELD_SIGNED_BY_CERTIFICATE',
      "The signer's certificate fills this signature field when they sign digitally; nothing is drawn or typed in it",
    );
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
  // The member's name records the method: typed, drawn or uploaded.
  if (v.kind === 'signature')
    return v.signature?.type === 'typed'
      ? { typedSignature: v.signature.text }
      : v.signature?.type === 'uploaded'
        ? { uploadedSignatureSha256: v.signature.sha256 }
        : { drawnSignatureSha256: v.signature?.sha256 };
  return v.kind === 'choices' ? v.values : v.text;
}
