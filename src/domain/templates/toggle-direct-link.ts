import { setDirectLinkEnabled } from '../../db/repositories/direct-link.repo.js';
import { updateEnvelope } from '../../db/repositories/envelope.repo.js';
import { notFound } from '../../errors.js';
import { appendAuditEvent } from '../audit/append-audit-event.js';
import { apiActor, type ApiCaller } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { answeredLink, lockTemplate } from './create-direct-link.js';

/**
 * `template/direct/toggle`: turns the template's link on or off (a visitor of a disabled link gets
 * a clear page, 410). Setting the state it already has changes nothing and writes no entry.
 * @throws NOT_FOUND (no such template of this platform, or it has no link)
 */
export async function toggleDirectLink(ctx: Ctx, caller: ApiCaller, input: { templateId: number; enabled: boolean }) {
  return ctx.db.transaction().execute(async (trx) => {
    const graph = await lockTemplate(trx, caller, input.templateId);
    const link = graph.directLink;
    if (!link) throw notFound('Direct link');
    const enabled = input.enabled ? 1 : 0;
    if (link.enabled === enabled) return answeredLink(ctx, link, graph.envelope);
    const now = ctx.clock();
    const iso = now.toISOString();
    await setDirectLinkEnabled(trx, link.platformId, link.envelopeId, input.enabled, iso);
    await updateEnvelope(trx, graph.envelope.id, {}, now);
    await appendAuditEvent(ctx, trx, {
      envelopeId: graph.envelope.id,
      type: 'TEMPLATE_DIRECT_LINK_TOGGLED',
      data: { directLinkId: link.id, enabled: input.enabled },
      actor: apiActor(caller),
      request: caller.request,
      at: now,
    });
    return answeredLink(ctx, { ...link, enabled, updatedAt: iso }, graph.envelope);
  });
}
