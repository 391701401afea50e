import type { ApiCaller } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { findVisibleEnvelope } from '../app-documents/visible-envelope.js';
import { loadIdentityRule } from '../recipients/load-identity-rule.js';
import { memberDirectLinkView } from './member-direct-link-view.js';

/**
 * A template's direct link (null when it has none) and the team's identity rule, which decides
 * whether the template's signers need an ID when a document is made from it: what the template
 * page needs besides the template itself. Hidden by visibility, another team's or unknown: NOT_FOUND.
 * @throws NOT_FOUND
 */
export async function getMemberDirectLink(ctx: Ctx, caller: ApiCaller, publicId: string) {
  const graph = await findVisibleEnvelope(ctx, caller, publicId, 'TEMPLATE');
  return {
    link: graph.directLink ? memberDirectLinkView(ctx, graph.directLink) : null,
    identityRule: await loadIdentityRule(ctx.db, caller.principal.platformId),
  };
}
