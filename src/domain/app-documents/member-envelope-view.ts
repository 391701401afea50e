import type { TemplateType } from '../../lib/vocabulary/template-types.js';
import type { EnvelopeRow, RecipientRow } from '../../db/repositories/envelope.repo.js';

/**
 * The web app's shapes of documents and templates: what its lists and document page show, never a
 * signing token or link (those stay with the API's owners and the recipients' mails).
 */
export function memberRecipientView(r: RecipientRow) {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    role: r.role,
    signingOrder: r.signingOrder,
    sendStatus: r.sendStatus,
    readStatus: r.readStatus,
    signingStatus: r.signingStatus,
    sentAt: r.sentAt,
    openedAt: r.openedAt,
    signedAt: r.signedAt,
    expiresAt: r.expiresAt,
    rejectionReason: r.rejectionReason,
  };
}

export function memberEnvelopeView(
  e: EnvelopeRow,
  recipients: readonly RecipientRow[],
  owner: { name: string; email: string } | null | undefined,
) {
  return {
    id: e.publicId,
    numericId: e.id,
    type: e.type,
    title: e.title,
    status: e.status,
    visibility: e.visibility,
    externalId: e.externalId,
    folderId: e.folderId,
    owner: e.ownerUserId && owner ? { userId: e.ownerUserId, name: owner.name, email: owner.email } : null,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
    sentAt: e.sentAt,
    completedAt: e.completedAt,
    recipients: recipients.map(memberRecipientView),
  };
}

export interface TemplatePublication {
  type: TemplateType;
  publicTitle: string;
  publicDescription: string;
}

/** What the template page shows of its listing on the team's public profile. */
export function publicationOf(e: {
  templateType: TemplateType;
  publicTitle: string;
  publicDescription: string;
}): TemplatePublication {
  return { type: e.templateType, publicTitle: e.publicTitle, publicDescription: e.publicDescription };
}
