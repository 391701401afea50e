import type { EnvelopeGraph } from '../../db/repositories/envelope.repo.js';
import { documentMetaView, envelopeLiteView, recipientView } from '../model/envelope-views.js';

/**
 * The `payload` member of a webhook body: the document with its recipients, in the shape
 * Documenso's receivers parse (`Recipient` repeats `recipients` for legacy receivers). Unlike
 * Documenso it carries no signing tokens, and the real timezone and date format.
 */
export function envelopeEventPayload(g: EnvelopeGraph) {
  const e = g.envelope;
  const lite = envelopeLiteView(e);
  const recipients = g.recipients.map((r) => {
    const view = recipientView(r, e);
    return {
      id: view.id,
      envelopeId: view.envelopeId,
      documentId: view.documentId,
      templateId: view.templateId,
      email: view.email,
      name: view.name,
      token: '',
      documentDeletedAt: view.documentDeletedAt,
      expiresAt: view.expiresAt,
      expirationNotifiedAt: view.expirationNotifiedAt,
      signedAt: view.signedAt,
      authOptions: view.authOptions,
      signingOrder: view.signingOrder,
      rejectionReason: view.rejectionReason,
      role: view.role,
      readStatus: view.readStatus,
      signingStatus: view.signingStatus,
      sendStatus: view.sendStatus,
    };
  });
  const meta = documentMetaView(e);
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
    documentMeta: {
      id: meta.id,
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
    },
    recipients,
    Recipient: recipients,
  };
}
