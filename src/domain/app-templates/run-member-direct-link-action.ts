import type { ApiCaller } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { findVisibleEnvelope } from '../app-documents/visible-envelope.js';
import { createDirectLink } from '../templates/create-direct-link.js';
import { deleteDirectLink } from '../templates/delete-direct-link.js';
import { toggleDirectLink } from '../templates/toggle-direct-link.js';
import { directLinkUrl } from '../model/direct-link.js';

/** What a member may do to the direct link of a template they may see. */
export type DirectLinkAction =
  | { kind: 'create'; directRecipientId?: number | undefined }
  | { kind: 'toggle'; enabled: boolean }
  | { kind: 'delete' };

/**
 * One change to a template's direct link from the web app, through the API's own use case (one
 * transaction with its audit entry, in the member's name). A template hidden by visibility,
 * another team's or unknown is NOT_FOUND and nothing changes. Answers the link (null once deleted).
 * @throws NOT_FOUND, and what each use case throws (ALREADY_EXISTS, DIRECT_LINK_TEMPLATE_INCOMPLETE, …)
 */
export async function runMemberDirectLinkAction(
  ctx: Ctx,
  caller: ApiCaller,
  publicId: string,
  action: DirectLinkAction,
) {
  const graph = await findVisibleEnvelope(ctx, caller, publicId, 'TEMPLATE');
  const templateId = graph.envelope.id;
  if (action.kind === 'delete') {
    await deleteDirectLink(ctx, caller, { templateId });
    return { link: null };
  }
  // The use cases answer Documenso's shape, with the token (the member's caller has full scope).
  const link =
    action.kind === 'create'
      ? await createDirectLink(ctx, caller, { templateId, directRecipientId: action.directRecipientId })
      : await toggleDirectLink(ctx, caller, { templateId, enabled: action.enabled });
  return {
    link: {
      id: link.id,
      enabled: link.enabled,
      url: directLinkUrl(ctx, link.token),
      directRecipientId: link.directTemplateRecipientId,
      createdAt: link.createdAt,
    },
  };
}
