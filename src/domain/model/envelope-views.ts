import type {
  AttachmentRow,
  EnvelopeGraph,
  EnvelopeRow,
  FieldRow,
  ItemRow,
  RecipientRow,
} from '../../db/repositories/envelope.repo.js';
import type { FieldMeta } from '../fields/field-meta.js';
import type { AccessAuth, ActionAuth, GlobalActionAuth } from '../recipients/recipient-input.js';
import { parseStoredMeta } from './envelope-meta.js';

/**
 * The public shapes of envelopes, recipients and fields, as Documenso's API v2 names them.
 * Used by every v2 response and by webhook payloads. Signing tokens never appear here: the
 * `token` member is always an empty string (signing URLs are handed out by distribute only).
 */
const parseJson = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

export function recipientView(
  r: RecipientRow,
  envelope: Pick<EnvelopeRow, 'publicId' | 'id' | 'type' | 'deletedAt'>,
  now: Date = new Date(),
) {
  const auth = parseJson<{ accessAuth: AccessAuth[]; actionAuth: ActionAuth[] }>(r.authOptions);
  return {
    envelopeId: envelope.publicId,
    role: r.role,
    readStatus: r.readStatus,
    signingStatus: r.signingStatus,
    sendStatus: r.sendStatus,
    id: r.id,
    email: r.email,
    name: r.name,
    token: '',
    documentDeletedAt: envelope.deletedAt,
    expired:
      r.expiresAt !== null && r.expiresAt <= now.toISOString() && r.signingStatus === 'NOT_SIGNED' ? r.expiresAt : null,
    expiresAt: r.expiresAt,
    expirationNotifiedAt: r.expirationNotifiedAt,
    signedAt: r.signedAt,
    authOptions: auth ? { accessAuth: auth.accessAuth ?? [], actionAuth: auth.actionAuth ?? [] } : null,
    signingOrder: r.signingOrder,
    rejectionReason: r.rejectionReason,
    cuil: r.cuil,
    phone: r.phone,
    idDocumentCountry: r.idDocumentCountry,
    idDocumentNumber: r.idDocumentNumber,
    idDocumentType: r.idDocumentType,
    firstName: r.firstName,
    lastName: r.lastName,
    documentId: envelope.type === 'DOCUMENT' ? envelope.id : null,
    templateId: envelope.type === 'TEMPLATE' ? envelope.id : null,
  };
}
export type RecipientView = ReturnType<typeof recipientView>;

export function fieldView(f: FieldRow, envelope: Pick<EnvelopeRow, 'publicId' | 'id' | 'type'>) {
  return {
    envelopeId: envelope.publicId,
    envelopeItemId: f.envelopeItemId,
    type: f.type,
    id: f.id,
    secondaryId: f.secondaryId,
    recipientId: f.recipientId,
    page: f.page,
    positionX: f.positionX,
    positionY: f.positionY,
    width: f.width,
    height: f.height,
    customText: f.customText,
    inserted: f.inserted === 1,
    fieldMeta: parseJson<FieldMeta>(f.fieldMeta),
    documentId: envelope.type === 'DOCUMENT' ? envelope.id : null,
    templateId: envelope.type === 'TEMPLATE' ? envelope.id : null,
  };
}
export type FieldView = ReturnType<typeof fieldView>;

export function attachmentView(a: AttachmentRow) {
  return { id: a.id, type: a.type, label: a.label, data: a.data };
}

export function itemView(i: ItemRow, envelope: Pick<EnvelopeRow, 'publicId'>) {
  return { id: i.id, envelopeId: envelope.publicId, title: i.title, order: i.order, documentDataId: i.documentDataId };
}

export function documentMetaView(e: EnvelopeRow) {
  const meta = parseStoredMeta(e.meta);
  return {
    id: e.metaId,
    subject: meta.subject,
    message: meta.message,
    timezone: meta.timezone,
    dateFormat: meta.dateFormat,
    redirectUrl: meta.redirectUrl,
    signingOrder: meta.signingOrder,
    allowDictateNextSigner: meta.allowDictateNextSigner,
    typedSignatureEnabled: meta.typedSignatureEnabled,
    uploadSignatureEnabled: meta.uploadSignatureEnabled,
    drawSignatureEnabled: meta.drawSignatureEnabled,
    language: meta.language,
    distributionMethod: meta.distributionMethod,
    emailSettings: meta.emailSettings,
    emailId: meta.emailId,
    emailReplyTo: meta.emailReplyTo,
    envelopeExpirationPeriod: meta.envelopeExpirationPeriod,
    reminderSettings: meta.reminderSettings,
    password: null,
    documentId: e.type === 'DOCUMENT' ? e.id : -1,
  };
}

/** The envelope's own members, shared by the lite, full and legacy document shapes. */
export function envelopeLiteView(e: EnvelopeRow) {
  const auth = parseJson<{ globalAccessAuth: AccessAuth[]; globalActionAuth: GlobalActionAuth[] }>(e.authOptions);
  return {
    internalVersion: 2,
    type: e.type,
    status: e.status,
    source: e.source,
    visibility: e.visibility,
    templateType: 'PRIVATE' as const,
    id: e.publicId,
    secondaryId: `${e.type === 'TEMPLATE' ? 'template' : 'document'}_${e.id}`,
    externalId: e.externalId,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
    completedAt: e.completedAt,
    deletedAt: e.deletedAt,
    title: e.title,
    authOptions: auth
      ? { globalAccessAuth: auth.globalAccessAuth ?? [], globalActionAuth: auth.globalActionAuth ?? [] }
      : null,
    formValues: parseJson<Record<string, string | number | boolean>>(e.formValues),
    publicTitle: '',
    publicDescription: '',
    userId: e.platformId,
    teamId: e.platformId,
    folderId: null,
    templateId: null,
  };
}

export function envelopeView(g: EnvelopeGraph, platformName: string) {
  const e = g.envelope;
  return {
    ...envelopeLiteView(e),
    documentMeta: documentMetaView(e),
    recipients: g.recipients.map((r) => recipientView(r, e)),
    fields: g.fields.map((f) => fieldView(f, e)),
    envelopeItems: g.items.map((i) => itemView(i, e)),
    attachments: g.attachments.map(attachmentView),
    directLink: null,
    team: { id: e.platformId, url: platformName },
    user: { id: e.platformId, name: platformName, email: '' },
  };
}

/** The legacy document shape (documents.get, template use): numeric id, `envelopeId` string. */
export function documentView(g: EnvelopeGraph) {
  const e = g.envelope;
  const first = g.items[0];
  return {
    visibility: e.visibility,
    status: e.status,
    source: e.source,
    id: e.id,
    externalId: e.externalId,
    userId: e.platformId,
    authOptions: envelopeLiteView(e).authOptions,
    formValues: envelopeLiteView(e).formValues,
    title: e.title,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
    completedAt: e.completedAt,
    deletedAt: e.deletedAt,
    teamId: e.platformId,
    folderId: null,
    useLegacyFieldInsertion: false,
    envelopeId: e.publicId,
    internalVersion: 2,
    templateId: null,
    documentDataId: first?.documentDataId ?? '',
    documentData: {
      type: 'S3_PATH' as const,
      id: first?.documentDataId ?? '',
      // Content addresses, never bytes: the PDF is downloaded from its own endpoint.
      data: first?.finalSha256 ?? first?.originalSha256 ?? '',
      initialData: first?.originalSha256 ?? '',
      envelopeItemId: first?.id ?? '',
    },
    documentMeta: documentMetaView(e),
    envelopeItems: g.items.map((i) => ({ id: i.id, envelopeId: e.publicId })),
    folder: null,
    recipients: g.recipients.map((r) => recipientView(r, e)),
    fields: g.fields.map((f) => fieldView(f, e)),
  };
}
