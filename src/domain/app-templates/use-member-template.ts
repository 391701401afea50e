import type { ApiCaller } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { findVisibleEnvelope } from '../app-documents/visible-envelope.js';
import { useTemplate, type TemplateRecipientInput } from '../templates/use-template.js';

/**
 * A document made from a template the member may see, and sent at once, through the API's own
 * `template/use` (one transaction: a document that cannot be sent — a signer without a valid ID,
 * say — is refused whole and nothing is made). The member owns the new document.
 * @throws NOT_FOUND, and what useTemplate throws
 */
export async function useMemberTemplate(
  ctx: Ctx,
  caller: ApiCaller,
  publicId: string,
  input: { recipients: TemplateRecipientInput[]; distributeDocument: boolean },
): Promise<{ id: string }> {
  await findVisibleEnvelope(ctx, caller, publicId, 'TEMPLATE');
  const used = await useTemplate(ctx, caller, {
    template: { publicId },
    recipients: input.recipients,
    distributeDocument: input.distributeDocument,
    requestPath: [],
  });
  return { id: used.graph.envelope.publicId };
}
