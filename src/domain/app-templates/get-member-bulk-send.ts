import type { ApiCaller } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { findVisibleEnvelope } from '../app-documents/visible-envelope.js';
import { getBulkSend } from '../bulk-send/get-bulk-send.js';
import type { BulkSendView } from '../bulk-send/bulk-send-view.js';
import { notFound } from '../../errors.js';

/**
 * A bulk send's progress for the template page: only a run of that template, which the member
 * may see; anything else (another template's run, another team's, unknown) is NOT_FOUND alike.
 * @throws NOT_FOUND
 */
export async function getMemberBulkSend(
  ctx: Ctx,
  caller: ApiCaller,
  publicId: string,
  bulkSendId: string,
): Promise<BulkSendView> {
  const graph = await findVisibleEnvelope(ctx, caller, publicId, 'TEMPLATE');
  const view = await getBulkSend(ctx, caller.principal.platformId, bulkSendId);
  if (view.templateId !== graph.envelope.id) throw notFound('Bulk send');
  return view;
}
