import type { DirectLinkRow } from '../../db/repositories/direct-link.repo.js';
import type { Ctx } from '../context.js';
import { directLinkUrl } from '../model/direct-link.js';

/**
 * A template's direct link as the web app shows it to a member who may see the template: its
 * public address (the template is meant to be shared through it), whether it is on, and the
 * template recipient a visitor becomes.
 */
export function memberDirectLinkView(
  ctx: Ctx,
  link: Pick<DirectLinkRow, 'id' | 'enabled' | 'directRecipientId' | 'createdAt' | 'tokenSealed'>,
) {
  return {
    id: link.id,
    enabled: link.enabled === 1,
    url: directLinkUrl(ctx, ctx.secrets.open(link.tokenSealed)),
    directRecipientId: link.directRecipientId,
    createdAt: link.createdAt,
  };
}
