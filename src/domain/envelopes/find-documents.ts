import type { Principal } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { documentView } from '../model/envelope-views.js';
import { tokenRevealFor } from '../model/signing-links.js';
import { findEnvelopeEntries, findEnvelopes, type FindEnvelopesInput } from './find-envelopes.js';
import { loadEnvelopeGraphs } from '../../db/repositories/envelope-graphs.repo.js';
import { templateListEntryView } from '../model/template-view.js';
import type { EnvelopeType } from '../../db/schema.js';

type EnvelopeListEntry = Awaited<ReturnType<typeof findEnvelopeEntries>>['data'][number];

/** The legacy document list entry (`document` find, get-many) of an envelope list entry. */
function documentListEntry({ row, view: e }: EnvelopeListEntry) {
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
    useLegacyFieldInsertion: row.legacyFieldInsertion === 1,
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
  const page = await findEnvelopeEntries(ctx, principal, { ...input, type: 'DOCUMENT' });
  return { ...page, data: page.data.map(documentListEntry) };
}

/**
 * Several envelopes of one type by their numeric id (documentId or templateId), in the order
 * asked, each once. Ids that are unknown, of another platform or of the other type are left out,
 * as Documenso does.
 */
async function getManyOfType(ctx: Ctx, principal: Principal, type: EnvelopeType, ids: number[]) {
  return (await loadEnvelopeGraphs(ctx.db, principal.platformId, ids)).filter((graph) => graph.envelope.type === type);
}

/** Several documents by documentId (see getManyOfType). */
export async function getManyDocuments(ctx: Ctx, principal: Principal, documentIds: number[]) {
  const reveal = tokenRevealFor(ctx, principal);
  return (await getManyOfType(ctx, principal, 'DOCUMENT', documentIds)).map((graph) => ({
    ...documentView(graph, reveal),
    user: { id: graph.envelope.platformId, name: principal.platformName, email: '' },
    team: { id: graph.envelope.platformId, url: principal.platformName },
  }));
}

/** Several templates by templateId (see getManyOfType). */
export async function getManyTemplates(ctx: Ctx, principal: Principal, templateIds: number[]) {
  const reveal = tokenRevealFor(ctx, principal);
  return (await getManyOfType(ctx, principal, 'TEMPLATE', templateIds)).map((graph) =>
    templateListEntryView(graph, principal.platformName, reveal),
  );
}

/**
 * The platform's templates, a page at a time, in Documenso's template list shape: the envelope
 * find restricted to templates (of one template type when `templateType` is given). A list entry carries the template's fields, which the envelope list does not
 * read: the page's templates are read whole, all of them in one query per table.
 */
export async function findTemplates(
  ctx: Ctx,
  principal: Principal,
  input: Pick<FindEnvelopesInput, 'page' | 'perPage' | 'query' | 'folderId' | 'templateType'>,
) {
  const page = await findEnvelopes(ctx, principal, { ...input, type: 'TEMPLATE', orderByDirection: 'desc' });
  const ids = page.data.map((e) => Number(e.secondaryId.slice('template_'.length)));
  return { ...page, data: await getManyTemplates(ctx, principal, ids) };
}
