import type { ApiCaller } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { findVisibleEnvelope } from '../app-documents/visible-envelope.js';
import { updateEnvelopeData } from '../envelopes/manage-items.js';
import type { TemplatePublication } from '../app-documents/member-envelope-view.js';

/**
 * Lists a template on the team's public profile (PUBLIC, with the title and description visitors
 * read) or takes it off (PRIVATE): the API's template/update, audited in the member's name, for a
 * member who may see the template (anything else: NOT_FOUND, nothing changed).
 * @throws NOT_FOUND
 */
export async function publishMemberTemplate(
  ctx: Ctx,
  caller: ApiCaller,
  publicId: string,
  publication: TemplatePublication,
): Promise<TemplatePublication> {
  await findVisibleEnvelope(ctx, caller, publicId, 'TEMPLATE');
  await updateEnvelopeData(ctx, caller, publicId, {
    templateType: publication.type,
    publicTitle: publication.publicTitle,
    publicDescription: publication.publicDescription,
  });
  return publication;
}
