import type { EnvelopeGraph } from '../../db/repositories/envelope.repo.js';
import { pick } from '../../lib/pick.js';
import { documentMetaView } from '../model/document-meta-view.js';
import { envelopeLiteView } from '../model/envelope-views.js';
import { recipientView } from '../model/recipient-view.js';

// What Documenso's webhook payload carries of the v2 recipient and document meta, in its order.
const WEBHOOK_RECIPIENT_MEMBERS = [
  'id',
  'envelopeId',
  'documentId',
  'templateId',
  'email',
  'name',
  'token',
  'documentDeletedAt',
  'expiresAt',
  'expirationNotifiedAt',
  'signedAt',
  'authOptions',
  'signingOrder',
  'rejectionReason',
  'role',
  'readStatus',
  'signingStatus',
  'sendStatus',
  // Firma's extension: which signature this recipient gives (issue #22).
  'signatureLevel',
] as const;
const WEBHOOK_META_MEMBERS = [
  'id',
  'subject',
  'message',
  'timezone',
  'dateFormat',
  'redirectUrl',
  'signingOrder',
  'allowDictateNextSigner',
  'typedSignatureEnabled',
  'uploadSignatureEnabled',
  'drawSignatureEnabled',
  'language',
  'distributionMethod',
  'emailSettings',
] as const;

/**
 * The `payload` member of a webhook body: the document with its recipients, in the shape
 * Documenso's receivers parse (`Recipient` repeats `recipients` for legacy receivers). Unlike
 * Documenso it carries no signing tokens, and the real timezone and date format.
 */
export function envelopeEventPayload(g: EnvelopeGraph) {
  const e = g.envelope;
  const lite = envelopeLiteView(e);
  const recipients = g.recipients.map((r) => pick(recipientView(r, e), WEBHOOK_RECIPIENT_MEMBERS));
  return {
    id: e.id,
    envelopeId: e.publicId,
    externalId: e.externalId,
    userId: e.platformId,
    authOptions: lite.authOptions,
    formValues: lite.formValues,
    visibility: e.visibility,
    title: e.title,
    status: e.status,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
    completedAt: e.completedAt,
    deletedAt: e.deletedAt,
    teamId: e.platformId,
    templateId: null,
    source: e.source,
    documentMeta: pick(documentMetaView(e), WEBHOOK_META_MEMBERS),
    recipients,
    Recipient: recipients,
  };
}
