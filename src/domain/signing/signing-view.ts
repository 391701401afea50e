import type { FieldRow, ItemRow } from '../../db/repositories/envelope.repo.js';
import { pick } from '../../lib/pick.js';
import { fieldMembers } from '../model/field-view.js';
import { currentConsent } from '../model/signing-consent.js';
import { allActed, currentTurn } from '../model/signing-turn.js';
import { certificateSignatureFieldIds } from './certificate-signature-fields.js';
import { downloadUntil } from './download-recipient-file.js';
import { fillableFields, signingState, type SigningSession } from './signing-session.js';

/**
 * A field as the signing page sees it: where it is, what it takes, what it holds. The v2 field's
 * members (the one field presenter) plus the recipient's value; the order is `ZSigningField`'s.
 */
export function signingFieldView(f: FieldRow, ownerId: number, byCertificate: ReadonlySet<number> = new Set()) {
  const base = fieldMembers(f);
  const value = f.value;
  return {
    ...pick(base, ['id', 'envelopeItemId', 'recipientId']),
    isOwn: f.recipientId === ownerId,
    signedByCertificate: byCertificate.has(f.id),
    ...pick(base, ['type', 'page', 'positionX', 'positionY', 'width', 'height', 'fieldMeta', 'inserted', 'customText']),
    values: value?.kind === 'choices' ? value.values : null,
    signature:
      value?.kind === 'signature'
        ? value.signature.type === 'typed'
          ? { type: 'typed' as const, text: value.signature.text }
          : { type: value.signature.type }
        : null,
  };
}
export type SigningFieldView = ReturnType<typeof signingFieldView>;

function itemView(i: ItemRow) {
  return {
    id: i.id,
    title: i.title,
    order: i.order,
    pageCount: i.pageCount,
    pages: i.pages.map((p) => ({ width: p.width, height: p.height })),
  };
}

/**
 * Everything the signing page (or an embedder's own UI) needs, and nothing private of others.
 * `days` is FIRMA_RECIPIENT_DOWNLOAD_DAYS: after completion the view says until when the signed
 * copy can be downloaded from this link.
 */
export function signingView(s: SigningSession, now: Date, days: number) {
  const { envelope } = s.graph;
  const r = s.recipient;
  const state = signingState(s, now);
  const byCertificate = certificateSignatureFieldIds(s);
  return {
    state,
    isTurn: envelope.status === 'PENDING' && currentTurn(s.graph.recipients, s.meta.signingOrder).has(r.id),
    envelope: {
      id: envelope.publicId,
      title: envelope.title,
      status: envelope.status,
      legacyFieldInsertion: envelope.legacyFieldInsertion === 1,
      items: s.graph.items.map(itemView),
      meta: {
        language: s.meta.language,
        timezone: s.meta.timezone,
        dateFormat: s.meta.dateFormat,
        signingOrder: s.meta.signingOrder,
        subject: s.meta.subject,
        message: s.meta.message,
        redirectUrl: s.meta.redirectUrl,
        typedSignatureEnabled: s.meta.typedSignatureEnabled,
        drawSignatureEnabled: s.meta.drawSignatureEnabled,
        uploadSignatureEnabled: s.meta.uploadSignatureEnabled,
        allowDictateNextSigner: s.meta.allowDictateNextSigner,
      },
    },
    recipient: {
      id: r.id,
      name: r.name,
      email: r.email,
      role: r.role,
      signingOrder: r.signingOrder,
      readStatus: r.readStatus,
      signingStatus: r.signingStatus,
      sendStatus: r.sendStatus,
      expiresAt: r.expiresAt,
      signedAt: r.signedAt,
      rejectionReason: r.rejectionReason,
      signatureLevel: r.signatureLevel,
    },
    fields: fillableFields(s).map((f) => signingFieldView(f, r.id, byCertificate)),
    attachments: s.graph.attachments.map((a) => ({ id: a.id, type: a.type, label: a.label, data: a.data })),
    // While the last one's completion is being sealed the document is still PENDING: this tells
    // "waiting for others" from "being finished".
    everyoneActed: allActed(s.graph.recipients),
    download: downloadView(s, now, days),
    consent: currentConsent(r.signatureLevel),
  };
}
export type SigningView = ReturnType<typeof signingView>;

function downloadView(s: SigningSession, now: Date, days: number) {
  const until = downloadUntil(s, days);
  if (!until) return null;
  return { availableUntil: until.toISOString(), expired: until <= now };
}
