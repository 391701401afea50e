import { compactEnvelopeCounts, platformsWithManyCountRows } from '../../db/repositories/envelope-count.repo.js';
import type { Ctx } from '../context.js';

/** How often the worker looks for counters to fold, and past how many rows a platform's are folded. */
export const FOLD_ENVELOPE_COUNTS_EVERY_MS = 30_000;
const FOLD_AFTER_ROWS = 200;

/**
 * On PostgreSQL every create, delete and status change adds counter rows (deltas, so writers never
 * wait on one another's row: migration 0078); the worker folds a platform's once they pass
 * FOLD_AFTER_ROWS, so a listing sums a few dozen rows. A periodic task, never a listing's: reads
 * write nothing. A fold that fails leaves the deltas as they were, and the sum is right either way.
 */
export async function foldEnvelopeCounts(ctx: Pick<Ctx, 'db'>): Promise<number> {
  let folded = 0;
  for (const platformId of await platformsWithManyCountRows(ctx.db, FOLD_AFTER_ROWS))
    if (await compactEnvelopeCounts(ctx.db, platformId)) folded++;
  return folded;
}
