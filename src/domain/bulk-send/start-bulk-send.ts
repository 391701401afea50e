import { insertBulkSend } from '../../db/repositories/bulk-send.repo.js';
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
  /** The rows as `readBulkCsv` checked them, every one before anything is stored. */
  rows: PlannedRow[];
  distribute: boolean;
}

/**
 * Starts a bulk send from its checked rows (a row with a problem is recorded FAILED with its line
 * and column): stores the run, its rows and the job that works through them, in one transaction,
 * and answers at once.
 */
export async function startBulkSend(ctx: Ctx, caller: ApiCaller, input: StartBulkSendInput): Promise<BulkSendView> {
  const platformId = caller.principal.platformId;
  const { template, distribute } = input;
  const planned = input.rows.map((row) => {
    const problem = (distribute && row.distributed) || row.problem;
    return { line: row.line, input: problem ? null : row.input, problem };
  });
  const now = ctx.clock();
  const iso = now.toISOString();
  const id = newId('bulk');
  const run = {
    id,
    platformId,
    templateId: template.envelope.id,
    status: 'RUNNING' as const,
    distribute: distribute ? 1 : 0,
    totalRows: planned.length,
    // Who started it, for the audit entries of the documents it makes (no secret in it).
    caller: JSON.stringify(caller),
    createdAt: iso,
    updatedAt: iso,
    finishedAt: null,
  };
  const rows: BulkSendRowTable[] = planned.map((row) => ({
    bulkSendId: id,
    rowNumber: row.line,
    platformId,
    status: row.problem ? 'FAILED' : 'PENDING',
    input: row.input,
    error: row.problem ? JSON.stringify(row.problem) : null,
    envelopeId: null,
    updatedAt: iso,
  }));
  await ctx.db.transaction().execute(async (trx) => {
    await insertBulkSend(trx, run, rows);
    await enqueueJob(trx, { kind: BULK_SEND_JOB, payload: { bulkSendId: id }, dedupeKey: `bulk-send:${id}` }, now);
  });
  return presentBulkSend(ctx.db, run);
}
