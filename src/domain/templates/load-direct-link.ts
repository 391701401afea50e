import { findDirectLinkByTokenHash } from '../../db/repositories/direct-link.repo.js';
import { AppError, notFound } from '../../errors.js';
import type { Ctx } from '../context.js';
import { getEnvelopeGraph } from '../envelopes/get-envelope.js';
import { hashDirectLinkToken } from '../model/direct-link.js';
import { disabledLink } from './direct-link-rules.js';
import { loadIdentityRule } from '../recipients/load-identity-rule.js';

/**
 * The link behind a public token, its template and its platform's identity rule, read without writing anything.
 * @throws NOT_FOUND (unknown or deleted link, deleted template: the same answer), DIRECT_LINK_DISABLED,
 *   DIRECT_LINK_TEMPLATE_INCOMPLETE (the recipient it names is gone)
 */
export async function loadDirectLink(ctx: Ctx, token: string) {
  if (token.length < 16 || token.length > 128) throw notFound('Direct link');
  const link = await findDirectLinkByTokenHash(ctx.db, hashDirectLinkToken(token));
  if (!link) throw notFound('Direct link');
  if (link.enabled !== 1) throw disabledLink();
  const graph = await getEnvelopeGraph(ctx.db, link.platformId, { documentId: link.envelopeId });
  const direct = graph.recipients.find((r) => r.id === link.directRecipientId);
  // The owner removed the recipient the link named: unusable until the link is made again.
  if (!direct) throw unusableLink();
  return { link, graph, direct, identityRule: await loadIdentityRule(ctx.db, link.platformId) };
}

/** Said to a visitor whatever the template lacks: its recipients are the owner's business. */
export const unusableLink = () =>
  new AppError(
    'DIRECT_LINK_TEMPLATE_INCOMPLETE',
    'This link cannot be used right now: the sender has to complete the document first',
  );
