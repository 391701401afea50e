import {
  findBulkSendForWorker,
  finishBulkSend,
  markRowDone,
  markRowFailed,
  nextPendingRows,
  type BulkSendRowRow,
} from '../../db/repositories/bulk-send.repo.js';
import { isAppError } from '../../errors.js';
import type { ApiCaller } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { useTemplate } from '../templates/use-template.js';
import type { BulkRowInput } from './plan-bulk-rows.js';

const BATCH = 100;

/** Thrown inside a row's transaction when another run already made its document: rolls it back. */
class RowAlreadyDone extends Error {}

/**
 * The bulk-send job: each pending row becomes one document through `use`, in its own transaction,
 * and the row is marked DONE inside that transaction. So a crash at any point loses nothing and
 * repeats nothing: a restarted job finds the row either still pending (its document rolled back
 * with it) or done. A row `use` refuses (the template changed, a rule only `use` knows) is recorded
 * FAILED with the reason; an unexpected error ends the run for now and the job is retried.
 */
export async function runBulkSend(ctx: Ctx, bulkSendId: string): Promise<void> {
  const run = await findBulkSendForWorker(ctx.db, bulkSendId);
  if (!run || run.status !== 'RUNNING') return;
  const caller = JSON.parse(run.caller) as ApiCaller;
  for (;;) {
    const rows = await nextPendingRows(ctx.db, run.id, BATCH);
    if (rows.length === 0) break;
    for (const row of rows) {
      await sendRow(ctx, run.templateId, run.distribute === 1, caller, row);
      // On SQLite every statement is synchronous, so a row's awaits settle as microtasks and a
      // run of thousands would hold the event loop for its whole length: requests wait a turn.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
  await finishBulkSend(ctx.db, run.id, ctx.clock().toISOString());
}

async function sendRow(
  ctx: Ctx,
  templateId: number,
  distribute: boolean,
  caller: ApiCaller,
  row: BulkSendRowRow,
): Promise<void> {
  const key = { bulkSendId: row.bulkSendId, rowNumber: row.rowNumber, platformId: row.platformId };
  const input = JSON.parse(row.input ?? '{}') as BulkRowInput;
  try {
    await useTemplate(ctx, caller, {
      template: { documentId: templateId },
      recipients: input.recipients,
      prefillFields: input.prefillFields,
      distributeDocument: distribute,
      externalId: input.externalId,
      override: input.title ? { title: input.title } : undefined,
      requestPath: [],
      withinTransaction: async (trx, result) => {
        const marked = await markRowDone(trx, key, result.graph.envelope.id, ctx.clock().toISOString());
        if (marked === 0) throw new RowAlreadyDone();
      },
    });
  } catch (error) {
    if (error instanceof RowAlreadyDone) return;
    if (!isAppError(error) || error.status >= 500) throw error;
    const detail = error.issues?.map((i) => i.message).join('; ');
    await markRowFailed(
      ctx.db,
      key,
      JSON.stringify({ message: detail ? `${error.message}: ${detail}` : error.message, code: error.code }),
      ctx.clock().toISOString(),
    );
  }
}
