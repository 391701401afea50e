import { deleteDirectLinkOfTemplate } from '../../db/repositories/direct-link.repo.js';
import { updateEnvelope } from '../../db/repositories/envelope.repo.js';
import { notFound } from '../../errors.js';
import { appendAuditEvent } from '../audit/append-audit-event.js';
import { apiActor, type ApiCaller } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { lockTemplate } from './create-direct-link.js';

/**
 * `template/direct/delete`: removes the template's link; its token is dead for good (a new link
 * gets a new token). Documents already made through it stay as they are.
 * @throws NOT_FOUND (no such template of this platform, or it has no link)
 */
export async function deleteDirectLink(ctx: Ctx, caller: ApiCaller, input: { templateId: number }): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const graph = await lockTemplate(trx, caller, input.templateId);
    const link = graph.directLink;
    if (!link) throw notFound('Direct link');
    const now = ctx.clock();
    await deleteDirectLinkOfTemplate(trx, link.platformId, link.envelopeId);
    await updateEnvelope(trx, graph.envelope.id, {}, now);
    await appendAuditEvent(ctx, trx, {
      envelopeId: graph.envelope.id,
      type: 'TEMPLATE_DIRECT_LINK_DELETED',
      data: { directLinkId: link.id, directRecipientId: link.directRecipientId },
      actor: apiActor(caller),
      request: caller.request,
      at: now,
    });
  });
}
