import type { KeptIssuerRevocation } from '../../db/repositories/digital-signature.repo.js';
import { createHash } from 'node:crypto';
import { deletePreparedSignatures, insertDigitalSignature } from '../../db/repositories/digital-signature.repo.js';
import type { FieldRow, ItemRow } from '../../db/repositories/envelope.repo.js';
import { AppError } from '../../errors.js';
import type { PreparedExternalSignature, SignerCertificates } from '../../infra/pdf/seal/index.js';
import { appendAuditEvent } from '../audit/append-audit-event.js';
import type { Ctx } from '../context.js';
import { randomToken } from '../ids.js';
import { hashSigningToken } from '../model/signing-links.js';
import { autoFill } from './complete-recipient.js';
import { assertFieldsComplete, prefillOf } from './finish-recipient.js';
import { recipientActor } from './recipient-actor.js';
import {
  digitalSignatureFields,
  formLayout,
  signatureAppearanceField,
  type FormLayout,
} from '../completion/digital-form-fields.js';
import { digitalSignatureWords } from '../completion/digital-signature-words.js';
import { checkSignerCertificate, decodeCertificateChain } from './signer-certificate.js';
import { assertCanAct, loadSigningSession, type SigningSession } from './signing-session.js';
import { assertAccessVerified, assertActionVerified } from './verification-state.js';
import { passesOf, type SigningRequest } from './verification-grant.js';

export interface PreparedSignatureAnswer {
  preparationId: string;
  /** One per document of the envelope: the signer signs each `signedAttributes` (SHA-256 with their key). */
  signatures: { itemId: string; signedAttributes: string; hashToSign: string; hashAlgorithm: 'SHA-256' }[];
  certificate: {
    subject: string;
    issuer: string;
    serialNumber: string;
    cuil: string;
    revocationSource: 'OCSP' | 'CRL';
  };
}

/**
 * Firma digital, step one. The recipient (DIGITAL, in turn, verified, fields filled) sends their
 * certificate chain; it is validated first (signer-certificate.ts), then for every document of the
 * envelope Firma writes the revision with this signer's fields (every recipient's field as a form
 * field, and the signer's visible signature field: digital-form-fields.ts) as an incremental update
 * on the item's latest revision, appends a signature placeholder and computes the CMS signed
 * attributes over the byte range. One transaction re-checks the session under the envelope lock,
 * replaces the recipient's earlier preparation and records the audit entry. Nothing is signed yet:
 * the recipient stays NOT_SIGNED until `submit`.
 * @throws DIGITAL_SIGNATURE_NOT_EXPECTED, CERT_* (400), RECIPIENT_ALREADY_SIGNED, RECIPIENT_OUT_OF_TURN,
 *   RECIPIENT_HAS_UNSIGNED_FIELDS… (409), NOT_FOUND
 */
export async function prepareDigitalSignature(
  ctx: Ctx,
  token: string,
  input: { certificateChain: string[] },
  request: SigningRequest,
): Promise<PreparedSignatureAnswer> {
  const chain = decodeCertificateChain(input.certificateChain);
  const s = await loadSigningSession(ctx.db, token);
  const now = ctx.clock();
  await assertReady(ctx, s, now, request);
  const own = s.graph.fields.filter((f) => f.recipientId === s.recipient.id);
  const autoFilled = autoFilledFields(s, own, now);
  assertFieldsComplete(s, autoFilled.fields);

  const verdict = await checkSignerCertificate(ctx, chain, s.recipient.cuil, now);
  const signer: SignerCertificates = {
    certificate: verdict.leaf.der,
    // As sent, plus any issuer fetched from an AIA address: validators need the whole path too.
    chain: verdict.chain.slice(1),
    keyType: verdict.leaf.x509.publicKey.asymmetricKeyType === 'ec' ? 'ec' : 'rsa',
  };
  if (!['rsa', 'ec'].includes(verdict.leaf.x509.publicKey.asymmetricKeyType ?? ''))
    throw new AppError('CERT_INVALID', 'Only RSA and EC certificates can sign');

  const preparationId = randomToken(18);
  const { language } = s.meta;
  const revocation = await ctx.storage.putBytes(verdict.revocation.response);
  const issuerRevocations = await storeIssuerRevocations(ctx, verdict.issuerRevocations);
  const prepared: { item: ItemRow; signature: PreparedExternalSignature; stored: { sha256: string } }[] = [];
  for (const item of s.graph.items) {
    const base = await ctx.storage.getBytes(item.revisionSha256 ?? item.originalSha256);
    const layout = await signerLayout(ctx, s, item.id, autoFilled.fields, {
      cuil: verdict.cuil,
      issuer: verdict.issuer,
      now,
    });
    // Form fields, placeholder and the byte range's hash in a PDF thread: a long document stays off the loop.
    const revision = await ctx.pdf.run({
      kind: 'signer-revision',
      base,
      fields: layout.fields,
      form: { empty: layout.empty },
      signer,
      signature: {
        reason: digitalSignatureWords(language).reason(s.recipient.name || s.recipient.email || '', verdict.cuil),
        name: s.recipient.name || s.recipient.email,
        location: ctx.config.publicUrl,
        signingTime: now,
        ...(layout.signatureField ? { fieldName: layout.signatureField } : {}),
      },
    });
    const signature: PreparedExternalSignature = {
      pdf: asBuffer(revision.pdf),
      contentsStart: revision.contentsStart,
      contentsEnd: revision.contentsEnd,
      signedAttributes: asBuffer(revision.signedAttributes),
    };
    const stored = await ctx.storage.putBytes(signature.pdf);
    prepared.push({ item, signature, stored });
  }

  await ctx.db.transaction().execute(async (trx) => {
    const locked = await loadSigningSession(trx, token, { lock: true });
    await assertReady(ctx, locked, ctx.clock(), request, trx);
    for (const { item } of prepared) {
      const current = locked.graph.items.find((i) => i.id === item.id);
      if (!current || current.revisionSha256 !== item.revisionSha256) throw staleRevision();
    }
    await deletePreparedSignatures(trx, locked.graph.envelope.id, locked.recipient.id);
    for (const { item, signature, stored } of prepared) {
      await insertDigitalSignature(trx, {
        preparationId,
        envelopeId: locked.graph.envelope.id,
        recipientId: locked.recipient.id,
        envelopeItemId: item.id,
        status: 'PREPARED',
        tokenHash: hashSigningToken(token),
        baseSha256: item.revisionSha256,
        preparedSha256: stored.sha256,
        contentsStart: signature.contentsStart,
        contentsEnd: signature.contentsEnd,
        signedAttributes: signature.signedAttributes.toString('base64'),
        certificateChain: verdict.chain.map((c) => c.toString('base64')),
        subject: verdict.subject,
        issuer: verdict.issuer,
        serial: verdict.serialHex,
        cuil: verdict.cuil,
        revocationSource: verdict.revocation.source,
        revocationSha256: revocation.sha256,
        issuerRevocations,
        autoFill: autoFilled.values,
        signedSha256: null,
        signedAt: null,
        createdAt: now.toISOString(),
      });
    }
    await appendAuditEvent(ctx, trx, {
      envelopeId: locked.graph.envelope.id,
      type: 'DIGITAL_SIGNATURE_PREPARED',
      data: {
        certificateSubject: verdict.subject,
        certificateIssuer: verdict.issuer,
        certificateSerial: verdict.serialHex,
        cuil: verdict.cuil,
        revocationSource: verdict.revocation.source,
        items: prepared.map(({ item }) => item.id),
      },
      actor: recipientActor(locked.recipient),
      recipientId: locked.recipient.id,
      request,
      at: now,
    });
  });

  return {
    preparationId,
    signatures: prepared.map(({ item, signature }) => ({
      itemId: item.id,
      signedAttributes: signature.signedAttributes.toString('base64'),
      hashToSign: createHash('sha256').update(signature.signedAttributes).digest('base64'),
      hashAlgorithm: 'SHA-256' as const,
    })),
    certificate: {
      subject: verdict.subject,
      issuer: verdict.issuer,
      serialNumber: verdict.serialHex,
      cuil: verdict.cuil,
      revocationSource: verdict.revocation.source,
    },
  };
}

/**
 * What the signer's revision of one item writes (issue #34): every field of the item as a form field
 * — the signer's own and those of recipients who already signed filled, the others empty — and the
 * signer's visible signature field where their first SIGNATURE field is.
 */
async function signerLayout(
  ctx: Ctx,
  s: SigningSession,
  itemId: string,
  own: FieldRow[],
  certificate: { cuil: string; issuer: string; now: Date },
): Promise<FormLayout & { signatureField?: string }> {
  const signed = new Set(s.graph.recipients.filter((r) => r.signingStatus === 'SIGNED').map((r) => r.id));
  const others = s.graph.fields.filter((f) => f.envelopeItemId === itemId && signed.has(f.recipientId));
  const layout = await formLayout(ctx, s.graph, itemId, [...own.filter((f) => f.envelopeItemId === itemId), ...others]);
  const field = digitalSignatureFields(s.graph, itemId).get(s.recipient.id);
  if (!field) return layout;
  const appearance = signatureAppearanceField(s.graph, field, {
    recipient: s.recipient,
    cuil: certificate.cuil,
    issuer: certificate.issuer,
    signedAt: certificate.now,
    language: s.meta.language,
  });
  return { ...layout, fields: [...layout.fields, appearance], signatureField: appearance.form!.name };
}

export const staleRevision = (): AppError =>
  new AppError(
    'SIGNATURE_PREPARATION_STALE',
    'Another signer signed this document meanwhile; prepare the signature again',
  );

/** What prepare and submit both require of the recipient, verified by this caller. */
export async function assertReady(
  ctx: Ctx,
  s: SigningSession,
  now: Date,
  request: Pick<SigningRequest, 'verification' | 'accountSessionId'>,
  db = ctx.db,
): Promise<void> {
  const passes = passesOf(ctx.secrets, s, request, now);
  await assertAccessVerified(db, s, now, passes);
  if (s.recipient.signatureLevel !== 'DIGITAL')
    throw new AppError('DIGITAL_SIGNATURE_NOT_EXPECTED', 'This recipient signs electronically, not with a certificate');
  if (s.recipient.signingStatus === 'SIGNED')
    throw new AppError('RECIPIENT_ALREADY_SIGNED', 'This recipient has already signed');
  assertCanAct(s, now);
  await assertActionVerified(db, s, now, passes);
}

/**
 * The recipient's fields with Firma's own values for empty NAME/EMAIL/DATE (and those values by
 * field id, kept for `submit`) and the sender's prefills for the other empty ones (which `submit`
 * reads again from the fields, as finishRecipient does).
 */
export function autoFilledFields(
  s: SigningSession,
  own: FieldRow[],
  now: Date,
): { fields: FieldRow[]; values: Record<string, string> } {
  const values: Record<string, string> = {};
  const fields = own.map((field) => {
    const text = autoFill(s, field, now);
    if (text === null) {
      const prefill = prefillOf(field);
      return prefill ? { ...field, inserted: 1, value: prefill.stored, customText: prefill.customText } : field;
    }
    values[String(field.id)] = text;
    return { ...field, inserted: 1, value: { kind: 'text' as const, text }, customText: text };
  });
  return { fields, values };
}

/** The answers about the issuing certificates, stored as blobs, as `digital_signature` keeps them. */
async function storeIssuerRevocations(
  ctx: Ctx,
  answers: { certificate: Buffer; source: 'OCSP' | 'CRL'; response: Buffer }[],
): Promise<KeptIssuerRevocation[]> {
  const kept: KeptIssuerRevocation[] = [];
  for (const answer of answers) {
    const stored = await ctx.storage.putBytes(answer.response);
    kept.push({
      certificateSha256: createHash('sha256').update(answer.certificate).digest('hex'),
      source: answer.source,
      sha256: stored.sha256,
    });
  }
  return kept;
}

/** A Uint8Array from a PDF thread as a Buffer over the same memory. */
const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
