import { insertBulkSend } from '../../db/repositories/bulk-send.repo.js';
import { findEnvelope } from '../../db/repositories/envelope.repo.js';
import type { BulkSendRowTable } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import type { ApiCaller } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { getEnvelopeGraph } from '../envelopes/get-envelope.js';
import { newId } from '../ids.js';
import { BULK_SEND_JOB } from '../jobs/job-catalogue.js';
import { enqueueJob } from '../jobs/enqueue-job.js';
import { presentBulkSend, type BulkSendView } from './bulk-send-view.js';
import { CsvSyntaxError, parseCsv } from './parse-csv.js';
import { planBulkRows } from './plan-bulk-rows.js';

/**
 * Whether the platform has this template: checked before the CSV is read, so another platform's
 * (or an unknown) id is 404 whatever the body, and no upload is read for it.
 * @throws NOT_FOUND
 */
export async function assertBulkSendTemplate(ctx: Ctx, platformId: number, templateId: number): Promise<void> {
  const envelope = await findEnvelope(ctx.db, platformId, { documentId: templateId });
  if (!envelope || envelope.type !== 'TEMPLATE') throw notFound('Template');
}

export interface StartBulkSendInput {
  templateId: number;
  csv: string;
  distribute: boolean;
}

/**
 * Starts a bulk send: reads and checks every row first (a header Firma cannot read refuses the
 * whole file; a row with a problem is recorded FAILED with its line and column), then stores the
 * run, its rows and the job that works through them, in one transaction, and answers at once.
 * @throws NOT_FOUND (no such template of this platform), BULK_SEND_CSV_INVALID
 */
export async function startBulkSend(ctx: Ctx, caller: ApiCaller, input: StartBulkSendInput): Promise<BulkSendView> {
  const platformId = caller.principal.platformId;
  const template = await getEnvelopeGraph(ctx.db, platformId, { documentId: input.templateId }).catch(
    (error: unknown) => {
      throw error instanceof AppError && error.code === 'NOT_FOUND' ? notFound('Template') : error;
    },
  );
  if (template.envelope.type !== 'TEMPLATE') throw notFound('Template');
  let planned;
  try {
    planned = planBulkRows(parseCsv(input.csv), template, input.distribute);
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      throw new AppError('BULK_SEND_CSV_INVALID', 'The CSV cannot be read', {
        issues: [{ path: ['csv'], message: error.message }],
      });
    throw error;
  }
  const now = ctx.clock();
  const iso = now.toISOString();
  const id = newId('bulk');
  const run = {
    id,
    platformId,
    templateId: template.envelope.id,
    status: 'RUNNING' as const,
    distribute: input.distribute ? 1 : 0,
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
    input: row.input ? JSON.stringify(row.input) : null,
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
