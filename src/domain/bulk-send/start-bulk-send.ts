import { insertBulkSendRows, insertBulkSendRun } from '../../db/repositories/bulk-send.repo.js';
import type { BulkSendRowTable } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import type { ApiCaller } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { getEnvelopeGraph, type EnvelopeGraph } from '../envelopes/get-envelope.js';
import { newId } from '../ids.js';
import { BULK_SEND_JOB } from '../jobs/job-catalogue.js';
import { enqueueJob } from '../jobs/enqueue-job.js';
import { presentBulkSend, type BulkSendView } from './bulk-send-view.js';
import type { PlannedRow } from './plan-bulk-rows.js';
import type { BulkCsv } from './read-bulk-csv.js';

/** At most this many rows are checked and inserted per step of the start transaction… */
const CHUNK = 500;
/** …and no more than fit in this many milliseconds (checking a row costs ~0.1-0.3 ms). */
const SLICE_MS = 5;

/**
 * The template a bulk send reads its CSV against, loaded before the upload is read: another
 * platform's (or an unknown) id is 404 whatever the body, and no upload is read for it.
 * @throws NOT_FOUND
 */
export async function findBulkSendTemplate(ctx: Ctx, platformId: number, templateId: number): Promise<EnvelopeGraph> {
  const template = await getEnvelopeGraph(ctx.db, platformId, { documentId: templateId }).catch((error: unknown) => {
    throw error instanceof AppError && error.code === 'NOT_FOUND' ? notFound('Template') : error;
  });
  if (template.envelope.type !== 'TEMPLATE') throw notFound('Template');
  return template;
}

export interface StartBulkSendInput {
  template: EnvelopeGraph;
  /** The CSV as `readBulkCsv` read it (header checked, every cap passed); its rows are planned here. */
  csv: BulkCsv;
  distribute: boolean;
}

/**
 * Starts a bulk send from its CSV: checks each row as `use` would (a row with a problem is
 * recorded FAILED with its line and column) and stores the run, its rows and the job that works
 * through them, in one transaction, and answers at once. The rows are checked and inserted in
 * steps of at most 500 rows and 5 ms, with a turn of the event loop between them: planning and
 * inserting 50,000 rows at once held every planned row in memory and, on SQLite (synchronous
 * statements), the event loop for the whole insert (6.5 s measured). Other requests of this process that need the database wait for the
 * transaction (as for any), the others are answered meanwhile.
 */
export async function startBulkSend(ctx: Ctx, caller: ApiCaller, input: StartBulkSendInput): Promise<BulkSendView> {
  const platformId = caller.principal.platformId;
  const { template, distribute, csv } = input;
  const now = ctx.clock();
  const iso = now.toISOString();
  const id = newId('bulk');
  const run = {
    id,
    platformId,
    templateId: template.envelope.id,
    status: 'RUNNING' as const,
    distribute: distribute ? 1 : 0,
    totalRows: csv.length,
    // Who started it, for the audit entries of the documents it makes (no secret in it).
    caller: JSON.stringify(caller),
    createdAt: iso,
    updatedAt: iso,
    finishedAt: null,
  };
  const stored = (row: PlannedRow): BulkSendRowTable => {
    const problem = (distribute && row.distributed) || row.problem;
    return {
      bulkSendId: id,
      rowNumber: row.line,
      platformId,
      status: problem ? 'FAILED' : 'PENDING',
      input: problem ? null : row.input,
      error: problem ? JSON.stringify(problem) : null,
      envelopeId: null,
      updatedAt: iso,
    };
  };
  await ctx.db.transaction().execute(async (trx) => {
    await insertBulkSendRun(trx, run);
    for (let next = 0; next < csv.length;) {
      const started = performance.now();
      const step: BulkSendRowTable[] = [];
      while (next < csv.length && step.length < CHUNK && performance.now() - started < SLICE_MS)
        step.push(stored(csv.planRow(next++)));
      await insertBulkSendRows(trx, step);
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    await enqueueJob(trx, { kind: BULK_SEND_JOB, payload: { bulkSendId: id }, dedupeKey: `bulk-send:${id}` }, now);
  });
  return presentBulkSend(ctx.db, run);
}
