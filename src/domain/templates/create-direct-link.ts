import { insertDirectLink, type DirectLinkRow } from '../../db/repositories/direct-link.repo.js';
import {
  loadEnvelopeParts,
  lockEnvelope,
  updateEnvelope,
  type EnvelopeRow,
} from '../../db/repositories/envelope.repo.js';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../errors.js';
import { appendAuditEvent } from '../audit/append-audit-event.js';
import { apiActor, type ApiCaller } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { IssueCollector } from '../envelopes/validation-issues.js';
import { newId } from '../ids.js';
import { directLinkView, hashDirectLinkToken, newDirectLinkToken } from '../model/direct-link.js';
import { collectDirectLinkGaps, pickDirectRecipient } from './direct-link-rules.js';
import { loadIdentityRule } from '../recipients/load-identity-rule.js';

/** The caller's template, locked, with its parts and link. @throws NOT_FOUND (unknown, a document, another platform's) */
export async function lockTemplate(trx: Db, caller: ApiCaller, templateId: number) {
  const template = await lockEnvelope(trx, caller.principal.platformId, { documentId: templateId });
  if (!template || template.type !== 'TEMPLATE') throw notFound('Template');
  return loadEnvelopeParts(trx, template);
}

/** The view of a link just written, with its token (the caller holds a full-scope token: it wrote it). */
export function answeredLink(ctx: Ctx, link: DirectLinkRow, template: EnvelopeRow) {
  return directLinkView(
    link,
    template,
    Object.assign(() => '', { open: (s: string) => ctx.secrets.open(s) }),
  );
}

/**
 * `template/direct/create`: the template's one direct link, enabled, for the recipient the visitor
 * becomes (see pickDirectRecipient). In one transaction with its audit entry on the template's
 * chain; the template's version moves, so cached template answers show the link.
 * @throws NOT_FOUND, ALREADY_EXISTS (the template has a link: delete it first, as in Documenso),
 *   TEMPLATE_RECIPIENT_NOT_FOUND, DIRECT_LINK_RECIPIENT_INVALID, DIRECT_LINK_TEMPLATE_INCOMPLETE
 */
export async function createDirectLink(
  ctx: Ctx,
  caller: ApiCaller,
  input: { templateId: number; directRecipientId?: number | undefined },
) {
  return ctx.db.transaction().execute(async (trx) => {
    const graph = await lockTemplate(trx, caller, input.templateId);
    if (graph.directLink) throw new AppError('ALREADY_EXISTS', 'This template already has a direct link');
    const direct = pickDirectRecipient(graph, input.directRecipientId);
    const issues = new IssueCollector();
    collectDirectLinkGaps(graph, direct, await loadIdentityRule(trx, caller.principal.platformId), issues);
    issues.throwIfAny('Documents cannot be made from this template through a direct link yet');

    const now = ctx.clock();
    const iso = now.toISOString();
    const token = newDirectLinkToken();
    const link: DirectLinkRow = {
      id: newId('direct'),
      platformId: caller.principal.platformId,
      envelopeId: graph.envelope.id,
      directRecipientId: direct.id,
      tokenHash: hashDirectLinkToken(token),
      tokenSealed: ctx.secrets.seal(token),
      enabled: 1,
      createdAt: iso,
      updatedAt: iso,
    };
    await insertDirectLink(trx, link);
    await updateEnvelope(trx, graph.envelope.id, {}, now);
    await appendAuditEvent(ctx, trx, {
      envelopeId: graph.envelope.id,
      type: 'TEMPLATE_DIRECT_LINK_CREATED',
      data: { directLinkId: link.id, directRecipientId: direct.id },
      actor: apiActor(caller),
      request: caller.request,
      at: now,
    });
    return answeredLink(ctx, link, graph.envelope);
  });
}
