import { findBulkSend } from '../../db/repositories/bulk-send.repo.js';
import { notFound } from '../../errors.js';
import type { Ctx } from '../context.js';
import { presentBulkSend, type BulkSendView } from './bulk-send-view.js';

/**
 * A bulk send's progress, scoped by platform (another platform's id is NOT_FOUND).
 * @throws NOT_FOUND
 */
export async function getBulkSend(ctx: Ctx, platformId: number, id: string): Promise<BulkSendView> {
  const run = await findBulkSend(ctx.db, platformId, id);
  if (!run) throw notFound('Bulk send');
  return presentBulkSend(ctx.db, run);
}
