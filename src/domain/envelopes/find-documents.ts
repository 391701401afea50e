import { isAppError } from '../../errors.js';
import type { Principal } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { documentView } from '../model/envelope-views.js';
import { tokenRevealFor } from '../model/signing-links.js';
import { findEnvelopes, type FindEnvelopesInput } from './find-envelopes.js';
import { getEnvelopeGraph } from './get-envelope.js';

type EnvelopeListEntry = Awaited<ReturnType<typeof findEnvelopes>>['data'][number];

/** The legacy document list entry (`document` find, get-many) of an envelope list entry. */
function documentListEntry(e: EnvelopeListEntry) {
  return {
    visibility: e.visibility,
    status: e.status,
    source: e.source,
    // The envelope shape's secondaryId is `document_<documentId>`: the number the legacy shape names.
    id: Number(e.secondaryId.slice('document_'.length)),
    externalId: e.externalId,
    userId: e.userId,
    authOptions: e.authOptions,
    formValues: e.formValues,
    title: e.title,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
    completedAt: e.completedAt,
    deletedAt: e.deletedAt,
    teamId: e.teamId,
    folderId: e.folderId,
    useLegacyFieldInsertion: false,
    envelopeId: e.id,
    internalVersion: e.internalVersion,
    templateId: e.templateId,
    user: e.user,
    recipients: e.recipients,
    team: e.team,
  };
}

/**
 * The platform's documents (envelopes of type DOCUMENT), a page at a time, in the legacy document
 * shape of Documenso's `document` find: the envelope find with its filters, restricted to documents.
 */
export async function findDocuments(ctx: Ctx, principal: Principal, input: Omit<FindEnvelopesInput, 'type'>) {
  const page = await findEnvelopes(ctx, principal, { ...input, type: 'DOCUMENT' });
  return { ...page, data: page.data.map(documentListEntry) };
}

/**
 * Several documents by documentId, in the order asked, each once. Ids that are unknown, of
 * another platform or of a template are left out, as Documenso does.
 */
export async function getManyDocuments(ctx: Ctx, principal: Principal, documentIds: number[]) {
  const data = [];
  for (const documentId of new Set(documentIds)) {
    const graph = await getEnvelopeGraph(ctx.db, principal.platformId, { documentId }).catch((error: unknown) => {
      if (isAppError(error) && error.code === 'NOT_FOUND') return null;
      throw error;
    });
    if (!graph || graph.envelope.type !== 'DOCUMENT') continue;
    data.push({
      ...documentView(graph, tokenRevealFor(ctx, principal)),
      user: { id: graph.envelope.platformId, name: principal.platformName, email: '' },
      team: { id: graph.envelope.platformId, url: principal.platformName },
    });
  }
  return data;
}
