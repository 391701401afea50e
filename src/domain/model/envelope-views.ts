import { directLinkView } from './direct-link.js';
import type { TokenReveal } from './signing-links.js';
import type { AttachmentRow, EnvelopeGraph, EnvelopeRow, ItemRow } from '../../db/repositories/envelope.repo.js';
import { documentMetaView } from './document-meta-view.js';
import { fieldView } from './field-view.js';
import { folderView } from './folder-view.js';
import { recipientView } from './recipient-view.js';

/**
 * The public shapes of envelopes, as Documenso's API v2 names them, built from the one presenter
 * of each part (recipient, field, document meta). Used by every v2 response and by webhook payloads.
 */
export function attachmentView(a: AttachmentRow) {
  return { id: a.id, type: a.type, label: a.label, data: a.data };
}

export function itemView(i: ItemRow, envelope: Pick<EnvelopeRow, 'publicId'>) {
  return { id: i.id, envelopeId: envelope.publicId, title: i.title, order: i.order, documentDataId: i.documentDataId };
}

/**
 * Documenso's `user`, the document's owner: the owning member's name and address when it has one,
 * else the platform (Documenso's numeric user id has no counterpart: it stays the platform's id).
 */
export function ownerUserView(
  e: Pick<EnvelopeRow, 'platformId'>,
  platformName: string,
  owner: { name: string; email: string } | null | undefined,
) {
  return owner
    ? { id: e.platformId, name: owner.name, email: owner.email }
    : { id: e.platformId, name: platformName, email: '' };
}

/** The envelope's own members, shared by the lite, full and legacy document shapes. */
export function envelopeLiteView(e: EnvelopeRow) {
  const auth = e.authOptions;
  return {
    internalVersion: 2,
    type: e.type,
    status: e.status,
    source: e.source,
    visibility: e.visibility,
    templateType: e.templateType,
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
    formValues: e.formValues,
    publicTitle: e.publicTitle,
    publicDescription: e.publicDescription,
    userId: e.platformId,
    teamId: e.platformId,
    folderId: e.folderId,
    templateId: e.templateId ?? null,
  };
}

/** `reveal`: recipients' signing tokens, for the owner's full-scope tokens only (see tokenRevealFor). */
export function envelopeView(g: EnvelopeGraph, platformName: string, reveal?: TokenReveal) {
  const e = g.envelope;
  return {
    ...envelopeLiteView(e),
    documentMeta: documentMetaView(e),
    recipients: g.recipients.map((r) => recipientView(r, e, undefined, reveal)),
    fields: g.fields.map((f) => fieldView(f, e)),
    envelopeItems: g.items.map((i) => itemView(i, e)),
    attachments: g.attachments.map(attachmentView),
    directLink: g.directLink ? directLinkView(g.directLink, e, reveal) : null,
    team: { id: e.platformId, url: platformName },
    user: ownerUserView(e, platformName, g.owner),
  };
}

/** The legacy document shape (documents.get, template use): numeric id, `envelopeId` string. */
export function documentView(g: EnvelopeGraph, reveal?: TokenReveal) {
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
    folderId: e.folderId,
    useLegacyFieldInsertion: e.legacyFieldInsertion === 1,
    envelopeId: e.publicId,
    internalVersion: 2,
    templateId: e.templateId ?? null,
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
    folder: g.folder ? folderView(g.folder) : null,
    recipients: g.recipients.map((r) => recipientView(r, e, undefined, reveal)),
    fields: g.fields.map((f) => fieldView(f, e)),
  };
}
