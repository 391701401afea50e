import type { EnvelopeGraph, EnvelopeRow, ItemRow } from '../../db/repositories/envelope.repo.js';
import { directLinkView } from './direct-link.js';
import { documentMetaView } from './document-meta-view.js';
import { envelopeLiteView, ownerUserView } from './envelope-views.js';
import { fieldView } from './field-view.js';
import { folderView } from './folder-view.js';
import { recipientView } from './recipient-view.js';
import type { TokenReveal } from './signing-links.js';

/**
 * The legacy template shapes of Documenso's `template` operations, built from the same part
 * presenters as the document shapes. `type` is the template type (PUBLIC ones may be listed on
 * the team's public profile), the numeric `id` is the templateId (the envelope's number, as documentId is
 * for documents), and `templateMeta` is the envelope's meta under the template's names.
 */
export function templateLiteView(e: EnvelopeRow, firstItem: ItemRow | undefined) {
  return {
    type: e.templateType,
    visibility: e.visibility,
    id: e.id,
    externalId: e.externalId,
    title: e.title,
    userId: e.platformId,
    teamId: e.platformId,
    authOptions: envelopeLiteView(e).authOptions,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
    publicTitle: e.publicTitle,
    publicDescription: e.publicDescription,
    folderId: e.folderId,
    useLegacyFieldInsertion: e.legacyFieldInsertion === 1,
    envelopeId: e.publicId,
    templateDocumentDataId: firstItem?.documentDataId ?? '',
  };
}

export function templateMetaView(e: EnvelopeRow) {
  const m = documentMetaView(e);
  return {
    id: m.id,
    subject: m.subject,
    message: m.message,
    timezone: m.timezone,
    dateFormat: m.dateFormat,
    signingOrder: m.signingOrder,
    typedSignatureEnabled: m.typedSignatureEnabled,
    uploadSignatureEnabled: m.uploadSignatureEnabled,
    drawSignatureEnabled: m.drawSignatureEnabled,
    allowDictateNextSigner: m.allowDictateNextSigner,
    distributionMethod: m.distributionMethod,
    redirectUrl: m.redirectUrl,
    language: m.language,
    emailSettings: m.emailSettings,
    emailId: m.emailId,
    emailReplyTo: m.emailReplyTo,
    templateId: e.id,
  };
}

/** A template with its recipients, fields, meta and PDF reference (template get, create/beta). */
export function templateView(g: EnvelopeGraph, platformName: string, reveal?: TokenReveal) {
  const e = g.envelope;
  const first = g.items[0];
  return {
    ...templateLiteView(e, first),
    templateDocumentData: {
      type: 'S3_PATH' as const,
      id: first?.documentDataId ?? '',
      // Content addresses, never bytes, as in the document shape.
      data: first?.originalSha256 ?? '',
      initialData: first?.originalSha256 ?? '',
      envelopeItemId: first?.id ?? '',
    },
    templateMeta: templateMetaView(e),
    directLink: g.directLink ? directLinkView(g.directLink, e, reveal) : null,
    user: ownerUserView(e, platformName, g.owner),
    recipients: g.recipients.map((r) => recipientView(r, e, undefined, reveal)),
    fields: g.fields.map((f) => fieldView(f, e)),
    folder: g.folder ? folderView(g.folder) : null,
    envelopeItems: g.items.map((i) => ({ id: i.id, envelopeId: e.publicId })),
  };
}

/** A template in a list (find, get-many): the lite shape with its team, parts and signing order. */
export function templateListEntryView(g: EnvelopeGraph, platformName: string, reveal?: TokenReveal) {
  const e = g.envelope;
  const meta = documentMetaView(e);
  return {
    ...templateLiteView(e, g.items[0]),
    team: { id: e.platformId, url: platformName, name: platformName },
    fields: g.fields.map((f) => fieldView(f, e)),
    recipients: g.recipients.map((r) => recipientView(r, e, undefined, reveal)),
    templateMeta: { signingOrder: meta.signingOrder, distributionMethod: meta.distributionMethod },
    directLink: g.directLink ? directLinkView(g.directLink, e, reveal) : null,
  };
}
